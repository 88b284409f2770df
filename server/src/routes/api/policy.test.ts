import { describe, expect, it } from 'vitest';
import type { TestSession } from '../../testing/buildTestApp';
import { useTestApp } from '../../testing/useTestApp';

const { t, admin, demo, reader } = useTestApp(['admin', 'demo', 'reader']);

const check = async (
  session: TestSession,
  rules: Array<[string, string]>,
  target?: Record<string, string>,
): Promise<boolean> => {
  const res = await t.as(session, {
    method: 'POST',
    url: '/api/policy/',
    payload: { rules, target },
  });
  expect(res.statusCode).toBe(200);
  return res.json().allowed as boolean;
};

const FLAVOR_CREATE: [string, string] = ['compute', 'os_compute_api:os-flavor-manage:create'];
const GROUP_CREATE: [string, string] = ['compute', 'os_compute_api:os-server-groups:create'];
const GROUP_INDEX: [string, string] = ['compute', 'os_compute_api:os-server-groups:index'];

describe('POST /api/policy/', () => {
  it('evaluates with the new defaults: admin, member and reader differ', async () => {
    expect(await check(admin, [FLAVOR_CREATE])).toBe(true);
    expect(await check(demo, [FLAVOR_CREATE])).toBe(false);
    expect(await check(demo, [GROUP_CREATE])).toBe(true);
    expect(await check(reader, [GROUP_CREATE])).toBe(false);
    expect(await check(reader, [GROUP_INDEX])).toBe(true);
  });

  it('needs every rule to pass, and denies unknown services', async () => {
    expect(await check(demo, [GROUP_CREATE, GROUP_INDEX])).toBe(true);
    expect(await check(demo, [GROUP_CREATE, FLAVOR_CREATE])).toBe(false);
    expect(await check(demo, [['nosuchservice', 'x:y']])).toBe(false);
    expect(await check(demo, [])).toBe(true);
  });

  it('uses the target: another project is not ours', async () => {
    expect(await check(demo, [GROUP_CREATE], { project_id: demo.user.project_id })).toBe(true);
    expect(await check(demo, [GROUP_CREATE], { project_id: 'someone-else' })).toBe(false);
    // The memo keys on the target too: asking again gives the same answers.
    expect(await check(demo, [GROUP_CREATE], { project_id: 'someone-else' })).toBe(false);
    expect(await check(demo, [GROUP_CREATE])).toBe(true);
  });

  it('validates the body', async () => {
    const res = await t.as(demo, { method: 'POST', url: '/api/policy/', payload: { rules: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'rules must be a list' });
    const pair = await t.as(demo, {
      method: 'POST',
      url: '/api/policy/',
      payload: { rules: [['compute']] },
    });
    expect(pair.statusCode).toBe(400);
  });
});

describe('POST /api/policy/batch/', () => {
  it('answers every check in order', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/policy/batch/',
      payload: {
        checks: [
          { rules: [FLAVOR_CREATE] },
          { rules: [GROUP_CREATE] },
          { rules: [GROUP_CREATE], target: { project_id: 'other' } },
          { rules: [] },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ allowed: [false, true, false, true] });
  });
});

describe('identity targets', () => {
  const GET_PROJECT: [string, string] = ['identity', 'identity:get_project'];
  const LIST_PROJECTS: [string, string] = ['identity', 'identity:list_projects'];
  const GET_USER: [string, string] = ['identity', 'identity:get_user'];

  // Zed's get_project reads target.project.id: a page's { project_id } answers what Keystone
  // answers to GET /v3/projects/{id} for a project-scoped token (contract/clients/keystone).
  it('a { project_id } target is the project Keystone checks', async () => {
    const own = demo.user.project_id;
    expect(await check(demo, [GET_PROJECT], { project_id: own })).toBe(true);
    expect(await check(reader, [GET_PROJECT], { project_id: own })).toBe(true);
    expect(await check(demo, [GET_PROJECT], { project_id: admin.user.project_id })).toBe(false);
    // Not even admin reads another project by id; it may list them all instead.
    expect(await check(admin, [GET_PROJECT], { project_id: own })).toBe(false);
    expect(await check(admin, [GET_PROJECT], { project_id: admin.user.project_id })).toBe(true);
    expect(await check(admin, [LIST_PROJECTS])).toBe(true);
    expect(await check(demo, [LIST_PROJECTS])).toBe(false);
  });

  it('without a target the project and user are the session’s own', async () => {
    expect(await check(demo, [GET_PROJECT])).toBe(true);
    expect(await check(demo, [GET_USER])).toBe(true);
    expect(await check(demo, [GET_USER], { user_id: 'someone-else' })).toBe(false);
  });

  it('a project named in another domain is not read as the session’s domain', async () => {
    // Domain clauses need a domain-scoped token: a member stays denied whatever the page says.
    expect(
      await check(demo, [GET_PROJECT], { project_id: 'p-elsewhere', domain_id: 'default' }),
    ).toBe(false);
    // Keystone's own key names pass through unchanged.
    expect(await check(demo, [GET_PROJECT], { 'target.project.id': demo.user.project_id })).toBe(
      true,
    );
  });
});
