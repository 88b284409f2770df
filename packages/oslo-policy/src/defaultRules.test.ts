import { describe, expect, it } from 'vitest';
import { createEnforcers, loadDefaultRules, SERVICES, type Service } from './defaultRules';
import type { PolicyCredentials } from './Enforcer';
import { parseRule, type RuleNode } from './parseRule';

function references(node: RuleNode, out: Set<string>): Set<string> {
  if (node.type === 'rule') out.add(node.name);
  if (node.type === 'and' || node.type === 'or') node.rules.forEach((r) => references(r, out));
  if (node.type === 'not') references(node.rule, out);
  return out;
}

describe('loadDefaultRules', () => {
  it('reads and caches each service', () => {
    for (const service of SERVICES) {
      const rules = loadDefaultRules(service);
      expect(Object.keys(rules).length).toBeGreaterThan(50);
      expect(loadDefaultRules(service)).toBe(rules);
      expect(Object.isFrozen(rules)).toBe(true);
    }
  });

  it('rejects an unknown service', () => {
    expect(() => loadDefaultRules('dns' as Service)).toThrow(/Unknown policy service/);
  });

  it.each(SERVICES)('%s: every check string parses and every rule: reference exists', (s) => {
    const rules = loadDefaultRules(s);
    for (const [name, rule] of Object.entries(rules)) {
      for (const text of [rule.check_str, rule.deprecated_rule?.check_str]) {
        if (text === undefined) continue;
        const refs = references(parseRule(text), new Set());
        for (const ref of refs) expect(rules[ref], `${name} -> rule:${ref}`).toBeDefined();
      }
    }
  });

  it('ships the rules the dashboard asks about', () => {
    const expected: Record<Service, string[]> = {
      compute: [
        'context_is_admin',
        'admin_api',
        'project_member_api',
        'project_reader_api',
        'os_compute_api:os-keypairs:create',
        'os_compute_api:os-keypairs:delete',
        'os_compute_api:os-keypairs:index',
        'os_compute_api:os-server-groups:create',
        'os_compute_api:os-server-groups:delete',
        'os_compute_api:os-flavor-manage:create',
        'os_compute_api:os-flavor-manage:delete',
        'os_compute_api:os-flavor-access:add_tenant_access',
        'os_compute_api:os-flavor-extra-specs:create',
        'os_compute_api:servers:create',
        'os_compute_api:servers:delete',
        'os_compute_api:servers:start',
        'os_compute_api:servers:stop',
        'os_compute_api:os-quota-sets:show',
        'os_compute_api:os-hypervisors:list',
        'os_compute_api:os-services:list',
        'os_compute_api:os-aggregates:index',
        'os_compute_api:limits',
      ],
      image: [
        'add_image',
        'delete_image',
        'modify_image',
        'publicize_image',
        'communitize_image',
        'get_image',
        'get_images',
        'modify_metadef_object',
        'get_metadef_namespace',
      ],
      identity: [
        'admin_required',
        'identity:get_project',
        'identity:list_projects',
        'identity:list_user_projects',
        'identity:create_user',
        'identity:update_user',
        'identity:delete_user',
        'identity:create_group',
        'identity:create_role',
        'identity:create_domain',
        'identity:create_project',
        'identity:create_grant',
        'identity:list_role_assignments',
        'identity:create_application_credential',
      ],
      volume: ['volume:create', 'volume:delete', 'volume_extension:quotas:show'],
      network: [
        'create_network',
        'get_network',
        'delete_policy',
        'create_trunk',
        'delete_trunk',
        'add_subports',
        'remove_subports',
        'create_router',
        'create_floatingip',
      ],
      orchestration: ['stacks:create', 'stacks:delete', 'stacks:index', 'stacks:show'],
    };
    for (const [service, names] of Object.entries(expected) as [Service, string[]][]) {
      const rules = loadDefaultRules(service);
      for (const name of names) expect(rules[name], `${service} ${name}`).toBeDefined();
    }
  });

  it('keeps Zed deprecations, e.g. nova base rules OR admin_or_owner', () => {
    expect(loadDefaultRules('compute')['project_member_api']).toEqual({
      check_str: 'role:member and project_id:%(project_id)s',
      deprecated_rule: {
        name: 'rule:admin_or_owner',
        check_str: 'is_admin:True or project_id:%(project_id)s',
      },
    });
  });
});

