import { beforeAll, describe, expect, it } from 'vitest';
import { authenticatePassword } from '@skydeck/openstack-client';
import { cleanupAfterAll } from './support/cleanup';
import { joinPath, raw } from './support/http';
import type { RawAnswer } from './support/http';
import { session, target, uniqueName } from './support/session';
import { PROJECT_SHAPE } from './support/shapes';
import { expectKeystoneFault, expectKeys, expectShape, field } from './support/shape';
import type { Shape } from './support/shape';

// Keystone's administration API as the dashboard's identity panels use it: domains, the project
// tree, users and passwords, groups and membership, roles and implied roles, grants and the
// role assignment listing, and the 403 bodies members and readers get. Everything is created
// under `contract-*` names by the admin and removed at the end.

const cleanup = cleanupAfterAll();

type Caller = 'admin' | 'demo' | 'reader' | 'system';

/** Zed's get_project has no admin override for project tokens: tree queries need a system token. */
let systemToken = '';

beforeAll(async () => {
  const { token } = await authenticatePassword({
    authUrl: target().authUrl,
    username: 'admin',
    password: 'admin',
    scope: { system: { all: true } },
  });
  systemToken = token;
});

async function tokenOf(caller: Caller | { token: string }): Promise<string> {
  if (typeof caller === 'object') return caller.token;
  if (caller === 'system') return systemToken;
  return (await session(caller)).token;
}

async function ks(
  caller: Caller | { token: string },
  method: string,
  path: string,
  json?: unknown,
): Promise<RawAnswer> {
  return raw(method, joinPath(target().authUrl, path), {
    token: await tokenOf(caller),
    ...(json === undefined ? {} : { json }),
  });
}

/** The answer's status, with its body in the failure text. */
function expectStatus(answer: RawAnswer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
}

function expectFault(answer: RawAnswer, status: number, title: string, message: string): void {
  expectStatus(answer, status);
  expectKeystoneFault(answer.body, status, title);
  expect(field(answer.body, 'error', 'message')).toBe(message);
}

function expectForbidden(answer: RawAnswer, rule: string): void {
  expectFault(
    answer,
    403,
    'Forbidden',
    `You are not authorized to perform the requested action: ${rule}.`,
  );
}

/** Keystone's JSON-schema faults append the failing schema; the first line is the message. */
function expectSchemaFault(answer: RawAnswer, firstLine: string): void {
  expectStatus(answer, 400);
  expectKeystoneFault(answer.body, 400, 'Bad Request');
  expect(String(field(answer.body, 'error', 'message')).split('\n')[0]).toBe(firstLine);
}

function idOf(answer: RawAnswer, key: string): string {
  return String(field(answer.body, key, 'id'));
}

const LINKS: Shape = { self: 'string' };
const LIST_LINKS: Shape = { self: 'string', previous: 'null', next: 'null' };

const DOMAIN_KEYS = ['id', 'name', 'description', 'enabled', 'tags', 'options', 'links'];
const GROUP_KEYS = ['id', 'name', 'domain_id', 'description', 'links'];
const ROLE_KEYS = ['id', 'name', 'domain_id', 'description', 'options', 'links'];
const ROLE_REF: Shape = { id: 'string', name: 'string', links: LINKS };

async function login(
  userId: string,
  password: string,
  scope?: { project: { id: string } },
): Promise<RawAnswer> {
  return raw('POST', joinPath(target().authUrl, 'auth/tokens'), {
    json: {
      auth: {
        identity: { methods: ['password'], password: { user: { id: userId, password } } },
        ...(scope ? { scope } : {}),
      },
    },
  });
}

