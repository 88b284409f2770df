import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { sessionData } from '../testing/sessionData';
import { loadPolicyOverrides } from './policy';

const member = sessionData();
const FLAVOR_CREATE: [string, string] = ['compute', 'os_compute_api:os-flavor-manage:create'];

describe('policy overrides', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-policy-'));
    writeFileSync(
      join(dir, 'compute.yaml'),
      '"os_compute_api:os-flavor-manage:create": "role:member"\n',
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads <service>.yaml files and applies them', async () => {
    expect(loadPolicyOverrides(dir)).toEqual({
      compute: { 'os_compute_api:os-flavor-manage:create': 'role:member' },
    });
    const plain = await buildOfflineApp();
    expect(plain.app.policyChecker.allowed(member, 's1', [FLAVOR_CREATE])).toBe(false);
    await plain.app.close();
    const overridden = await buildOfflineApp({
      policy: { enforceNewDefaults: true, overridesDir: dir },
    });
    expect(overridden.app.policyChecker.allowed(member, 's1', [FLAVOR_CREATE])).toBe(true);
    await overridden.app.close();
  });

  it('rejects a malformed file at startup', () => {
    const bad = mkdtempSync(join(tmpdir(), 'skydeck-policy-bad-'));
    writeFileSync(join(bad, 'identity.yaml'), '- not\n- a map\n');
    expect(() => loadPolicyOverrides(bad)).toThrow(/must map rule names to check strings/);
    rmSync(bad, { recursive: true, force: true });
  });
});

describe('the default target', () => {
  it("is the session's project, tenant, user and domains unless the caller names them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skydeck-policy-target-'));
    writeFileSync(
      join(dir, 'identity.yaml'),
      [
        '"t:tenant": "project_id:%(tenant_id)s"',
        '"t:user": "user_id:%(user_id)s"',
        '"t:domains": "user_domain_id:%(project.domain_id)s and user_domain_id:%(user.domain_id)s"',
      ].join('\n'),
    );
    const { app } = await buildOfflineApp({
      policy: { enforceNewDefaults: true, overridesDir: dir },
    });
    const rule = (name: string): [string, string] => ['identity', name];
    expect(app.policyChecker.allowed(member, 's1', [rule('t:tenant')])).toBe(true);
    expect(app.policyChecker.allowed(member, 's1', [rule('t:user')])).toBe(true);
    expect(app.policyChecker.allowed(member, 's1', [rule('t:domains')])).toBe(true);
    // A named project is the tenant too: another project's is not the session's.
    expect(app.policyChecker.allowed(member, 's1', [rule('t:tenant')], { project_id: 'p2' })).toBe(
      false,
    );
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('image targets', () => {
  const ADD_IMAGE: [string, string] = ['image', 'add_image'];
  const DELETE_IMAGE: [string, string] = ['image', 'delete_image'];

  it('reads owner and project_id as one (Glance’s ImageTarget)', async () => {
    const { app } = await buildOfflineApp();
    const allowed = (rules: [string, string][], target?: Record<string, string>): boolean =>
      app.policyChecker.allowed(member, 's-image', rules, target);
    // add_image checks both keys; a create names neither, so the owner is the session's project.
    expect(allowed([ADD_IMAGE])).toBe(true);
    expect(allowed([DELETE_IMAGE], { owner: 'p1' })).toBe(true);
    expect(allowed([DELETE_IMAGE], { owner: 'p2' })).toBe(false);
    expect(allowed([ADD_IMAGE], { project_id: 'p2' })).toBe(false);
    const reader = { ...member, roles: ['reader'] };
    expect(app.policyChecker.allowed(reader, 's-reader', [ADD_IMAGE])).toBe(false);
    await app.close();
  });
});
