import { describe, expect, it } from 'vitest';
import { Enforcer, type PolicyCredentials, type PolicyRuleDefaults } from './Enforcer';

const creds = (extra: Partial<PolicyCredentials> = {}): PolicyCredentials => ({
  user_id: 'u1',
  project_id: 'p1',
  roles: ['member', 'reader'],
  ...extra,
});

/** An enforcer whose rule `x` is `text`, plus any named helper rules. */
function one(text: string, helpers: Record<string, string> = {}): Enforcer {
  const rules: Record<string, { check_str: string }> = { x: { check_str: text } };
  for (const [name, check] of Object.entries(helpers)) rules[name] = { check_str: check };
  return new Enforcer({ rules });
}

const allowed = (
  text: string,
  target: Record<string, unknown> = {},
  c: PolicyCredentials = creds(),
): boolean => one(text).enforce('x', target, c);

describe('Enforcer: checks', () => {
  it('matches roles case-insensitively', () => {
    expect(allowed('role:MEMBER')).toBe(true);
    expect(allowed('role:admin')).toBe(false);
    expect(allowed('role:admin', {}, creds({ roles: ['Admin'] }))).toBe(true);
  });

  it('substitutes the role name from the target', () => {
    expect(allowed('role:%(required)s', { required: 'Reader' })).toBe(true);
    expect(allowed('role:%(required)s', { required: 'admin' })).toBe(false);
    expect(allowed('role:%(required)s', {})).toBe(false);
  });

  it('is false when a substitution key is missing from the target', () => {
    expect(allowed('project_id:%(project_id)s', {})).toBe(false);
    expect(allowed('not project_id:%(project_id)s', {})).toBe(true);
  });

  it('compares a generic check as strings: str(True) is "True"', () => {
    expect(allowed('is_admin:True', {}, creds({ is_admin: true }))).toBe(true);
    expect(allowed('is_admin:True', {}, creds({ is_admin: false }))).toBe(false);
    expect(allowed('is_admin:true', {}, creds({ is_admin: true }))).toBe(false);
    expect(allowed('is_admin:1', {}, creds({ is_admin: true }))).toBe(false);
    expect(allowed('is_admin:True', {}, creds({ is_admin: 'True' } as never))).toBe(true);
    expect(allowed('is_admin:True', {}, creds())).toBe(false);
  });

  it('compares a null target value as "None"', () => {
    expect(allowed('project_id:%(project_id)s', { project_id: null })).toBe(false);
    // A project-less token meets a project-less target: oslo allows.
    expect(
      allowed('project_id:%(project_id)s', { project_id: null }, creds({ project_id: null })),
    ).toBe(true);
    expect(allowed('None:%(domain_id)s', { domain_id: null })).toBe(true);
  });

  it('compares owners from the target', () => {
    expect(allowed('project_id:%(project_id)s', { project_id: 'p1' })).toBe(true);
    expect(allowed('project_id:%(project_id)s', { project_id: 'p2' })).toBe(false);
    expect(allowed('user_id:%(user_id)s', { user_id: 'u1' })).toBe(true);
  });

  it('compares a literal kind with the substituted match', () => {
    expect(allowed("'public':%(visibility)s", { visibility: 'public' })).toBe(true);
    expect(allowed("'public':%(visibility)s", { visibility: 'private' })).toBe(false);
    expect(allowed('True:%(enabled)s', { enabled: true })).toBe(true);
    expect(allowed('True:%(enabled)s', { enabled: 'true' })).toBe(false);
  });

  it('reads dotted paths into nested targets and credentials', () => {
    const target = { target: { project: { id: 'p1', domain_id: 'd1' } } };
    expect(allowed('project_id:%(target.project.id)s', target)).toBe(true);
    expect(allowed('project_id:%(target.project.id)s', { 'target.project.id': 'p1' })).toBe(true);
    expect(allowed('project_id:%(target.project.missing)s', target)).toBe(false);
    expect(allowed('token.domain.id:d1', {}, creds({ token: { domain: { id: 'd1' } } }))).toBe(
      true,
    );
  });

  it('looks for the match inside list credentials', () => {
    expect(allowed('roles:reader')).toBe(true);
    expect(allowed('groups.id:g2', {}, creds({ groups: [{ id: 'g1' }, { id: 'g2' }] }))).toBe(true);
  });

  it('sees system_scope as creds.system too', () => {
    expect(allowed('system_scope:all', {}, creds({ system_scope: 'all' }))).toBe(true);
    expect(allowed('system:all', {}, creds({ system_scope: 'all' }))).toBe(true);
  });

  it('never allows http checks and says why', () => {
    const e = one('http://pdp.example/check');
    expect(e.check('x', {}, creds())).toEqual({
      allowed: false,
      error: 'http: checks are not supported',
    });
    expect(allowed('http://pdp.example/check or role:member')).toBe(true);
  });

  it('treats a word without a colon as a false check', () => {
    expect(one('foo').check('x', {}, creds()).error).toMatch(/"foo" is not a check/);
    expect(allowed('foo or @')).toBe(true);
  });
});