describe('identity admin: domains', () => {
  it('creates a disabled domain, refuses to delete it while enabled (403), deletes it disabled', async () => {
    const name = uniqueName('dom');
    const created = await ks('admin', 'POST', 'domains', {
      domain: { name, description: 'contract', enabled: false },
    });
    expectStatus(created, 201);
    const id = idOf(created, 'domain');
    cleanup(async () => {
      await ks('admin', 'PATCH', `domains/${id}`, { domain: { enabled: false } });
      await ks('admin', 'DELETE', `domains/${id}`);
    });
    const domain = field(created.body, 'domain');
    expectKeys(domain, DOMAIN_KEYS, 'domain keys');
    expectShape(domain, {
      id: 'string',
      name: 'string',
      description: 'string',
      enabled: 'boolean',
      tags: ['string'],
      options: 'object',
      links: LINKS,
    });
    expect(field(domain, 'enabled')).toBe(false);
    expect(field(domain, 'id')).toMatch(/^[0-9a-f]{32}$/);

    const listed = await ks('admin', 'GET', `domains?name=${name}`);
    expectStatus(listed, 200);
    expectShape(listed.body, { domains: 'array', links: LIST_LINKS });
    expect((field(listed.body, 'domains') as unknown[]).length).toBe(1);

    const duplicate = await ks('admin', 'POST', 'domains', { domain: { name } });
    expectFault(
      duplicate,
      409,
      'Conflict',
      `Conflict occurred attempting to store project - it is not permitted to have two projects acting as domains with the same name: ${name}.`,
    );

    const enabled = await ks('admin', 'PATCH', `domains/${id}`, { domain: { enabled: true } });
    expectStatus(enabled, 200);
    expect(field(enabled.body, 'domain', 'enabled')).toBe(true);
    expectKeys(field(enabled.body, 'domain'), DOMAIN_KEYS, 'updated domain keys');

    expectFault(
      await ks('admin', 'DELETE', `domains/${id}`),
      403,
      'Forbidden',
      'Cannot delete a domain that is enabled, please disable it first.',
    );
    expectStatus(await ks('admin', 'PATCH', `domains/${id}`, { domain: { enabled: false } }), 200);
    const deleted = await ks('admin', 'DELETE', `domains/${id}`);
    expectStatus(deleted, 204);
    expect(deleted.body).toBeUndefined();
    expectFault(
      await ks('admin', 'GET', `domains/${id}`),
      404,
      'Not Found',
      `Could not find domain: ${id}.`,
    );
  });

  it('validates the body with keystone’s schema text', async () => {
    expectSchemaFault(
      await ks('admin', 'POST', 'domains', { domain: { name: uniqueName('dom'), enabled: 'yes' } }),
      "Invalid input for field 'enabled': 'yes' is not of type 'boolean'",
    );
  });

  it('a member reads its own domain only; policy comes before existence', async () => {
    const own = await ks('demo', 'GET', 'domains/default');
    expectStatus(own, 200);
    expectKeys(field(own.body, 'domain'), DOMAIN_KEYS, 'domain keys');
    expectForbidden(
      await ks('demo', 'GET', 'domains/contract-no-such-domain'),
      'identity:get_domain',
    );
    expectForbidden(await ks('demo', 'GET', 'domains'), 'identity:list_domains');
    expectForbidden(
      await ks('reader', 'POST', 'domains', { domain: { name: uniqueName('dom') } }),
      'identity:create_domain',
    );
    expectFault(
      await ks('admin', 'GET', 'domains/contract-no-such-domain'),
      404,
      'Not Found',
      'Could not find domain: contract-no-such-domain.',
    );
  });
});

/** Shared by the project, user, group and assignment tests below (created in order). */
const tree = { parent: '', child: '', parentName: '', childName: '' };
const person = { id: '', name: '', password: 'contract-Pass-1', token: '' };
let memberRoleId = '';
let readerRoleId = '';

