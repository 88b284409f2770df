import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoCloud } from './app';
import { startTestCloud } from './testing/testCloud';
import type { TokenBody } from './testing/testCloud';

describe('demo cloud lifecycle', () => {
  it('keeps every change across a restart, and the catalog follows the new port', async () => {
    const cloud = await startTestCloud();
    try {
      const admin = await cloud.token('admin', 'admin');
      const flavor = await cloud.request<{ flavor: { id: string } }>(
        'POST',
        '/compute/v2.1/flavors',
        {
          token: admin,
          body: { flavor: { name: 'kept', ram: 64, vcpus: 1, disk: 0 } },
        },
      );
      const project = await cloud.request<{ project: { id: string } }>(
        'POST',
        '/identity/v3/projects',
        {
          token: admin,
          body: { project: { name: 'kept-project' } },
        },
      );
      const { token: demo, body: before } = await cloud.login('demo', 'demo');
      const seededUser = before.token.user.id;
      await cloud.restart();

      // Tokens survive a restart, as Fernet tokens survive a Keystone restart.
      const shown = await cloud.request('GET', `/compute/v2.1/flavors/${flavor.body.flavor.id}`, {
        token: demo,
      });
      expect(shown.status).toBe(200);
      const again = await cloud.request<{ projects: Array<{ id: string }> }>(
        'GET',
        '/identity/v3/projects?name=kept-project',
        { token: admin },
      );
      expect(again.body.projects[0]?.id).toBe(project.body.project.id);
      const after = await cloud.login('demo', 'demo');
      // Seeding is not repeated: ids stay.
      expect(after.body.token.user.id).toBe(seededUser);
      const compute = after.body.token.catalog?.find((s) => s.type === 'compute');
      expect(compute?.endpoints[0]?.url).toBe(`${cloud.url}/compute/v2.1`);
      const keypairs = await cloud.request<{ keypairs: unknown[] }>(
        'GET',
        '/compute/v2.1/os-keypairs',
        { token: demo },
      );
      expect(keypairs.body.keypairs).toHaveLength(1);
    } finally {
      await cloud.close();
    }
  });

  it('starts afresh with reset', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-cloud-reset-'));
    try {
      const first = await buildDemoCloud({ dataDir });
      const login = async (app: typeof first): Promise<TokenBody> => {
        const response = await app.inject({
          method: 'POST',
          url: '/identity/v3/auth/tokens',
          payload: {
            auth: {
              identity: {
                methods: ['password'],
                password: { user: { name: 'demo', domain: { id: 'default' }, password: 'demo' } },
              },
            },
          },
        });
        expect(response.statusCode).toBe(201);
        return response.json<TokenBody>();
      };
      const firstId = (await login(first)).token.user.id;
      // Without a listener the catalog names the request's host.
      const catalog = (await login(first)).token.catalog ?? [];
      expect(catalog.find((s) => s.type === 'compute')?.endpoints[0]?.url).toBe(
        'http://localhost:80/compute/v2.1',
      );
      await first.close();

      const kept = await buildDemoCloud({ dataDir });
      expect((await login(kept)).token.user.id).toBe(firstId);
      await kept.close();

      const wiped = await buildDemoCloud({ dataDir, reset: true });
      expect((await login(wiped)).token.user.id).not.toBe(firstId);
      await wiped.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('relaxes policy to the deprecated rules when new defaults are not enforced', async () => {
    const cloud = await startTestCloud({ enforceNewDefaults: false });
    try {
      const reader = await cloud.token('reader', 'demo');
      const created = await cloud.request('POST', '/compute/v2.1/os-server-groups', {
        token: reader,
        body: { server_group: { name: 'legacy', policies: ['affinity'] } },
      });
      expect(created.status).toBe(200);
      const flavor = await cloud.request('POST', '/compute/v2.1/flavors', {
        token: reader,
        body: { flavor: { name: 'nope', ram: 64, vcpus: 1, disk: 0 } },
      });
      expect(flavor.status).toBe(403);
    } finally {
      await cloud.close();
    }
  });
});