describe('Enforcer: operators', () => {
  it('evaluates and / or / not with oslo precedence', () => {
    expect(allowed('role:admin or role:member and role:reader')).toBe(true);
    expect(allowed('role:admin and role:member or role:reader')).toBe(true);
    expect(allowed('(role:admin or role:member) and role:nobody')).toBe(false);
    expect(allowed('not role:admin and role:member')).toBe(true);
    expect(allowed('not (role:admin or role:member)')).toBe(false);
    expect(allowed('role:admin OR NOT role:nobody')).toBe(true);
  });

  it('handles nested parentheses', () => {
    expect(allowed('((role:x or (role:member and (role:y or role:reader))))')).toBe(true);
  });

  it('allows empty rules and the legacy empty list', () => {
    expect(allowed('')).toBe(true);
    expect(new Enforcer({ rules: {}, overrides: { x: [] } }).enforce('x', {}, creds())).toBe(true);
  });

  it('accepts legacy list syntax in overrides', () => {
    const e = new Enforcer({ rules: {}, overrides: { x: [['role:admin'], ['role:member']] } });
    expect(e.enforce('x', {}, creds())).toBe(true);
    expect(e.enforce('x', {}, creds({ roles: ['reader'] }))).toBe(false);
  });
});

describe('Enforcer: rule references', () => {
  it('follows rule: references through several levels', () => {
    const e = one('rule:a', { a: 'rule:b or role:admin', b: 'rule:c', c: 'role:member' });
    expect(e.enforce('x', {}, creds())).toBe(true);
    expect(e.enforce('x', {}, creds({ roles: ['reader'] }))).toBe(false);
  });

  it('denies a reference to an unknown rule', () => {
    const e = one('rule:nope');
    expect(e.check('x', {}, creds())).toEqual({
      allowed: false,
      error: 'rule "nope" is not defined',
    });
    expect(one('not rule:nope').enforce('x', {}, creds())).toBe(true);
  });

  it('denies a cycle instead of recursing forever', () => {
    const e = one('rule:a', { a: 'rule:b', b: 'rule:a' });
    const result = e.check('x', {}, creds());
    expect(result.allowed).toBe(false);
    expect(result.error).toBe('rule cycle: x -> a -> b -> a');
    expect(one('rule:x').check('x', {}, creds()).error).toBe('rule cycle: x -> x');
  });

  it('lets a cycle on a branch that is never reached pass, as oslo does', () => {
    const e = one('@ or rule:x');
    expect(e.enforce('x', {}, creds())).toBe(true);
  });

  it('allows the same rule twice in one expression', () => {
    expect(one('rule:a and rule:a', { a: 'role:member' }).enforce('x', {}, creds())).toBe(true);
  });
});

