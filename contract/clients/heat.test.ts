import { describe, expect, it } from 'vitest';
import type { HeatStack } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { session, uniqueName } from '../support/session';

// Every Heat call of the server's routes (server/src/routes/api/heat), through the server's own
// client on both targets: stacks by id (Heat's redirect followed), their parts, validation.

const cleanup = cleanupAfterAll();

const TEMPLATE = `heat_template_version: 2018-08-31
description: Contract client stack
parameters:
  size:
    type: number
    default: 4
    constraints:
      - range: { min: 1, max: 8 }
        description: Between one and eight
  secret:
    type: string
    hidden: true
    constraints:
      - length: { min: 6 }
  flavour:
    type: string
    default: small
    constraints:
      - allowed_values: [small, large]
  code:
    type: string
    default: abc
    constraints:
      - allowed_pattern: "[a-z]+"
resources:
  token:
    type: OS::Heat::RandomString
    properties:
      length: { get_param: size }
  marker:
    type: OS::Heat::None
    depends_on: token
outputs:
  token_value:
    value: { get_attr: [token, value] }
`;

async function settled(
  get: () => Promise<HeatStack>,
  until: (s: HeatStack) => boolean,
): Promise<HeatStack> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const stack = await get();
    if (until(stack) || Date.now() > deadline) return stack;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('heat client', () => {
  it('validates a template: each parameter with its type, default, hidden flag and constraints', async () => {
    const { client } = await session('demo');
    const v = await client.heat.validate({ template: TEMPLATE });
    expect(v.Description).toBe('Contract client stack');
    expect(Object.keys(v.Parameters ?? {})).toEqual(['size', 'secret', 'flavour', 'code']);
    expect(v.Parameters?.['size']).toMatchObject({
      Type: 'Number',
      Default: 4,
      MinValue: 1,
      MaxValue: 8,
      ConstraintDescription: 'Between one and eight',
      NoEcho: 'false',
    });
    expect(v.Parameters?.['secret']).toMatchObject({
      Type: 'String',
      NoEcho: 'true',
      MinLength: 6,
    });
    expect(v.Parameters?.['flavour']).toMatchObject({ AllowedValues: ['small', 'large'] });
    expect(v.Parameters?.['code']).toMatchObject({ AllowedPattern: '[a-z]+' });
  });

  it('refuses a template with an unknown resource type with 400', async () => {
    const { client } = await session('demo');
    await expectClientError(
      client.heat.validate({
        template: 'heat_template_version: 2018-08-31\nresources:\n  x:\n    type: OS::Nope\n',
      }),
      { status: 400, service: 'orchestration', message: 'OS::Nope' },
    );
  });

  it('creates a stack, reads it by id, its resources, events, template; updates and deletes it', async () => {
    const { client } = await session('demo');
    const name = uniqueName('contract-stack');
    const { id } = await client.heat.stacks.create({
      stack_name: name,
      template: TEMPLATE,
      parameters: { secret: 'abcdefgh' },
    });
    cleanup(async () => {
      await client.heat.stacks.delete(name, id).catch(() => undefined);
    });
    const stack = await settled(
      () => client.heat.stacks.get(id),
      (s) => !s.stack_status.endsWith('IN_PROGRESS'),
    );
    expect(stack).toMatchObject({ id, stack_name: name, stack_status: 'CREATE_COMPLETE' });
    expect(stack.parameters).toMatchObject({ size: '4', flavour: 'small' });
    expect(stack.outputs?.map((o) => o.output_key)).toEqual(['token_value']);

    const resources = await client.heat.stacks.resources(name, id);
    const byName = Object.fromEntries(resources.map((r) => [r.resource_name, r]));
    expect(byName['token']).toMatchObject({
      resource_type: 'OS::Heat::RandomString',
      resource_status: 'CREATE_COMPLETE',
      required_by: ['marker'],
    });
    expect(byName['marker']?.required_by).toEqual([]);

    const events = await client.heat.stacks.events(name, id, { sortDir: 'desc' });
    expect(events.some((e) => e.resource_status === 'CREATE_COMPLETE')).toBe(true);
    expect(events[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), event_time: expect.any(String) }),
    );
    const template = (await client.heat.stacks.template(name, id)) as Record<string, unknown>;
    expect(template['description']).toBe('Contract client stack');

    await client.heat.stacks.update(name, id, { parameters: { size: 6 } }, true);
    const updated = await settled(
      () => client.heat.stacks.get(id),
      (s) => s.stack_status === 'UPDATE_COMPLETE' || s.stack_status.endsWith('FAILED'),
    );
    expect(updated.stack_status).toBe('UPDATE_COMPLETE');
    expect(updated.parameters).toMatchObject({ size: '6' });

    await client.heat.stacks.action(name, id, 'check');
    const checked = await settled(
      () => client.heat.stacks.get(id),
      (s) => s.stack_status.startsWith('CHECK_') && !s.stack_status.endsWith('IN_PROGRESS'),
    );
    expect(checked.stack_status).toBe('CHECK_COMPLETE');

    await client.heat.stacks.delete(name, id);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const listed = (await client.heat.stacks.list()).find((s) => s.id === id);
      if (listed === undefined || Date.now() > deadline) {
        expect(listed).toBeUndefined();
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  it('answers an unknown stack with 404', async () => {
    const { client } = await session('demo');
    await expectClientError(client.heat.stacks.get(uniqueName('missing')), {
      status: 404,
      service: 'orchestration',
    });
  });

  it('lists resource types with their schema, template versions with their functions', async () => {
    const { client } = await session('demo');
    const types = await client.heat.resourceTypes();
    expect(types).toEqual(expect.arrayContaining(['OS::Nova::Server', 'OS::Heat::RandomString']));
    const schema = await client.heat.resourceTypeSchema('OS::Heat::RandomString');
    expect(schema['resource_type']).toBe('OS::Heat::RandomString');
    expect(Object.keys(schema['properties'] as object)).toContain('length');
    const versions = await client.heat.templateVersions();
    expect(versions).toContainEqual(
      expect.objectContaining({ version: 'heat_template_version.2018-08-31', type: 'hot' }),
    );
    const fns = await client.heat.templateFunctions('heat_template_version.2018-08-31');
    expect(fns.map((f) => f.functions)).toEqual(expect.arrayContaining(['get_param', 'get_attr']));
  });
});