describe('identity admin: the project tree', () => {
  it('creates a parent and a child project; the child names its parent', async () => {
    tree.parentName = uniqueName('parent');
    const parent = await ks('admin', 'POST', 'projects', {
      project: { name: tree.parentName, domain_id: 'default', description: 'contract parent' },
    });
    expectStatus(parent, 201);
    tree.parent = idOf(parent, 'project');
    cleanup(() => ks('admin', 'DELETE', `projects/${tree.parent}`));
    expectShape(field(parent.body, 'project'), PROJECT_SHAPE);
    expect(field(parent.body, 'project', 'parent_id')).toBe('default');

    tree.childName = uniqueName('child');
    const child = await ks('admin', 'POST', 'projects', {
      project: { name: tree.childName, parent_id: tree.parent },
    });
    expectStatus(child, 201);
    tree.child = idOf(child, 'project');
    cleanup(() => ks('admin', 'DELETE', `projects/${tree.child}`));
    expectShape(field(child.body, 'project'), PROJECT_SHAPE);
    expect(field(child.body, 'project', 'parent_id')).toBe(tree.parent);
    expect(field(child.body, 'project', 'domain_id')).toBe('default');

    const children = await ks('admin', 'GET', `projects?parent_id=${tree.parent}`);
    expectStatus(children, 200);
    expect((field(children.body, 'projects') as { id: string }[]).map((p) => p.id)).toEqual([
      tree.child,
    ]);
  });

  it('refuses an unknown parent (400), a duplicate name (409), a non-leaf delete and disable (403)', async () => {
    expectFault(
      await ks('admin', 'POST', 'projects', {
        project: { name: uniqueName('orphan'), parent_id: 'contract-no-such-project' },
      }),
      400,
      'Bad Request',
      'Could not find project: contract-no-such-project.',
    );
    const duplicate = await ks('admin', 'POST', 'projects', {
      project: { name: tree.childName, parent_id: tree.parent },
    });
    expectStatus(duplicate, 409);
    expectKeystoneFault(duplicate.body, 409, 'Conflict');
    // The id is the one keystone generated for the refused project.
    expect(field(duplicate.body, 'error', 'message')).toMatch(
      new RegExp(
        `^Conflict occurred attempting to store project - it is not permitted to have two projects with either the same name or same id in the same domain: name is ${tree.childName}, project id [0-9a-f]{32}\\.$`,
      ),
    );
    expectFault(
      await ks('admin', 'DELETE', `projects/${tree.parent}`),
      403,
      'Forbidden',
      `Cannot delete the project ${tree.parent} since it is not a leaf in the hierarchy. Use the cascade option if you want to delete a whole subtree.`,
    );
    expectFault(
      await ks('admin', 'PATCH', `projects/${tree.parent}`, { project: { enabled: false } }),
      403,
      'Forbidden',
      `Cannot disable project ${tree.parent} since its subtree contains enabled projects.`,
    );
    expectFault(
      await ks('admin', 'PATCH', `projects/${tree.child}`, { project: { parent_id: 'default' } }),
      403,
      'Forbidden',
      'Update of `parent_id` is not allowed.',
    );
  });

  it('answers parents_as_ids and subtree_as_ids (system scope), and refuses both forms together', async () => {
    const parents = await ks('system', 'GET', `projects/${tree.child}?parents_as_ids`);
    expectStatus(parents, 200);
    // The domain tops the tree as the parent's parent.
    expect(field(parents.body, 'project', 'parents')).toEqual({
      [tree.parent]: { default: null },
    });
    expectKeys(
      field(parents.body, 'project'),
      [...Object.keys(PROJECT_SHAPE as object), 'parents'],
      'project with parents',
    );
    const subtree = await ks('system', 'GET', `projects/${tree.parent}?subtree_as_ids`);
    expectStatus(subtree, 200);
    expect(field(subtree.body, 'project', 'subtree')).toEqual({ [tree.child]: null });

    expectFault(
      await ks('system', 'GET', `projects/${tree.child}?parents_as_list&parents_as_ids`),
      400,
      'Bad Request',
      'Cannot use parents_as_list and parents_as_ids query params at the same time.',
    );
    expectFault(
      await ks('system', 'GET', `projects/${tree.parent}?subtree_as_list&subtree_as_ids`),
      400,
      'Bad Request',
      'Cannot use subtree_as_list and subtree_as_ids query params at the same time.',
    );
    // The lists hold only projects the caller has a role on: none for the system admin.
    const parentsList = await ks('system', 'GET', `projects/${tree.child}?parents_as_list`);
    expect(field(parentsList.body, 'project', 'parents')).toEqual([]);
    const subtreeList = await ks('system', 'GET', `projects/${tree.parent}?subtree_as_list`);
    expect(field(subtreeList.body, 'project', 'subtree')).toEqual([]);

    // A project-scoped admin may not read another project at all (no admin override in Zed).
    expectForbidden(
      await ks('admin', 'GET', `projects/${tree.child}?parents_as_ids`),
      'identity:get_project',
    );
  });
});