describe('Enforcer: unknown names and the default rule', () => {
  it('denies an unknown rule when there is no default rule', () => {
    const e = new Enforcer({ rules: { a: { check_str: '@' } } });
    expect(e.enforce('nope', {}, creds())).toBe(false);
    expect(e.check('nope', {}, creds())).toEqual({
      allowed: false,
      error: 'rule "nope" is not defined',
    });
  });

  it('uses the service default rule for unknown names, also behind rule:', () => {
    const rules = { default: { check_str: 'role:member' }, a: { check_str: 'rule:missing' } };
    const e = new Enforcer({ rules });
    expect(e.enforce('nope', {}, creds())).toBe(true);
    expect(e.enforce('a', {}, creds())).toBe(true);
    expect(e.check('nope', {}, creds({ roles: [] }))).toEqual({
      allowed: false,
      error: 'rule "nope" is not defined; the default rule denied it',
    });
    expect(new Enforcer({ rules, defaultRule: null }).enforce('nope', {}, creds())).toBe(false);
  });

  it('denies everything when no rule is loaded', () => {
    expect(new Enforcer({ rules: {} }).check('x', {}, creds())).toEqual({
      allowed: false,
      error: 'no policy rules are loaded',
    });
  });

  it('reports defined names', () => {
    const e = new Enforcer({ rules: { a: { check_str: '@' } }, overrides: { b: '!' } });
    expect(e.has('a')).toBe(true);
    expect(e.has('zzz')).toBe(false);
    expect(e.ruleNames().sort()).toEqual(['a', 'b']);
  });
});

describe('Enforcer: parse errors', () => {
  it('denies a rule that does not parse and returns the diagnostic', () => {
    const e = one('role:member and');
    expect(e.check('x', {}, creds())).toEqual({
      allowed: false,
      error: 'Could not parse rule "role:member and": unexpected "and"',
    });
  });

  it('treats an unparsable referenced rule as false', () => {
    expect(one('rule:bad or role:member', { bad: '(((' }).enforce('x', {}, creds())).toBe(true);
    expect(one('rule:bad', { bad: '(((' }).enforce('x', {}, creds())).toBe(false);
  });

  it('denies when Python would raise, e.g. a kind that is not Python', () => {
    const result = one('not @x:1').check('x', {}, creds());
    expect(result.allowed).toBe(false);
    expect(result.error).toMatch(/neither a Python literal nor a name/);
    expect(allowed('not user_id.x:1')).toBe(false);
  });
});

describe('Enforcer: deprecated rules', () => {
  const rules: PolicyRuleDefaults = {
    renamed: {
      check_str: 'role:admin',
      deprecated_rule: { name: 'renamed_old', check_str: 'role:member' },
    },
    same: { check_str: 'role:admin', deprecated_rule: { name: 'same', check_str: 'role:member' } },
    uses: { check_str: 'rule:renamed' },
  };
  const member = creds({ roles: ['member'] });

  it('ORs in the deprecated rule when new defaults are not enforced', () => {
    const e = new Enforcer({ rules, enforceNewDefaults: false });
    expect(e.enforce('renamed', {}, member)).toBe(true);
    expect(e.enforce('same', {}, member)).toBe(true);
    expect(e.enforce('uses', {}, member)).toBe(true);
    expect(e.enforce('renamed', {}, creds({ roles: ['admin'] }))).toBe(true);
  });

  it('enforces only the new default when asked, which is the default', () => {
    for (const e of [new Enforcer({ rules, enforceNewDefaults: true }), new Enforcer({ rules })]) {
      expect(e.enforce('renamed', {}, member)).toBe(false);
      expect(e.enforce('uses', {}, member)).toBe(false);
      expect(e.enforce('renamed', {}, creds({ roles: ['admin'] }))).toBe(true);
    }
  });

  it('does not register the deprecated name as a rule', () => {
    expect(new Enforcer({ rules, enforceNewDefaults: false }).has('renamed_old')).toBe(false);
  });

  it('lets an override replace the default entirely, deprecated rule included', () => {
    const e = new Enforcer({ rules, enforceNewDefaults: false, overrides: { renamed: 'role:x' } });
    expect(e.enforce('renamed', {}, member)).toBe(false);
    expect(e.enforce('renamed', {}, creds({ roles: ['x'] }))).toBe(true);
  });

  it('keeps an operator override of the old name for the new name', () => {
    const overrides = { renamed_old: 'role:ops' };
    for (const enforceNewDefaults of [true, false]) {
      const e = new Enforcer({ rules, enforceNewDefaults, overrides });
      expect(e.enforce('renamed', {}, creds({ roles: ['ops'] }))).toBe(true);
      expect(e.enforce('renamed', {}, creds({ roles: ['admin'] }))).toBe(false);
    }
  });

  it('ignores an old-name override that only points at the new rule', () => {
    const e = new Enforcer({
      rules,
      enforceNewDefaults: false,
      overrides: { renamed_old: 'rule:renamed' },
    });
    expect(e.enforce('renamed', {}, member)).toBe(true);
    expect(e.enforce('renamed', {}, creds({ roles: [] }))).toBe(false);
  });

  it('does not OR when the deprecated check string is the same', () => {
    const e = new Enforcer({
      rules: { r: { check_str: 'role:a', deprecated_rule: { name: 'o', check_str: 'role:a' } } },
      enforceNewDefaults: false,
    });
    expect(e.enforce('r', {}, creds({ roles: ['a'] }))).toBe(true);
    expect(e.enforce('r', {}, member)).toBe(false);
  });
});

