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

  it.each([
    ['[', 'Access rules: not valid JSON.'],
    ['{"service":"compute"}', 'Access rules: expected a list of rules.'],
    ['[1]', 'Access rules: rule 1 must be a mapping of service, method and path.'],
    ['[{"service":"compute","method":"GET"}]', 'Access rules: rule 1 needs a path.'],
    [
      '[{"service":"c","method":"FETCH","path":"/"}]',
      'Access rules: rule 1 has an unknown method "FETCH".',
    ],
    [
      '[{"service":"c","method":"GET","path":"x"}]',
      'Access rules: rule 1: the path must start with "/".',
    ],
    [
      '[{"service":"c","method":"GET","path":"/","x":1}]',
      'Access rules: rule 1 has an unknown key "x".',
    ],
  ])('names what is wrong with the JSON list %s', (text, message) => {
    expect(accessRulesError(text, t)).toBe(message);
  });
});
