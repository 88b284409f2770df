import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ApplicationCredential, ApplicationCredentialCreated } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';
import { parseAccessRules } from './applicationCredentials';

const { t, demo } = useTestApp(['demo']);

const BASE = '/api/keystone/application-credentials/';

describe('application credentials', () => {
  it('creates one with the secret, its files and the UTC expiry; lists, shows and deletes it', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: BASE,
      payload: {
        name: 'route cred',
        description: 'd',
        expires_at: '2099-01-02T03:04:00Z',
        roles: ['reader'],
        access_rules: '- service: compute\n  method: get\n  path: /v2.1/servers\n',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ApplicationCredentialCreated>();
    expect(created).toMatchObject({
      name: 'route cred',
      description: 'd',
      unrestricted: false,
      cloud_name: 'route-cred',
      roles: [{ name: 'reader' }],
      access_rules: [{ service: 'compute', method: 'GET', path: '/v2.1/servers' }],
    });
    expect(created.expires_at).toMatch(/^2099-01-02T03:04:00/);
    expect(created.secret.length).toBeGreaterThan(10);
    expect(created.openrc).toContain(`export OS_APPLICATION_CREDENTIAL_SECRET='${created.secret}'`);
    expect(created.openrc).toContain(`export OS_AUTH_URL='${t.cloud.authUrl}`);
    const yaml = parse(created.clouds_yaml) as {
      clouds: Record<string, { auth_type: string; auth: Record<string, string> }>;
    };
    expect(yaml.clouds['route-cred']?.auth_type).toBe('v3applicationcredential');
    expect(yaml.clouds['route-cred']?.auth['application_credential_id']).toBe(created.id);

    const list = await t.as(demo, { url: BASE });
    const items = list.json<{ items: ApplicationCredential[] }>().items;
    expect(items.find((c) => c.id === created.id)?.project_name).toBe('demo');
    expect(JSON.stringify(items)).not.toContain(created.secret);
    const one = await t.as(demo, { url: `${BASE}${created.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('secret');

    const del = await t.as(demo, {
      method: 'DELETE',
      url: BASE,
      payload: { ids: [created.id, 'nope'] },
    });
    expect(del.json()).toEqual({
      deleted: [created.id],
      failed: [{ id: 'nope', message: 'Could not find Application Credential: nope.' }],
    });
    expect((await t.as(demo, { url: `${BASE}${created.id}/` })).statusCode).toBe(404);
  });

  it('takes the secret the user chose; a duplicate name is 409', async () => {
    const body = { name: 'chosen', secret: 'my-own-secret' };
    const res = await t.as(demo, { method: 'POST', url: BASE, payload: body });
    expect(res.json<ApplicationCredentialCreated>().secret).toBe('my-own-secret');
    const again = await t.as(demo, { method: 'POST', url: BASE, payload: body });
    expect(again.statusCode).toBe(409);
    const id = res.json<ApplicationCredentialCreated>().id;
    expect((await t.as(demo, { method: 'DELETE', url: `${BASE}${id}/` })).statusCode).toBe(204);
  });

  it('refuses bad input with a 400 and a message', async () => {
    for (const payload of [
      { name: '' },
      { name: 'x', expires_at: 'tomorrow' },
      { name: 'x', access_rules: '{"service": "compute"}' },
      { name: 'x', roles: ['admin'] },
    ]) {
      const res = await t.as(demo, { method: 'POST', url: BASE, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).not.toBe('');
    }
  });
});

describe('parseAccessRules', () => {
  it('reads JSON or YAML lists and names what is wrong', () => {
    expect(parseAccessRules('[{"service":"image","method":"GET","path":"/v2/images"}]')).toEqual([
      { service: 'image', method: 'GET', path: '/v2/images' },
    ]);
    expect(parseAccessRules('  ')).toEqual([]);
    expect(() => parseAccessRules('[')).toThrow('Access rules: not valid JSON or YAML.');
    expect(() => parseAccessRules('a: 1')).toThrow('Access rules: expected a list of rules.');
    expect(() => parseAccessRules('- service: x\n  method: GET')).toThrow(
      'Access rules: rule 1 needs a path.',
    );
    expect(() => parseAccessRules('- {service: x, method: FETCH, path: /}')).toThrow(
      'rule 1 has an unknown method "FETCH".',
    );
    expect(() => parseAccessRules('- {service: x, method: GET, path: /, extra: 1}')).toThrow(
      'rule 1 has an unknown key "extra".',
    );
  });
});

describe('rc files of the user menu', () => {
  it('openrc of the current project, as an attachment, pointing at Keystone', async () => {
    const res = await t.as(demo, { url: '/api/keystone/openrc/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo-openrc.sh"');
    expect(res.body).toContain(`export OS_AUTH_URL='${t.cloud.authUrl}`);
    expect(res.body).toContain("export OS_PROJECT_NAME='demo'");
    expect(res.body).toContain("export OS_USERNAME='demo'");
    expect(res.body).toContain('IFS= read -sr OS_PASSWORD');
  });

  it('clouds.yaml without a password', async () => {
    const res = await t.as(demo, { url: '/api/keystone/clouds-yaml/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="clouds.yaml"');
    const yaml = parse(res.body) as { clouds: { openstack: { auth: Record<string, string> } } };
    expect(yaml.clouds.openstack.auth['project_name']).toBe('demo');
    expect(res.body).not.toContain('password');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      url: '/api/keystone/openrc/',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(401);
  });
});