describe('identity admin: users and passwords', () => {
  it('creates a user (extra attributes at the top level, never the password)', async () => {
    person.name = uniqueName('user');
    const created = await ks('admin', 'POST', 'users', {
      user: {
        name: person.name,
        password: person.password,
        default_project_id: tree.child,
        email: 'contract@example.org',
        description: 'contract user',
      },
    });
    expectStatus(created, 201);
    person.id = idOf(created, 'user');
    cleanup(() => ks('admin', 'DELETE', `users/${person.id}`));
    const user = field(created.body, 'user');
    expectKeys(
      user,
      [
        'id',
        'name',
        'domain_id',
        'enabled',
        'default_project_id',
        'password_expires_at',
        'options',
        'links',
        'email',
        'description',
      ],
      'created user keys',
    );
    expect(field(user, 'domain_id')).toBe('default');
    expect(field(user, 'enabled')).toBe(true);
    expect(field(user, 'email')).toBe('contract@example.org');

    const duplicate = await ks('admin', 'POST', 'users', { user: { name: person.name } });
    expectFault(
      duplicate,
      409,
      'Conflict',
      `Conflict occurred attempting to store user - Duplicate entry found with name ${person.name} at domain ID default.`,
    );
    expectSchemaFault(
      await ks('admin', 'POST', 'users', { user: { name: 1 } }),
      "Invalid input for field 'name': 1 is not of type 'string'",
    );
    expectSchemaFault(
      await ks('admin', 'POST', 'users', { user: { password: 'x' } }),
      "'name' is a required property",
    );

    // The member role, for grants below.
    const roles = await ks('admin', 'GET', 'roles?name=member');
    memberRoleId = String(field(roles.body, 'roles', 0, 'id'));
    const readers = await ks('admin', 'GET', 'roles?name=reader');
    readerRoleId = String(field(readers.body, 'roles', 0, 'id'));
    expect(memberRoleId).toMatch(/^[0-9a-f]{32}$/);
    expectStatus(
      await ks('admin', 'PUT', `projects/${tree.child}/users/${person.id}/roles/${memberRoleId}`),
      204,
    );
  });

  it('a disabled user cannot log in; enabled again, it can (the update answer carries `extra`)', async () => {
    const disabled = await ks('admin', 'PATCH', `users/${person.id}`, {
      user: { enabled: false },
    });
    expectStatus(disabled, 200);
    // Keystone's update answer also shows the raw `extra` attributes.
    expectShape(field(disabled.body, 'user'), {
      enabled: 'boolean',
      extra: { email: 'string', description: 'string' },
      email: 'string',
    });
    expect(field(disabled.body, 'user', 'enabled')).toBe(false);
    const shown = await ks('admin', 'GET', `users/${person.id}`);
    expectShape(field(shown.body, 'user'), { extra: 'absent', email: 'string' });

    expectFault(
      await login(person.id, person.password),
      401,
      'Unauthorized',
      'The request you have made requires authentication.',
    );
    expectStatus(
      await ks('admin', 'PATCH', `users/${person.id}`, { user: { enabled: true } }),
      200,
    );
    const ok = await login(person.id, person.password, { project: { id: tree.child } });
    expectStatus(ok, 201);
    person.token = ok.headers.get('x-subject-token') ?? '';
  });

  it('the user changes its password with the original one; a wrong original is 401', async () => {
    const path = `users/${person.id}/password`;
    const me = { token: person.token };
    expectFault(
      await ks(me, 'POST', path, { user: { original_password: 'wrong', password: 'new-1' } }),
      401,
      'Unauthorized',
      'The request you have made requires authentication.',
    );
    expectSchemaFault(
      await ks(me, 'POST', path, { user: { original_password: person.password } }),
      "'password' is a required property",
    );
    const changed = await ks(me, 'POST', path, {
      user: { original_password: person.password, password: 'contract-Pass-2' },
    });
    expectStatus(changed, 204);
    // A password change revokes the user's tokens.
    expectStatus(await ks(me, 'GET', 'auth/projects'), 401);
    expectStatus(await login(person.id, person.password), 401);
    person.password = 'contract-Pass-2';

    // The original password authenticates the call: no token is needed.
    const anonymous = await raw('POST', joinPath(target().authUrl, path), {
      json: { user: { original_password: person.password, password: 'contract-Pass-3' } },
    });
    expectStatus(anonymous, 204);
    person.password = 'contract-Pass-3';
    // Revocation events have one-second resolution: a token issued within the second of the
    // change would count as revoked.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await login(person.id, person.password, { project: { id: tree.child } });
    expectStatus(again, 201);
    person.token = again.headers.get('x-subject-token') ?? '';
  });

  it('the user reads its parents and subtree as lists of the projects it has a role on', async () => {
    const me = { token: person.token };
    const none = await ks(me, 'GET', `projects/${tree.child}?parents_as_list`);
    expectStatus(none, 200);
    expect(field(none.body, 'project', 'parents')).toEqual([]);

    expectStatus(
      await ks('admin', 'PUT', `projects/${tree.parent}/users/${person.id}/roles/${memberRoleId}`),
      204,
    );
    const listed = await ks(me, 'GET', `projects/${tree.child}?parents_as_list`);
    expectStatus(listed, 200);
    const parents = field(listed.body, 'project', 'parents') as unknown[];
    expectShape(parents, [{ project: PROJECT_SHAPE }]);
    expect(parents.map((p) => field(p, 'project', 'id'))).toEqual([tree.parent]);
    const subtree = await ks(me, 'GET', `projects/${tree.child}?subtree_as_list`);
    expect(field(subtree.body, 'project', 'subtree')).toEqual([]);
  });

  it('a member may not read or change another user (403)', async () => {
    expectForbidden(await ks('demo', 'GET', `users/${person.id}`), 'identity:get_user');
    expectForbidden(
      await ks('demo', 'PATCH', `users/${person.id}`, { user: { enabled: false } }),
      'identity:update_user',
    );
    expectForbidden(
      await ks('reader', 'POST', 'users', { user: { name: uniqueName('user') } }),
      'identity:create_user',
    );
  });
});

