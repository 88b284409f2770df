import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

const DEFAULTS = {
  network: 100,
  subnet: 100,
  subnetpool: -1,
  port: 500,
  router: 10,
  floatingip: 50,
  rbac_policy: 10,
  security_group: 10,
  security_group_rule: 100,
  trunk: -1,
};

describe('neutron quotas', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  const projectId = async (user: string, project: string): Promise<string> =>
    (await cloud().login(user, project)).body.token.project?.id ?? '';

  it('answers the project’s own quotas, defaults and usage details', async () => {
    const demo = await projectId('demo', 'demo');
    const own = await call('demo', 'GET', `/quotas/${demo}`);
    expect(own.body).toEqual({ quota: DEFAULTS });
    expect(Object.keys(own.body['quota'] as Body)).toEqual(Object.keys(DEFAULTS));
    expect((await call('reader', 'GET', `/quotas/${demo}/default`)).body).toEqual({
      quota: DEFAULTS,
    });
    const details = await call('demo', 'GET', `/quotas/${demo}/details.json`);
    const quota = details.body['quota'] as Record<string, Body>;
    expect(quota['network']).toEqual({ limit: 100, used: 2, reserved: 0 });
    expect(quota['router']).toEqual({ limit: 10, used: 1, reserved: 0 });
    expect(quota['security_group']).toEqual({ limit: 10, used: 2, reserved: 0 });
    expect(quota['trunk']).toEqual({ limit: -1, used: 1, reserved: 0 });
    expect((await call('demo', 'GET', '/quotas/project')).body).toEqual({
      project: { project_id: demo },
    });
  });

  it('keeps other projects’ quotas and every change to admins', async () => {
    const alt = await projectId('demo', 'alt_demo');
    const other = await call('demo', 'GET', `/quotas/${alt}`);
    expect(other.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:get_quota is disallowed by policy'),
    );
    const details = await call('demo', 'GET', `/quotas/${alt}/details.json`);
    expect(details.body).toEqual(
      neutronError(
        'AdminRequired',
        'User does not have admin privileges: Only admin is authorized to access quotas for another project.',
      ),
    );
    const update = await call('demo', 'PUT', `/quotas/${alt}`, { quota: { network: 1 } });
    expect(update.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:update_quota is disallowed by policy'),
    );
    expect((await call('demo', 'GET', '/quotas')).status).toBe(403);
  });

  it('enforces limits on create with 409 OverQuota', async () => {
    const alt = await projectId('demo', 'alt_demo');
    const set = await call('admin', 'PUT', `/quotas/${alt}`, { quota: { network: 1, port: '3' } });
    expect(set.body['quota']).toMatchObject({ network: 1, port: 3, subnet: 100 });
    const listed = await call('admin', 'GET', '/quotas');
    expect(listed.body['quotas']).toEqual([
      { ...DEFAULTS, network: 1, port: 3, project_id: alt, tenant_id: alt },
    ]);
    const over = await call('alt', 'POST', '/networks', { network: { name: 'one-too-many' } });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(
      neutronError('OverQuota', "Quota exceeded for resources: ['network']."),
    );
    const invalid = await call('admin', 'PUT', `/quotas/${alt}`, { quota: { network: -2 } });
    expect(invalid.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        "Invalid input for network. Reason: '-2' is too small - must be at least '-1'.",
      ),
    );
    const unknown = await call('admin', 'PUT', `/quotas/${alt}`, { quota: { widgets: 1 } });
    expect(unknown.body).toEqual(
      neutronError('HTTPBadRequest', "Unrecognized attribute(s) 'widgets'"),
    );
    const checked = await call('admin', 'PUT', `/quotas/${alt}`, {
      quota: { network: 0, check_limit: true },
    });
    expect(checked.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        'Quota limit 0 for network must be greater than or equal to already used 1',
      ),
    );
    expect((await call('admin', 'DELETE', `/quotas/${alt}`)).status).toBe(204);
    const created = await call('alt', 'POST', '/networks', { network: { name: 'room-again' } });
    expect(created.status).toBe(201);
  });
});