describe('Enforcer: scope', () => {
  const rules = { sys: { check_str: '@', scope_types: ['system'] }, any: { check_str: '@' } };

  it('ignores scope_types unless enforceScope is set', () => {
    expect(new Enforcer({ rules }).enforce('sys', {}, creds())).toBe(true);
  });

  it('denies a token of the wrong scope when enforceScope is set', () => {
    const e = new Enforcer({ rules, enforceScope: true });
    expect(e.check('sys', {}, creds())).toEqual({
      allowed: false,
      error: 'sys requires a scope of [system], request was made with project scope',
    });
    expect(e.enforce('sys', {}, creds({ system_scope: 'all', project_id: null }))).toBe(true);
    expect(e.enforce('any', {}, creds())).toBe(true);
  });

  it('keeps the registered scope when the rule is overridden', () => {
    const e = new Enforcer({ rules, enforceScope: true, overrides: { sys: '@' } });
    expect(e.enforce('sys', {}, creds())).toBe(false);
  });
});

describe('Enforcer: credential defaults and extension checks', () => {
  const rules = {
    context_is_admin: { check_str: 'role:admin' },
    admin: { check_str: 'is_admin:True' },
    owner: { check_str: 'tenant_id:%(tenant_id)s' },
    heat_admin: { check_str: 'role:admin and is_admin_project:True' },
  };

  it('derives is_admin from context_is_admin as the services do', () => {
    const e = new Enforcer({ rules, credentialDefaults: { isAdminRule: 'context_is_admin' } });
    expect(e.enforce('admin', {}, creds({ roles: ['admin'] }))).toBe(true);
    expect(e.enforce('admin', {}, creds())).toBe(false);
    expect(e.enforce('admin', {}, creds({ roles: ['admin'], is_admin: false }))).toBe(false);
    expect(new Enforcer({ rules }).enforce('admin', {}, creds({ roles: ['admin'] }))).toBe(false);
  });

  it('fills tenant_id and is_admin_project', () => {
    const e = new Enforcer({
      rules,
      credentialDefaults: { tenantIdFromProjectId: true, isAdminProject: true },
    });
    expect(e.enforce('owner', { tenant_id: 'p1' }, creds())).toBe(true);
    expect(e.enforce('heat_admin', {}, creds({ roles: ['admin'] }))).toBe(true);
    expect(e.enforce('heat_admin', {}, creds({ roles: ['admin'], is_admin_project: false }))).toBe(
      false,
    );
  });

  it('runs a registered check kind instead of the generic check', () => {
    const seen: string[] = [];
    const e = new Enforcer({
      rules: { x: { check_str: 'color:blue' } },
      checks: {
        color: (match, target) => {
          seen.push(match);
          return target['color'] === match;
        },
      },
    });
    expect(e.enforce('x', { color: 'blue' }, creds())).toBe(true);
    expect(e.enforce('x', { color: 'red' }, creds())).toBe(false);
    expect(seen).toEqual(['blue', 'blue']);
  });
});