let groupId = '';

describe('identity admin: groups and membership', () => {
  it('creates a group, adds, checks and removes a member', async () => {
    const name = uniqueName('grp');
    const created = await ks('admin', 'POST', 'groups', {
      group: { name, description: 'contract group' },
    });
    expectStatus(created, 201);
    groupId = idOf(created, 'group');
    cleanup(() => ks('admin', 'DELETE', `groups/${groupId}`));
    expectKeys(field(created.body, 'group'), GROUP_KEYS, 'group keys');
    expect(field(created.body, 'group', 'domain_id')).toBe('default');
    expectFault(
      await ks('admin', 'POST', 'groups', { group: { name } }),
      409,
      'Conflict',
      `Conflict occurred attempting to store group - Duplicate entry found with name ${name} at domain ID default.`,
    );

    const member = `groups/${groupId}/users/${person.id}`;
    const notMember = `User '${person.id}' not found in group '${groupId}'`;
    expectFault(await ks('admin', 'GET', member), 404, 'Not Found', notMember);
    expectStatus(await ks('admin', 'PUT', member), 204);
    expectStatus(await ks('admin', 'GET', member), 204);
    expectStatus(await ks('admin', 'HEAD', member), 204);

    const users = await ks('admin', 'GET', `groups/${groupId}/users`);
    expectStatus(users, 200);
    expectShape(users.body, { users: [{ id: 'string', name: 'string' }], links: LIST_LINKS });
    expect((field(users.body, 'users') as { id: string }[]).map((u) => u.id)).toEqual([person.id]);

    const groups = await ks('admin', 'GET', `users/${person.id}/groups`);
    expectStatus(groups, 200);
    // The user's groups carry the membership's expiry (federated memberships expire).
    expectKeys(
      field(groups.body, 'groups', 0),
      [...GROUP_KEYS, 'membership_expires_at'],
      'group of a user keys',
    );
    expect(field(groups.body, 'groups', 0, 'membership_expires_at')).toBeNull();

    expectStatus(await ks('admin', 'DELETE', member), 204);
    expectFault(await ks('admin', 'DELETE', member), 404, 'Not Found', notMember);
    expectStatus(await ks('admin', 'PUT', member), 204);
  });

  it('a member may not read a group or change its members (403)', async () => {
    expectForbidden(await ks('demo', 'GET', `groups/${groupId}`), 'identity:get_group');
    expectForbidden(
      await ks('demo', 'PUT', `groups/${groupId}/users/${person.id}`),
      'identity:add_user_to_group',
    );
    expectForbidden(await ks('demo', 'GET', 'groups'), 'identity:list_groups');
  });
});