// The seeded demo cloud: roles admin ⊃ member ⊃ reader, listed as Keystone lists implied roles.
const admin: PolicyCredentials = {
  user_id: 'u-admin',
  project_id: 'p-admin',
  roles: ['admin', 'member', 'reader'],
  user_domain_id: 'default',
  project_domain_id: 'default',
};
const member: PolicyCredentials = {
  user_id: 'u-demo',
  project_id: 'p-demo',
  roles: ['member', 'reader'],
  user_domain_id: 'default',
  project_domain_id: 'default',
};
const reader: PolicyCredentials = { ...member, user_id: 'u-reader', roles: ['reader'] };

const own = { project_id: 'p-demo', tenant_id: 'p-demo', user_id: 'u-demo' };
const other = { project_id: 'p-other', tenant_id: 'p-other', user_id: 'u-other' };

type Row = [string, Service, string, PolicyCredentials, Record<string, unknown>, boolean, boolean];

// [what, service, rule, who, target, allowed with new defaults, allowed with legacy OR-ing]
// prettier-ignore
const table: Row[] = [
  ['admin creates a flavor', 'compute', 'os_compute_api:os-flavor-manage:create', admin, {}, true, true],
  ['member cannot create a flavor', 'compute', 'os_compute_api:os-flavor-manage:create', member, own, false, false],
  ['member creates own keypair', 'compute', 'os_compute_api:os-keypairs:create', member, { user_id: 'u-demo' }, true, true],
  ["member cannot create another's keypair", 'compute', 'os_compute_api:os-keypairs:create', member, { user_id: 'u-other' }, false, false],
  ["admin creates another's keypair", 'compute', 'os_compute_api:os-keypairs:create', admin, { user_id: 'u-demo' }, true, true],
  ['member creates a server group', 'compute', 'os_compute_api:os-server-groups:create', member, own, true, true],
  ['reader cannot create a server group (legacy admin_or_owner allows)', 'compute', 'os_compute_api:os-server-groups:create', reader, own, false, true],
  ['member creates a server', 'compute', 'os_compute_api:servers:create', member, own, true, true],
  ['member stops own server', 'compute', 'os_compute_api:servers:stop', member, own, true, true],
  ["member cannot stop another project's server", 'compute', 'os_compute_api:servers:stop', member, other, false, false],
  ['admin stops any server', 'compute', 'os_compute_api:servers:stop', admin, other, true, true],
  ['member cannot list hypervisors', 'compute', 'os_compute_api:os-hypervisors:list', member, {}, false, false],
  ['admin publicizes an image', 'image', 'publicize_image', admin, own, true, true],
  ['member cannot publicize an image', 'image', 'publicize_image', member, own, false, false],
  ['member shares to community', 'image', 'communitize_image', member, own, true, true],
  ['reader cannot delete an image', 'image', 'delete_image', reader, own, false, true],
  ['reader sees a public image', 'image', 'get_image', reader, { ...other, visibility: 'public' }, true, true],
  ['reader cannot see a private foreign image', 'image', 'get_image', reader, { ...other, visibility: 'private', member_id: 'p-x' }, false, true],
  ['member gets own project', 'identity', 'identity:get_project', member, { 'target.project.id': 'p-demo' }, true, true],
  ['member gets own project (nested target)', 'identity', 'identity:get_project', member, { target: { project: { id: 'p-demo', domain_id: 'default' } } }, true, true],
  ['member cannot get another project', 'identity', 'identity:get_project', member, { 'target.project.id': 'p-other', 'target.project.domain_id': 'default' }, false, false],
  ['admin creates a user', 'identity', 'identity:create_user', admin, { 'target.user.domain_id': 'default' }, true, true],
  ['member cannot create a user', 'identity', 'identity:create_user', member, { 'target.user.domain_id': 'default' }, false, false],
  ['member creates a volume', 'volume', 'volume:create', member, own, true, true],
  ['reader cannot create a volume', 'volume', 'volume:create', reader, own, false, true],
  ['member creates a network', 'network', 'create_network', member, own, true, true],
  ['member cannot create a shared network', 'network', 'create_network:shared', member, { ...own, shared: true }, false, false],
  ['member sees a shared foreign network', 'network', 'get_network', member, { ...other, shared: true }, true, true],
  ['member cannot see a private foreign network', 'network', 'get_network', member, { ...other, shared: false, 'router:external': false }, false, false],
  ['member deletes own trunk', 'network', 'delete_trunk', member, own, true, true],
  ['reader cannot create a trunk', 'network', 'create_trunk', reader, own, false, true],
  ['member cannot delete a QoS policy', 'network', 'delete_policy', member, own, false, false],
  ['admin deletes a QoS policy', 'network', 'delete_policy', admin, other, true, true],
  ['member creates a stack', 'orchestration', 'stacks:create', member, own, true, true],
  ['reader cannot create a stack', 'orchestration', 'stacks:create', reader, own, false, true],
  ['reader lists stacks', 'orchestration', 'stacks:index', reader, own, true, true],
];

