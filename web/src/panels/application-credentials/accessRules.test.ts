import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { accessRulesError } from './accessRules';

// The message with its values filled in, as i18next would in English.
const t = ((key: string, values?: Record<string, unknown>) =>
  key.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values?.[name]))) as TFunction;

describe('accessRulesError', () => {
  it('accepts a JSON list of rules, nothing, or YAML (the server checks that)', () => {
    expect(
      accessRulesError('[{"service":"compute","method":"get","path":"/v2.1/servers"}]', t),
    ).toBeUndefined();
    expect(accessRulesError('', t)).toBeUndefined();
    expect(accessRulesError('- service: compute', t)).toBeUndefined();
  });

  it('names what is wrong with a JSON list', () => {
    expect(accessRulesError('[', t)).toBe('Access rules: not valid JSON.');
    expect(accessRulesError('{"service":"compute"}', t)).toBe(
      'Access rules: expected a list of rules.',
    );
    expect(accessRulesError('[1]', t)).toBe(
      'Access rules: rule 1 must be a mapping of service, method and path.',
    );
    expect(accessRulesError('[{"service":"compute","method":"GET"}]', t)).toBe(
      'Access rules: rule 1 needs a path.',
    );
    expect(accessRulesError('[{"service":"c","method":"FETCH","path":"/"}]', t)).toBe(
      'Access rules: rule 1 has an unknown method "FETCH".',
    );
    expect(accessRulesError('[{"service":"c","method":"GET","path":"x"}]', t)).toBe(
      'Access rules: rule 1: the path must start with "/".',
    );
    expect(accessRulesError('[{"service":"c","method":"GET","path":"/","x":1}]', t)).toBe(
      'Access rules: rule 1 has an unknown key "x".',
    );
  });
});