let roleId = '';

describe('identity admin: roles and implied roles', () => {
  it('creates, renames and describes a role; a duplicate name is 409', async () => {
    const name = uniqueName('role');
    const created = await ks('admin', 'POST', 'roles', { role: { name, description: 'first' } });
    expectStatus(created, 201);
    roleId = idOf(created, 'role');
    cleanup(() => ks('admin', 'DELETE', `roles/${roleId}`));
    expectKeys(field(created.body, 'role'), ROLE_KEYS, 'role keys');
    expect(field(created.body, 'role', 'domain_id')).toBeNull();
    expect(field(created.body, 'role', 'options')).toEqual({});
    expectFault(
      await ks('admin', 'POST', 'roles', { role: { name } }),
      409,
      'Conflict',
      `Conflict occurred attempting to store role - Duplicate entry found with name ${name}.`,
    );
    const renamed = await ks('admin', 'PATCH', `roles/${roleId}`, {
      role: { name: `${name}-2`, description: 'second' },
    });
    expectStatus(renamed, 200);
    expectKeys(field(renamed.body, 'role'), ROLE_KEYS, 'updated role keys');
    expect(field(renamed.body, 'role', 'name')).toBe(`${name}-2`);
    expect(field(renamed.body, 'role', 'description')).toBe('second');
  });

  it('makes the role imply member, lists, checks and removes the rule', async () => {
    const path = `roles/${roleId}/implies/${memberRoleId}`;
    const created = await ks('admin', 'PUT', path);
    expectStatus(created, 201);
    expectShape(created.body, {
      role_inference: { prior_role: ROLE_REF, implies: ROLE_REF },
      links: LINKS,
    });
    expect(field(created.body, 'links', 'self')).toBe(joinPath(target().authUrl, path));
    expect(field(created.body, 'role_inference', 'implies', 'name')).toBe('member');

    const listed = await ks('admin', 'GET', `roles/${roleId}/implies`);
    expectStatus(listed, 200);
    expectShape(listed.body, {
      role_inference: { prior_role: ROLE_REF, implies: [ROLE_REF] },
      links: LINKS,
    });
    const one = await ks('admin', 'GET', path);
    expectStatus(one, 200);
    expectShape(one.body, { role_inference: { prior_role: ROLE_REF, implies: ROLE_REF } });
    expectStatus(await ks('admin', 'HEAD', path), 204);

    const inferences = await ks('admin', 'GET', 'role_inferences');
    const priors = (field(inferences.body, 'role_inferences') as unknown[]).map((i) =>
      field(i, 'prior_role', 'id'),
    );
    expect(priors).toContain(roleId);

    expectStatus(await ks('admin', 'DELETE', path), 204);
    expectFault(
      await ks('admin', 'GET', path),
      404,
      'Not Found',
      `${roleId} does not imply ${memberRoleId}.`,
    );
    expectFault(
      await ks('admin', 'DELETE', path),
      404,
      'Not Found',
      `${roleId} does not imply ${memberRoleId}.`,
    );
    // Back again, for the effective assignments below.
    expectStatus(await ks('admin', 'PUT', path), 201);
  });

  it('members and readers may not read or create roles (403)', async () => {
    expectForbidden(await ks('demo', 'GET', 'roles'), 'identity:list_roles');
    expectForbidden(await ks('demo', 'GET', `roles/${roleId}`), 'identity:get_role');
    expectForbidden(
      await ks('demo', 'POST', 'roles', { role: { name: uniqueName('role') } }),
      'identity:create_role',
    );
    expectForbidden(
      await ks('reader', 'GET', 'role_inferences'),
      'identity:list_role_inference_rules',
    );
  });
});

