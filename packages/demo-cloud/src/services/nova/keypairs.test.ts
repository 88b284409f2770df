import { describe, expect, it } from 'vitest';
import {
  ED25519_FINGERPRINT,
  ED25519_PUBLIC_KEY,
  TEST_CERTIFICATE,
  TEST_CERTIFICATE_FINGERPRINT,
} from '../../testing/fixtures';
import { useTestCloud } from '../../testing/testCloud';
import { sshFingerprint } from './sshKeys';

interface Keypair {
  name: string;
  public_key: string;
  fingerprint: string;
  user_id?: string;
  private_key?: string;
  type?: string;
  id?: number;
  created_at?: string;
  deleted?: boolean;
}

describe('nova key pairs', () => {
  const cloud = useTestCloud();
  const demo = (): Promise<string> => cloud().token('demo', 'demo');
  const path = '/compute/v2.1/os-keypairs';

  it('lists the caller’s key pairs, with type from 2.2', async () => {
    const v21 = await cloud().request<{ keypairs: Array<{ keypair: Keypair }> }>('GET', path, {
      token: await demo(),
    });
    expect(v21.status).toBe(200);
    expect(v21.body.keypairs.map((k) => k.keypair.name)).toEqual(['demo-key']);
    const seeded = v21.body.keypairs[0]?.keypair;
    expect(seeded).not.toHaveProperty('type');
    expect(seeded?.fingerprint).toBe(sshFingerprint(seeded?.public_key ?? ''));
    const v22 = await cloud().request<{ keypairs: Array<{ keypair: Keypair }> }>('GET', path, {
      token: await demo(),
      microversion: '2.2',
    });
    expect(v22.body.keypairs[0]?.keypair.type).toBe('ssh');
    // Key pairs belong to a user: another user sees none, whatever its project.
    const other = await cloud().request<{ keypairs: unknown[] }>('GET', path, {
      token: await cloud().token('reader', 'demo'),
    });
    expect(other.body.keypairs).toEqual([]);
  });

  it('generates an RSA key before 2.92 (200 before 2.2, 201 after)', async () => {
    const token = await demo();
    const old = await cloud().request<{ keypair: Keypair }>('POST', path, {
      token,
      body: { keypair: { name: 'gen-old' } },
    });
    expect(old.status).toBe(200);
    expect(old.body.keypair.private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(old.body.keypair.public_key).toMatch(/^ssh-rsa AAAA\S+ Generated-by-Nova$/);
    expect(old.body.keypair).not.toHaveProperty('type');
    const created = await cloud().request<{ keypair: Keypair }>('POST', path, {
      token,
      microversion: '2.91',
      body: { keypair: { name: 'gen-new' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.keypair).toMatchObject({ name: 'gen-new', type: 'ssh' });
    expect(created.body.keypair.fingerprint).toBe(sshFingerprint(created.body.keypair.public_key));
    const refused = await cloud().request('POST', path, {
      token,
      microversion: '2.92',
      body: { keypair: { name: 'gen-292' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute keypair. Value: {'name': 'gen-292'}. 'public_key' is a required property",
      },
    });
  });

  it('imports ssh and x509 public keys with their real fingerprints', async () => {
    const token = await demo();
    const ssh = await cloud().request<{ keypair: Keypair }>('POST', path, {
      token,
      microversion: '2.92',
      body: { keypair: { name: 'laptop@home.example', public_key: ED25519_PUBLIC_KEY } },
    });
    expect(ssh.status).toBe(201);
    expect(ssh.body.keypair).toMatchObject({ fingerprint: ED25519_FINGERPRINT, type: 'ssh' });
    expect(ssh.body.keypair).not.toHaveProperty('private_key');

    const x509 = await cloud().request<{ keypair: Keypair }>('POST', path, {
      token,
      microversion: '2.2',
      body: { keypair: { name: 'cert', type: 'x509', public_key: TEST_CERTIFICATE } },
    });
    expect(x509.status).toBe(201);
    expect(x509.body.keypair).toMatchObject({
      fingerprint: TEST_CERTIFICATE_FINGERPRINT,
      type: 'x509',
    });

    const invalid = await cloud().request('POST', path, {
      token,
      body: { keypair: { name: 'bad', public_key: 'ssh-rsa garbage' } },
    });
    expect(invalid.body).toEqual({
      badRequest: { code: 400, message: 'Keypair data is invalid: failed to generate fingerprint' },
    });
    const duplicate = await cloud().request('POST', path, {
      token,
      body: { keypair: { name: 'cert', public_key: ED25519_PUBLIC_KEY } },
    });
    expect(duplicate.body).toEqual({
      conflictingRequest: { code: 409, message: "Key pair 'cert' already exists." },
    });
  });

  it('validates names by microversion', async () => {
    const token = await demo();
    const at = async (name: string, microversion: string): Promise<number> =>
      (
        await cloud().request('POST', path, {
          token,
          microversion,
          body: { keypair: { name, public_key: ED25519_PUBLIC_KEY } },
        })
      ).status;
    expect(await at('with@at', '2.91')).toBe(400);
    expect(await at('with.dot', '2.1')).toBe(400);
    expect(await at('with@at', '2.92')).toBe(201);
    expect(await at('', '2.92')).toBe(400);
    expect(await at('x'.repeat(256), '2.92')).toBe(400);
    expect(await at(' lead', '2.92')).toBe(400);
  });

  it('shows and deletes a key pair (202 before 2.2, 204 after)', async () => {
    const token = await demo();
    const shown = await cloud().request<{ keypair: Keypair }>('GET', `${path}/demo-key`, {
      token,
      microversion: '2.2',
    });
    expect(shown.status).toBe(200);
    expect(shown.body.keypair).toMatchObject({
      name: 'demo-key',
      deleted: false,
      type: 'ssh',
      updated_at: null,
      deleted_at: null,
    });
    expect(typeof shown.body.keypair.id).toBe('number');
    expect(shown.body.keypair.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    const userId = shown.body.keypair.user_id;

    expect((await cloud().request('DELETE', `${path}/gen-old`, { token })).status).toBe(202);
    expect(
      (await cloud().request('DELETE', `${path}/gen-new`, { token, microversion: '2.2' })).status,
    ).toBe(204);
    const missing = await cloud().request('GET', `${path}/gen-new`, { token });
    expect(missing.body).toEqual({
      itemNotFound: { code: 404, message: `Keypair gen-new not found for user ${userId}` },
    });
  });

  it('lets an admin act for another user from 2.10, and nobody else', async () => {
    const demoUser = (await cloud().login('demo', 'demo')).body.token.user.id;
    const admin = await cloud().token('admin', 'admin');
    const listed = await cloud().request<{ keypairs: Array<{ keypair: Keypair }> }>(
      'GET',
      `${path}?user_id=${demoUser}`,
      {
        token: admin,
        microversion: '2.10',
      },
    );
    expect(listed.body.keypairs.map((k) => k.keypair.name)).toContain('demo-key');
    const created = await cloud().request<{ keypair: Keypair }>('POST', path, {
      token: admin,
      microversion: '2.10',
      body: { keypair: { name: 'for-demo', user_id: demoUser, public_key: ED25519_PUBLIC_KEY } },
    });
    expect(created.body.keypair.user_id).toBe(demoUser);

    const reader = await cloud().token('reader', 'demo');
    const snooping = await cloud().request('GET', `${path}?user_id=${demoUser}`, {
      token: reader,
      microversion: '2.10',
    });
    expect(snooping.status).toBe(403);
    expect(snooping.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:os-keypairs:index to be performed.",
      },
    });
    // Key pairs are the user's own business: a reader may create one for itself.
    const own = await cloud().request('POST', path, {
      token: reader,
      body: { keypair: { name: 'mine', public_key: ED25519_PUBLIC_KEY } },
    });
    expect(own.status).toBe(200);
  });

  it('pages from 2.35 by name', async () => {
    const token = await demo();
    const page = await cloud().request<{
      keypairs: Array<{ keypair: Keypair }>;
      keypairs_links?: Array<{ href: string }>;
    }>('GET', `${path}?limit=2`, { token, microversion: '2.35' });
    const first = page.body.keypairs.map((k) => k.keypair.name);
    expect(first).toHaveLength(2);
    expect(page.body.keypairs_links?.[0]?.href).toBe(
      `${cloud().url}/compute/v2.1/os-keypairs?limit=2&marker=${encodeURIComponent(first[1] ?? '')}`,
    );
    const next = await cloud().request<{ keypairs: Array<{ keypair: Keypair }> }>(
      'GET',
      `${path}?limit=2&marker=${first[1]}`,
      {
        token,
        microversion: '2.35',
      },
    );
    expect(next.body.keypairs.map((k) => k.keypair.name)).not.toContain(first[0]);
    const unpaged = await cloud().request<{ keypairs: unknown[]; keypairs_links?: unknown }>(
      'GET',
      `${path}?limit=1`,
      { token },
    );
    expect(unpaged.body.keypairs.length).toBeGreaterThan(1);
    expect(unpaged.body.keypairs_links).toBeUndefined();
  });
});
