import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { FlavorCreateBody, PolicyBody, ServerGroupCreateBody } from '@skydeck/contract';
import { createAjv, formatValidationErrors } from './validation';

const messageFor = (schema: object, value: unknown, context = 'body'): string => {
  const validate = createAjv(context !== 'body').compile(schema);
  expect(validate(value)).toBe(false);
  return formatValidationErrors(validate.errors, context);
};

describe('formatValidationErrors', () => {
  const flavor = {
    name: 'm1',
    vcpus: 1,
    ram: 512,
    disk: 1,
    ephemeral: 0,
    swap: 0,
    is_public: true,
  };

  it('names the missing or empty field', () => {
    const { name: _name, ...noName } = flavor;
    expect(messageFor(FlavorCreateBody, noName)).toBe('name is required');
    expect(messageFor(FlavorCreateBody, { ...flavor, name: '' })).toBe('name is required');
  });

  it('explains limits and types in words', () => {
    expect(messageFor(FlavorCreateBody, { ...flavor, vcpus: 0 })).toBe('vcpus must be at least 1');
    expect(messageFor(FlavorCreateBody, { ...flavor, ram: '512' })).toBe('ram must be an integer');
    expect(messageFor(FlavorCreateBody, { ...flavor, is_public: 'yes' })).toBe(
      'is_public must be true or false',
    );
    expect(messageFor(FlavorCreateBody, { ...flavor, name: 'x'.repeat(256) })).toBe(
      'name must be at most 255 characters long',
    );
    expect(messageFor(FlavorCreateBody, { ...flavor, rxtx_factor: 0 })).toBe(
      'rxtx_factor must be greater than 0',
    );
    expect(messageFor(FlavorCreateBody, { ...flavor, description: 'x'.repeat(65536) })).toBe(
      'description must be at most 65535 characters long',
    );
  });

  it('lists the choices of a union of literals', () => {
    expect(messageFor(ServerGroupCreateBody, { name: 'g', policy: 'spread' })).toBe(
      "policy must be one of: 'affinity', 'anti-affinity', 'soft-affinity', 'soft-anti-affinity'",
    );
  });

  it('points into nested lists', () => {
    expect(messageFor(PolicyBody, { rules: [['compute', '']] })).toBe('rules[0][1] is required');
    expect(messageFor(PolicyBody, { rules: 'x' })).toBe('rules must be a list');
  });

  it('names the part of the request for root errors', () => {
    expect(messageFor(PolicyBody, 'text')).toBe('Request body must be an object');
    expect(messageFor(Type.Object({ n: Type.Integer() }), { n: 'x' }, 'querystring')).toBe(
      'n must be an integer',
    );
  });
});