describe('identity admin: grants and role assignments', () => {
  const groupGrant = (): string => `projects/${tree.parent}/groups/${groupId}/roles/${roleId}`;

  it('grants a role to a group on a project; checks it (GET and HEAD) and lists it', async () => {
    expectStatus(await ks('admin', 'PUT', groupGrant()), 204);
    expectStatus(await ks('admin', 'GET', groupGrant()), 204);
    expectStatus(await ks('admin', 'HEAD', groupGrant()), 204);
    const roles = await ks('admin', 'GET', `projects/${tree.parent}/groups/${groupId}/roles`);
    expectStatus(roles, 200);
    expectShape(roles.body, { roles: 'array', links: LIST_LINKS });
    expect((field(roles.body, 'roles') as { id: string }[]).map((r) => r.id)).toEqual([roleId]);
    expectKeys(field(roles.body, 'roles', 0), ROLE_KEYS, 'granted role keys');
  });

  it('lists the project’s direct assignments with names', async () => {
    const answer = await ks(
      'admin',
      'GET',
      `role_assignments?scope.project.id=${tree.parent}&include_names`,
    );
    expectStatus(answer, 200);
    const list = field(answer.body, 'role_assignments') as Record<string, unknown>[];
    const actor = (a: Record<string, unknown>): string =>
      a['user']
        ? `user:${String(field(a, 'user', 'id'))}`
        : `group:${String(field(a, 'group', 'id'))}`;
    expect(list.map((a) => `${actor(a)}:${String(field(a, 'role', 'id'))}`).sort()).toEqual(
      [`user:${person.id}:${memberRoleId}`, `group:${groupId}:${roleId}`].sort(),
    );
    const group = list.find((a) => a['group']);
    expectKeys(group, ['links', 'scope', 'group', 'role'], 'group assignment keys');
    expectShape(group, {
      links: { assignment: 'string' },
      scope: {
        project: { id: 'string', name: 'string', domain: { id: 'string', name: 'string' } },
      },
      group: { id: 'string', name: 'string', domain: { id: 'string', name: 'string' } },
      role: { id: 'string', name: 'string' },
    });
    expectKeys(field(group, 'role'), ['id', 'name'], 'global role reference');
    expect(field(group, 'links', 'assignment')).toBe(
      joinPath(target().authUrl, `projects/${tree.parent}/groups/${groupId}/roles/${roleId}`),
    );
  });

  it('effective assignments expand the group to its members and follow implied roles', async () => {
    const answer = await ks(
      'admin',
      'GET',
      `role_assignments?scope.project.id=${tree.parent}&effective&include_names`,
    );
    expectStatus(answer, 200);
    const list = field(answer.body, 'role_assignments') as Record<string, unknown>[];
    for (const entry of list) {
      expectKeys(entry, ['links', 'scope', 'user', 'role'], 'effective assignment keys');
    }
    const url = (path: string): string => joinPath(target().authUrl, path);
    const direct = url(`projects/${tree.parent}/users/${person.id}/roles/${memberRoleId}`);
    const viaGroup = (role: string): string =>
      url(`projects/${tree.parent}/groups/${groupId}/roles/${role}`);
    const membership = url(`groups/${groupId}/users/${person.id}`);
    // Keystone's prior_role link names the implied role first, then the role implying it.
    const prior = (implied: string, by: string): string =>
      url(`prior_role/${implied}/implies/${by}`);
    const seen = list.map((entry) => ({ role: field(entry, 'role', 'id'), links: entry['links'] }));
    const expected = [
      { role: memberRoleId, links: { assignment: direct } },
      { role: roleId, links: { assignment: viaGroup(roleId), membership } },
      {
        role: memberRoleId,
        links: {
          assignment: viaGroup(roleId),
          membership,
          prior_role: prior(memberRoleId, roleId),
        },
      },
      {
        role: readerRoleId,
        links: {
          assignment: viaGroup(memberRoleId),
          membership,
          prior_role: prior(readerRoleId, memberRoleId),
        },
      },
      {
        role: readerRoleId,
        links: { assignment: direct, prior_role: prior(readerRoleId, memberRoleId) },
      },
    ];
    const key = (e: unknown): string => JSON.stringify(e, Object.keys(e as object).sort());
    const canonical = (entries: { role: unknown; links: unknown }[]): string[] =>
      entries.map((e) => `${String(e.role)} ${key(e.links)}`).sort();
    expect(canonical(seen)).toEqual(canonical(expected));
    for (const entry of list) expect(field(entry, 'user', 'id')).toBe(person.id);
  });

  it('revokes the grant; checking or revoking it again is 404', async () => {
    expectStatus(await ks('admin', 'DELETE', groupGrant()), 204);
    const missing = `Could not find role assignment with role: ${roleId}, user or group: ${groupId}, project, domain, or system: ${tree.parent}.`;
    expectFault(await ks('admin', 'GET', groupGrant()), 404, 'Not Found', missing);
    expectFault(await ks('admin', 'DELETE', groupGrant()), 404, 'Not Found', missing);
    expectFault(
      await ks('admin', 'PUT', `projects/${tree.parent}/users/${person.id}/roles/contract-nope`),
      404,
      'Not Found',
      'Could not find role: contract-nope.',
    );
  });

  it('members and readers may not grant or list assignments (403)', async () => {
    const demo = await session('demo');
    expectForbidden(
      await ks('demo', 'PUT', `projects/${tree.parent}/users/${person.id}/roles/${memberRoleId}`),
      'identity:create_grant',
    );
    expectForbidden(await ks('demo', 'GET', 'role_assignments'), 'identity:list_role_assignments');
    expectForbidden(
      await ks('reader', 'GET', `role_assignments?scope.project.id=${demo.projectId}`),
      'identity:list_role_assignments',
    );
  });
});

describe('identity admin: 403 bodies for admin-only calls', () => {
  it.each([
    { user: 'demo', method: 'GET', path: 'users', rule: 'identity:list_users' },
    { user: 'reader', method: 'GET', path: 'groups', rule: 'identity:list_groups' },
    {
      user: 'demo',
      method: 'POST',
      path: 'groups',
      body: { group: { name: 'contract-never' } },
      rule: 'identity:create_group',
    },
    {
      user: 'demo',
      method: 'POST',
      path: 'projects',
      body: { project: { name: 'contract-never' } },
      rule: 'identity:create_project',
    },
    { user: 'reader', method: 'GET', path: 'domains', rule: 'identity:list_domains' },
    {
      user: 'demo',
      method: 'POST',
      path: 'roles',
      body: { role: { name: 'contract-never' } },
      rule: 'identity:create_role',
    },
  ] as const)('$user $method /$path → 403 $rule', async (call) => {
    const body = 'body' in call ? call.body : undefined;
    expectForbidden(await ks(call.user, call.method, call.path, body), call.rule);
  });
});