describe('Enforcer: cost', () => {
  it('evaluates thousands of checks without reparsing', () => {
    const e = new Enforcer({
      rules: {
        base: { check_str: 'role:member and project_id:%(project_id)s' },
        x: { check_str: 'rule:base or role:admin', deprecated_rule: { name: 'y', check_str: '!' } },
      },
      enforceNewDefaults: false,
    });
    const c = creds();
    const start = performance.now();
    let n = 0;
    for (let i = 0; i < 20_000; i += 1) if (e.enforce('x', { project_id: 'p1' }, c)) n += 1;
    expect(n).toBe(20_000);
    // A page needs ~50 checks; this is a very loose guard against pathological slowness.
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});

describe('Enforcer: one caller, many rows', () => {
  it('answers each row of a target-reading rule by its own target with one credentials object', () => {
    const e = one('project_id:%(project_id)s or rule:adm', { adm: 'role:admin' });
    const c = creds();
    expect(e.enforce('x', { project_id: 'p1' }, c)).toBe(true);
    expect(e.enforce('x', { project_id: 'p2' }, c)).toBe(false);
    expect(e.enforce('x', { project_id: 'p1' }, c)).toBe(true);
  });

  it('evaluates a rule that reads no target once per credentials object', () => {
    const e = new Enforcer({
      rules: {
        x: { check_str: 'rule:adm' },
        adm: { check_str: 'role:admin' },
        own: { check_str: 'role:admin or project_id:%(project_id)s' },
        counted: { check_str: 'role:admin and tagged:1' },
      },
      checks: { tagged: () => true },
    });
    // Counts how often evaluation reads the roles.
    const counting = (roles: string[]): { creds: PolicyCredentials; reads: () => number } => {
      let reads = 0;
      const c = { user_id: 'u1', project_id: 'p1' } as Record<string, unknown>;
      Object.defineProperty(c, 'roles', {
        enumerable: true,
        get: () => {
          reads += 1;
          return roles;
        },
      });
      return { creds: c as unknown as PolicyCredentials, reads: () => reads };
    };
    const member = counting(['member']);
    const admin = counting(['admin']);
    for (let i = 0; i < 5; i += 1) {
      expect(e.enforce('x', { row: i }, member.creds)).toBe(false);
      expect(e.enforce('x', { row: i }, admin.creds)).toBe(true);
    }
    expect(member.reads()).toBe(1);
    expect(admin.reads()).toBe(1);
    // A substitution or a registered check (neutron's field:) reads the target: every row.
    for (let i = 0; i < 5; i += 1) {
      e.enforce('own', { project_id: 'p1' }, member.creds);
      e.enforce('counted', { row: i }, admin.creds);
    }
    expect(member.reads()).toBe(6);
    expect(admin.reads()).toBe(6);
  });

  it('sees a target read behind rule references and in a role template', () => {
    const e = one('rule:a', { a: 'rule:b', b: 'role:%(role)s' });
    const c = creds();
    expect(e.enforce('x', { role: 'member' }, c)).toBe(true);
    expect(e.enforce('x', { role: 'admin' }, c)).toBe(false);
  });

  it('completes credentials per object: a new object with other roles is judged anew', () => {
    const e = new Enforcer({
      rules: {
        x: { check_str: 'is_admin:True' },
        context_is_admin: { check_str: 'role:admin' },
      },
      credentialDefaults: { isAdminRule: 'context_is_admin' },
    });
    expect(e.enforce('x', {}, creds())).toBe(false);
    expect(e.enforce('x', {}, creds({ roles: ['admin'] }))).toBe(true);
    expect(e.enforce('x', {}, creds())).toBe(false);
  });

  it('still says why through check() after enforce() cached the rule', () => {
    const e = one('rule:missing');
    const c = creds();
    expect(e.enforce('x', {}, c)).toBe(false);
    expect(e.check('x', {}, c)).toEqual({
      allowed: false,
      error: 'rule "missing" is not defined',
    });
  });
});
