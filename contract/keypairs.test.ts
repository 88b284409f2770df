import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MD5_FINGERPRINT, SHA1_FINGERPRINT, nova } from './support/nova';
import { session, uniqueName } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';

// Fixed keys, so the fingerprints can be compared with what the real Nova computes (the expected
// values are `ssh-keygen -l -E md5` and `openssl x509 -fingerprint -sha1` of these keys, and the
// lab's Nova answers the same).
const RSA_PUBLIC_KEY =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQClQbxahmc1b3KsOeuU+u4umiEfBFdsjPF2+ONfilDHA0a6pGsSBP2Ib5Q/GSCc+x30AoidfJ2UOJIqy9UYQALl5BgrRnUOHQH8Q77hcZoFq47L9eF6oWkOE/9eW9gbQx7hcqdhr7waRA3QuqKVYocugptWBDSegOwNmc8pa1sY239trcGBcM5GdcKVJpWPvv62htrbbUGxhUaTenzGzfyuMRBRM1jMXvU8tc0ENGXGmVVplEnrOXKPCmg/6PYDgC6ERn4Hviu5IBd0EC3uof67nzuOT8wcRcBcXpHGprZIG7AyvRY1If6Z8rMHyr8P6mX0JHnfkZBnQZ6JBw03WpVZ contract@skydeck';
const RSA_FINGERPRINT = '2a:32:c8:3a:cb:dd:30:f6:73:77:6e:20:c2:12:2e:cb';
const ED25519_PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINoX6xVBHPJDzajE2h5mFKpRcpUOJA+qMTM40ED+CG40 contract@skydeck';
const ED25519_FINGERPRINT = '41:06:7e:d3:56:c5:e6:8b:6f:42:bc:99:66:e2:3d:80';
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDFzCCAf+gAwIBAgIUDARjiwYFGgpK9sk6DHKno0Z3eJMwDQYJKoZIhvcNAQEL
BQAwGzEZMBcGA1UEAwwQc2t5ZGVjay1jb250cmFjdDAeFw0yNjExMjIwMjEyMzJa
Fw0zNjExMTkwMjEyMzJaMBsxGTAXBgNVBAMMEHNreWRlY2stY29udHJhY3QwggEi
MA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCk7m/tIEb1i8dv8Htc2o77ewUt
JKpXIXQ08hw51Kry8MxjPSAQDdZ24vShv8VCb+dPP6R0INaYG7HOhPD0ifse1xw9
HBtZquexE4xWF3z0KF0yYKX6NTKuLTXZvQluCGRg8VtWfOhSvMLREi4q4KNmXRoF
opLjQ6V7ygtAtf1xBuv732An9iorZ5nhwByxVVKBFUKSwaR3+mov9rEvzyy/SzAZ
JQPxs4OsTzEHaXZjSrSIkToz3Vcp2xo6gOxQy6tYc4XNyzIsMjejgHv9DOtsq9JR
DllWvTpmTBwVI27HIqv0TR7PEieSn0CPI3JGLv73scuwkIRSEctNPdZUik5hAgMB
AAGjUzBRMB0GA1UdDgQWBBQvdBxaf3oXwE9nSTqWZlM0bcVX+TAfBgNVHSMEGDAW
gBQvdBxaf3oXwE9nSTqWZlM0bcVX+TAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3
DQEBCwUAA4IBAQBEbhauMqLKPzeNQjc/XCJKrqGgXlZPbIBULjoxm2itG1I9h8uM
juXxk/INrCsbOujRx64dXvC4z20Ac9hnQYfqZoT2f8fWjShS226y3X4tVAP8V2Xe
V7rCMLyv77qxeLLNPamr8IAr6JBBEeE0UFa6m8BZVrrDlPdAg9ZYdPWs/9Pins2/
JPy2fWYWt5d/Ie8J4MKJ/FCnpVVS+keIkH1mINuKqOcp5BPo18Rj+Ldjjja7DdKD
iB2ptRjpT4EB80nGs7O/q3S4z0eUuHun7xubHi9c8JlH0/RM7nzyH//edhPkKO44
83PvGJzAG1rJYPZrMyqUnio87b9NqrKaDVAH
-----END CERTIFICATE-----
`;
const CERTIFICATE_FINGERPRINT = 'f1:3a:49:c5:cb:4f:53:1a:ba:82:0a:ee:20:5c:d7:b7:ab:a1:d6:1d';

/** Key pair names this file created (as demo), deleted at the end. */
const created = new Set<string>();

afterAll(async () => {
  const demo = await session('demo');
  for (const name of created) await nova(demo, 'DELETE', `os-keypairs/${name}`);
});

function sshString(data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
}

function sshMpint(data: Buffer): Buffer {
  let start = 0;
  while (start < data.length - 1 && data[start] === 0) start++;
  const trimmed = data.subarray(start);
  return sshString((trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** The OpenSSH public key blob of a PEM RSA private key, to check the pair belongs together. */
function publicBlobOf(privatePem: string): string {
  const jwk = createPublicKey(createPrivateKey(privatePem)).export({ format: 'jwk' });
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-rsa')),
    sshMpint(Buffer.from(jwk.e ?? '', 'base64url')),
    sshMpint(Buffer.from(jwk.n ?? '', 'base64url')),
  ]);
  return blob.toString('base64');
}

function md5Fingerprint(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(' ')[1] ?? '', 'base64');
  return [...createHash('md5').update(blob).digest()]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join(':');
}

describe('nova key pairs: generation (≤ 2.91)', () => {
  it('2.2 answers 201 with the private key, an MD5 fingerprint and type ssh', async () => {
    const demo = await session('demo');
    const name = uniqueName('gen');
    const answer = await nova(demo, 'POST', 'os-keypairs', '2.2', {
      json: { keypair: { name } },
    });
    expect(answer.status).toBe(201);
    created.add(name);
    const keypair = field(answer.body, 'keypair');
    expectKeys(keypair, ['name', 'public_key', 'private_key', 'fingerprint', 'user_id', 'type']);
    expectShape(keypair, {
      name: 'string',
      public_key: 'string',
      private_key: 'string',
      fingerprint: 'string',
      user_id: 'string',
      type: 'string',
    });
    const { public_key, private_key, fingerprint, user_id, type } = keypair as Record<
      string,
      string
    >;
    expect(type).toBe('ssh');
    expect(user_id).toBe(demo.body.user.id);
    expect(fingerprint).toMatch(MD5_FINGERPRINT);
    expect(public_key).toMatch(/^ssh-rsa AAAA[0-9A-Za-z+/]+=* Generated-by-Nova$/);
    expect(private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(String(private_key).trimEnd()).toMatch(/\n-----END RSA PRIVATE KEY-----$/);
    expect(md5Fingerprint(String(public_key))).toBe(fingerprint);
    expect(publicBlobOf(String(private_key))).toBe(String(public_key).split(' ')[1]);
    const jwk = createPublicKey(createPrivateKey(String(private_key))).export({ format: 'jwk' });
    expect(Buffer.from(jwk.n ?? '', 'base64url').length * 8).toBe(2048);
  });

  it('2.1 answers 200 without a type field', async () => {
    const demo = await session('demo');
    const name = uniqueName('gen21');
    const answer = await nova(demo, 'POST', 'os-keypairs', '2.1', { json: { keypair: { name } } });
    expect(answer.status).toBe(200);
    created.add(name);
    expectKeys(field(answer.body, 'keypair'), [
      'name',
      'public_key',
      'private_key',
      'fingerprint',
      'user_id',
    ]);
  });

  it('the client generates below 2.92 and returns the private key', async () => {
    const demo = await session('demo');
    const name = uniqueName('client');
    const keypair = await demo.client.nova.keypairs.create({ name });
    created.add(name);
    expect(keypair.private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(keypair.type).toBe('ssh');
    expect(keypair.fingerprint).toMatch(MD5_FINGERPRINT);
  });

  it('2.92 refuses generation: 400 badRequest', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name: uniqueName('refused') } },
    });
    expect(answer.status).toBe(400);
    expectComputeFault(answer.body, 'badRequest', 400);
  });
});

describe('nova key pairs: import', () => {
  it.each([
    ['rsa', RSA_PUBLIC_KEY, RSA_FINGERPRINT],
    ['ed25519', ED25519_PUBLIC_KEY, ED25519_FINGERPRINT],
  ])('an imported %s key has Nova’s MD5 fingerprint', async (_kind, publicKey, fingerprint) => {
    const demo = await session('demo');
    const name = uniqueName('import');
    const keypair = await demo.client.nova.keypairs.create({ name, publicKey });
    created.add(name);
    expect(keypair.fingerprint).toBe(fingerprint);
    expect(keypair.public_key).toBe(publicKey);
    expect(keypair.private_key).toBeUndefined();
    expect(keypair.type).toBe('ssh');
  });

  it('2.92 import answers 201 without private_key', async () => {
    const demo = await session('demo');
    const name = uniqueName('import292');
    const answer = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name, public_key: RSA_PUBLIC_KEY } },
    });
    expect(answer.status).toBe(201);
    created.add(name);
    expectKeys(field(answer.body, 'keypair'), [
      'name',
      'public_key',
      'fingerprint',
      'user_id',
      'type',
    ]);
  });

  it('an X.509 certificate (type x509) gets its SHA-1 fingerprint', async () => {
    const demo = await session('demo');
    const name = uniqueName('x509');
    const keypair = await demo.client.nova.keypairs.create({
      name,
      type: 'x509',
      publicKey: CERTIFICATE,
    });
    created.add(name);
    expect(keypair.type).toBe('x509');
    expect(keypair.fingerprint).toMatch(SHA1_FINGERPRINT);
    expect(keypair.fingerprint).toBe(CERTIFICATE_FINGERPRINT);
  });

  it('refuses a public key that is not one (400) and a duplicate name (409)', async () => {
    const demo = await session('demo');
    const name = uniqueName('dup');
    const bad = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name, public_key: 'ssh-rsa not-a-key' } },
    });
    expect(bad.status).toBe(400);
    expectComputeFault(bad.body, 'badRequest', 400);

    const first = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name, public_key: ED25519_PUBLIC_KEY } },
    });
    expect(first.status).toBe(201);
    created.add(name);
    const second = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name, public_key: ED25519_PUBLIC_KEY } },
    });
    expect(second.status).toBe(409);
    expectComputeFault(second.body, 'conflictingRequest', 409);
    expect(field(second.body, 'conflictingRequest', 'message')).toBe(
      `Key pair '${name}' already exists.`,
    );
  });

  it('names with "@" need 2.92', async () => {
    const demo = await session('demo');
    const name = `${uniqueName('at')}@host`;
    const old = await nova(demo, 'POST', 'os-keypairs', '2.91', {
      json: { keypair: { name, public_key: ED25519_PUBLIC_KEY } },
    });
    expect(old.status).toBe(400);
    expectComputeFault(old.body, 'badRequest', 400);
    const current = await nova(demo, 'POST', 'os-keypairs', '2.92', {
      json: { keypair: { name, public_key: ED25519_PUBLIC_KEY } },
    });
    expect(current.status).toBe(201);
    created.add(name);
  });
});

describe('nova key pairs: show, list, delete', () => {
  it('show has the database fields; list wraps each key pair; delete is 204 then 404', async () => {
    const demo = await session('demo');
    const name = uniqueName('show');
    await demo.client.nova.keypairs.create({ name, publicKey: RSA_PUBLIC_KEY });
    created.add(name);

    const shown = await nova(demo, 'GET', `os-keypairs/${name}`, '2.2');
    expect(shown.status).toBe(200);
    const keypair = field(shown.body, 'keypair');
    expectKeys(keypair, [
      'name',
      'public_key',
      'fingerprint',
      'user_id',
      'type',
      'id',
      'created_at',
      'updated_at',
      'deleted',
      'deleted_at',
    ]);
    expectShape(keypair, {
      id: 'integer',
      created_at: 'string',
      updated_at: 'null',
      deleted: 'boolean',
      deleted_at: 'null',
    });
    expect(field(keypair, 'deleted')).toBe(false);
    expect(field(keypair, 'created_at')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);

    const listed = await nova(demo, 'GET', 'os-keypairs', '2.35');
    expect(listed.status).toBe(200);
    expectShape(listed.body, {
      keypairs: [{ keypair: { name: 'string', public_key: 'string', fingerprint: 'string' } }],
    });
    const entries = field(listed.body, 'keypairs') as { keypair: Record<string, unknown> }[];
    const mine = entries.find((entry) => entry.keypair['name'] === name);
    expectKeys(mine?.keypair, ['name', 'public_key', 'fingerprint', 'type']);

    const viaClient = await demo.client.nova.keypairs.list();
    expect(viaClient.map((entry) => entry.name)).toContain(name);

    const deleted = await nova(demo, 'DELETE', `os-keypairs/${name}`, '2.2');
    expect(deleted.status).toBe(204);
    created.delete(name);
    const gone = await nova(demo, 'GET', `os-keypairs/${name}`, '2.2');
    expect(gone.status).toBe(404);
    expectComputeFault(gone.body, 'itemNotFound', 404);
  });

  it('pages from 2.35 with limit, marker and keypairs_links', async () => {
    const demo = await session('demo');
    const names = [uniqueName('page-a'), uniqueName('page-b')];
    for (const name of names) {
      await demo.client.nova.keypairs.create({ name, publicKey: ED25519_PUBLIC_KEY });
      created.add(name);
    }
    const all = await nova(demo, 'GET', 'os-keypairs', '2.35');
    const ordered = (field(all.body, 'keypairs') as { keypair: { name: string } }[]).map(
      (entry) => entry.keypair.name,
    );
    // Sorted by name.
    expect(ordered).toEqual([...ordered].sort());
    const first = await nova(demo, 'GET', 'os-keypairs?limit=1', '2.35');
    expect(first.status).toBe(200);
    expect(field(first.body, 'keypairs')).toHaveLength(1);
    expectShape(first.body, { keypairs_links: [{ rel: 'string', href: 'string' }] });
    const link = (field(first.body, 'keypairs_links') as { rel: string; href: string }[])[0];
    expect(link?.rel).toBe('next');
    const next = new URL(link?.href ?? '');
    expect(next.pathname).toMatch(/\/v2\.1\/os-keypairs$/);
    expect(next.searchParams.get('limit')).toBe('1');
    expect(next.searchParams.get('marker')).toBe(ordered[0]);
    // Before 2.35 paging parameters are unknown, and unknown query parameters are ignored.
    const old = await nova(demo, 'GET', 'os-keypairs?limit=1', '2.34');
    expect(old.status).toBe(200);
    expect((field(old.body, 'keypairs') as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect(field(old.body, 'keypairs_links')).toBeUndefined();
  });

  it('deletes with 202 at 2.1', async () => {
    const demo = await session('demo');
    const name = uniqueName('del21');
    await demo.client.nova.keypairs.create({ name, publicKey: ED25519_PUBLIC_KEY });
    created.add(name);
    const deleted = await nova(demo, 'DELETE', `os-keypairs/${name}`, '2.1');
    expect(deleted.status).toBe(202);
    created.delete(name);
  });

  it('key pairs belong to their user: another user sees 404', async () => {
    const demo = await session('demo');
    const reader = await session('reader');
    const name = uniqueName('private');
    await demo.client.nova.keypairs.create({ name, publicKey: ED25519_PUBLIC_KEY });
    created.add(name);
    const foreign = await nova(reader, 'GET', `os-keypairs/${name}`, '2.2');
    expect(foreign.status).toBe(404);
    expectComputeFault(foreign.body, 'itemNotFound', 404);
    const names = (await reader.client.nova.keypairs.list()).map((entry) => entry.name);
    expect(names).not.toContain(name);
  });
});
