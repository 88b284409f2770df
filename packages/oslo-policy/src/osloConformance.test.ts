// Differential tests: the expected answers were recorded from the real oslo.policy 4.0.0 (Zed)
// by scripts/generate_conformance.py. "E" means oslo raised (a 500/403 in a service): we deny.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Enforcer, type PolicyCredentials, type PolicyOverrides } from './Enforcer';
import type { RuleList } from './parseRule';
import { loadDefaultRules, SERVICES } from './defaultRules';

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8')) as T;
}

const allowedOf = (code: string): boolean => code === 'T';

interface GrammarCase {
  rule?: string | RuleList;
  enforce?: string;
  rules?: Record<string, string>;
  defaultRule?: string | null;
  target: Record<string, unknown>;
  creds: Record<string, unknown>;
  expect: 'T' | 'F' | 'E';
}

describe('rule language matches oslo.policy', () => {
  const { cases } = fixture<{ cases: GrammarCase[] }>('oslo-grammar.json');
  it.each(cases.map((c, i) => [i, JSON.stringify(c.rule ?? c.enforce), c] as const))(
    '#%i %s',
    (_i, _label, c) => {
      const rules: Record<string, { check_str: string }> = {};
      for (const [name, text] of Object.entries(c.rules ?? {})) rules[name] = { check_str: text };
      // The rule under test goes in as an override so that list syntax is accepted too.
      const enforcer = new Enforcer({
        rules,
        overrides: c.rule === undefined ? {} : { x: c.rule },
        defaultRule: c.defaultRule ?? null,
      });
      const creds = c.creds as unknown as PolicyCredentials;
      expect(enforcer.enforce(c.enforce ?? 'x', c.target, creds)).toBe(allowedOf(c.expect));
    },
  );
});

interface EnforcerFixture {
  defaults: Record<
    string,
    { check_str: string; deprecated_rule?: { name: string; check_str: string } }
  >;
  roleSets: string[][];
  cases: {
    overrides: PolicyOverrides;
    enforceNewDefaults: boolean;
    rule: string;
    expect: string;
  }[];
}

describe('deprecated rules and overrides match oslo.policy', () => {
  const fx = fixture<EnforcerFixture>('oslo-enforcer.json');
  it.each(
    fx.cases.map((c) => [JSON.stringify(c.overrides), c.enforceNewDefaults, c.rule, c] as const),
  )('overrides %s, enforceNewDefaults %s: %s', (_o, _n, _r, c) => {
    const enforcer = new Enforcer({
      rules: fx.defaults,
      overrides: c.overrides,
      enforceNewDefaults: c.enforceNewDefaults,
    });
    const got = fx.roleSets
      .map((roles) =>
        enforcer.enforce(c.rule, {}, { user_id: 'u', project_id: 'p', roles }) ? 'T' : 'F',
      )
      .join('');
    expect(got).toBe(c.expect.replace(/E/g, 'F'));
  });
});

interface DefaultsFixture {
  personas: Record<string, PolicyCredentials>;
  services: Record<
    string,
    {
      source: string;
      rules: string[];
      targets: Record<string, Record<string, unknown>>;
      results: Record<string, Record<string, Record<string, string>>>;
    }
  >;
}

describe('shipped defaults evaluate as oslo.policy evaluates them', () => {
  const fx = fixture<DefaultsFixture>('oslo-defaults.json');
  const modes: Record<string, { enforceNewDefaults: boolean; enforceScope: boolean }> = {
    legacy: { enforceNewDefaults: false, enforceScope: false },
    new: { enforceNewDefaults: true, enforceScope: false },
    new_scope: { enforceNewDefaults: true, enforceScope: true },
  };
  for (const service of SERVICES) {
    const data = fx.services[service];
    it(`${service}: fixture covers every shipped rule`, () => {
      expect(data?.rules).toEqual(Object.keys(loadDefaultRules(service)));
    });
    if (!data) continue;
    for (const [mode, opts] of Object.entries(modes)) {
      it(`${service} (${data.source}), ${mode}`, () => {
        const enforcer = new Enforcer({ rules: loadDefaultRules(service), ...opts });
        const mismatches: string[] = [];
        for (const [persona, creds] of Object.entries(fx.personas)) {
          for (const [targetName, target] of Object.entries(data.targets)) {
            const expected = data.results[mode]?.[persona]?.[targetName] ?? '';
            data.rules.forEach((rule, i) => {
              const want = allowedOf(expected[i] ?? '?');
              if (enforcer.enforce(rule, target, creds) !== want) {
                mismatches.push(`${rule} ${persona}/${targetName}: expected ${want}`);
              }
            });
          }
        }
        expect(mismatches).toEqual([]);
      });
    }
  }
});