describe('createEnforcers against the shipped defaults', () => {
  const modern = createEnforcers({ enforceNewDefaults: true });
  const legacy = createEnforcers({ enforceNewDefaults: false });

  it.each(table)('%s', (_what, service, rule, who, target, withNew, withLegacy) => {
    expect(modern[service].enforce(rule, target, who)).toBe(withNew);
    expect(legacy[service].enforce(rule, target, who)).toBe(withLegacy);
  });

  it('defaults to enforcing new defaults', () => {
    expect(
      createEnforcers().compute.enforce('os_compute_api:os-server-groups:create', own, reader),
    ).toBe(false);
  });

  it('applies operator overrides per service', () => {
    const e = createEnforcers({
      overrides: { compute: { 'os_compute_api:os-flavor-manage:create': 'role:member' } },
    });
    expect(e.compute.enforce('os_compute_api:os-flavor-manage:create', {}, member)).toBe(true);
    expect(e.image.enforce('publicize_image', own, member)).toBe(false);
  });

  it('falls back to a service default rule where upstream defines one', () => {
    // neutron: default = rule:admin_or_owner; glance: default = '' (allow); nova has none.
    expect(modern.network.enforce('no_such_rule', own, member)).toBe(true);
    expect(modern.network.enforce('no_such_rule', other, member)).toBe(false);
    expect(modern.image.enforce('no_such_rule', {}, reader)).toBe(true);
    expect(modern.compute.check('compute:create', own, member)).toEqual({
      allowed: false,
      error: 'rule "compute:create" is not defined',
    });
  });

  it('denies a system-scoped admin in Zed nova (project scope only) when scope is enforced', () => {
    const systemAdmin: PolicyCredentials = { ...admin, project_id: null, system_scope: 'all' };
    const rule = 'os_compute_api:os-flavor-manage:create';
    expect(createEnforcers({ enforceScope: true }).compute.check(rule, {}, systemAdmin)).toEqual({
      allowed: false,
      error: `${rule} requires a scope of [project], request was made with system scope`,
    });
    expect(createEnforcers().compute.enforce(rule, {}, systemAdmin)).toBe(true);
    expect(createEnforcers({ enforceScope: true }).compute.enforce(rule, {}, admin)).toBe(true);
  });
});
