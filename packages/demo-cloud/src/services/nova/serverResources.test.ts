import { constants, createPrivateKey, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import type { TestCloud } from '../../testing/testCloud';
import {
  COMPUTE,
  cirrosImageId,
  createServer,
  getServer,
  networkIdByName,
  serverAction,
  serverIdByName,
  waitForServer,
  waitForStatus,
} from './novaTestKit';

/**
 * RSA decryption with PKCS#1 v1.5 padding, done by hand: Node 20 refuses PKCS1 padding in
 * privateDecrypt (CVE-2023-46809), so decrypt raw and check and strip the padding ourselves.
 */
const decryptPkcs1 = (privatePem: string, ciphertext: Buffer): string => {
  const raw = privateDecrypt(
    { key: createPrivateKey(privatePem), padding: constants.RSA_NO_PADDING },
    ciphertext,
  );
  expect(raw[0]).toBe(0);
  expect(raw[1]).toBe(2);
  const separator = raw.indexOf(0, 2);
  expect(separator).toBeGreaterThanOrEqual(10);
  return raw.subarray(separator + 1).toString('utf8');
};

const volumesPath = (project: string): string => `/volume/v3/${project}/volumes`;

interface VolumeView {
  id: string;
  name: string;
  status: string;
  attachments: Array<{ server_id: string; device: string }>;
}

const volumeByName = async (
  cloud: TestCloud,
  token: string,
  project: string,
  name: string,
): Promise<VolumeView> => {
  const r = await cloud.request<{ volumes: VolumeView[] }>(
    'GET',
    `${volumesPath(project)}/detail?name=${name}`,
    { token },
  );
  const found = r.body.volumes?.[0];
  if (!found) throw new Error(`no volume ${name}: ${JSON.stringify(r.body)}`);
  return found;
};

const volume = async (
  cloud: TestCloud,
  token: string,
  project: string,
  id: string,
): Promise<{ status: number; volume?: VolumeView }> => {
  const r = await cloud.request<{ volume: VolumeView }>('GET', `${volumesPath(project)}/${id}`, {
    token,
  });
  return { status: r.status, volume: r.body.volume };
};

const waitForVolume = async (
  cloud: TestCloud,
  token: string,
  project: string,
  id: string,
  done: (v: { status: number; volume?: VolumeView }) => boolean,
): Promise<{ status: number; volume?: VolumeView }> => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const v = await volume(cloud, token, project, id);
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`volume ${id} did not settle: ${JSON.stringify(v)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('nova server sub-resources', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const demoProject = async (): Promise<string> =>
    (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';

  it('keeps metadata, with nova’s item and state rules', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await serverIdByName(cloud(), demo, 'web-1');
    const path = `${COMPUTE}/servers/${id}/metadata`;
    expect((await cloud().request('GET', path, { token: demo })).body).toEqual({
      metadata: { role: 'web', tier: 'frontend' },
    });
    const merged = await cloud().request('POST', path, {
      token: demo,
      body: { metadata: { owner: 'ops' } },
    });
    expect(merged.body).toEqual({ metadata: { role: 'web', tier: 'frontend', owner: 'ops' } });
    const replaced = await cloud().request('PUT', path, {
      token: demo,
      body: { metadata: { only: 'this' } },
    });
    expect(replaced.body).toEqual({ metadata: { only: 'this' } });
    expect((await cloud().request('GET', `${path}/only`, { token: demo })).body).toEqual({
      meta: { only: 'this' },
    });
    expect(
      (await cloud().request('PUT', `${path}/k`, { token: demo, body: { meta: { k: 'v' } } })).body,
    ).toEqual({ meta: { k: 'v' } });
    expect(
      (await cloud().request('PUT', `${path}/k`, { token: demo, body: { meta: { other: 'v' } } }))
        .body,
    ).toEqual({
      badRequest: { code: 400, message: 'Request body and URI mismatch' },
    });
    expect((await cloud().request('DELETE', `${path}/k`, { token: demo })).status).toBe(204);
    expect((await cloud().request('GET', `${path}/k`, { token: demo })).body).toEqual({
      itemNotFound: { code: 404, message: 'Metadata item was not found' },
    });
    const reader = await cloud().token('reader', 'demo');
    expect((await cloud().request('GET', path, { token: reader })).status).toBe(200);
    expect(
      (await cloud().request('POST', path, { token: reader, body: { metadata: { a: 'b' } } }))
        .status,
    ).toBe(403);
    const broken = await serverIdByName(cloud(), demo, 'broken');
    expect(
      (
        await cloud().request('POST', `${COMPUTE}/servers/${broken}/metadata`, {
          token: demo,
          body: { metadata: { a: 'b' } },
        })
      ).body,
    ).toEqual({
      conflictingRequest: {
        code: 409,
        message: `Cannot 'update metadata' instance ${broken} while it is in vm_state error`,
      },
    });
    const tooMany = Object.fromEntries(Array.from({ length: 129 }, (_, i) => [`k${i}`, 'v']));
    expect(
      (await cloud().request('PUT', path, { token: demo, body: { metadata: tooMany } })).status,
    ).toBe(403);
  });

  it('tags servers from 2.26', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await serverIdByName(cloud(), demo, 'paused-1');
    const path = `${COMPUTE}/servers/${id}/tags`;
    const mv = { token: demo, microversion: '2.26' };
    expect((await cloud().request('GET', path, { token: demo, microversion: '2.25' })).status).toBe(
      404,
    );
    expect((await cloud().request('GET', path, mv)).body).toEqual({ tags: [] });
    const added = await cloud().request('PUT', `${path}/blue`, mv);
    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe(`${cloud().url}${path}/blue`);
    expect((await cloud().request('PUT', `${path}/blue`, mv)).status).toBe(204);
    expect((await cloud().request('GET', `${path}/blue`, mv)).status).toBe(204);
    expect(
      (await cloud().request('PUT', path, { ...mv, body: { tags: ['a', 'b'] } })).body,
    ).toEqual({ tags: ['a', 'b'] });
    expect((await cloud().request('DELETE', `${path}/blue`, mv)).body).toEqual({
      itemNotFound: { code: 404, message: `Instance ${id} has no tag 'blue'` },
    });
    expect((await cloud().request('DELETE', path, mv)).status).toBe(204);
    expect((await cloud().request('GET', path, mv)).body).toEqual({ tags: [] });
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expect((await cloud().request('PUT', path, { ...mv, body: { tags: many } })).status).toBe(400);
  });

  it('lists addresses by network, and the server’s security groups', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await serverIdByName(cloud(), demo, 'web-1');
    const ips = await cloud().request<{
      addresses: Record<string, Array<{ addr: string; version: number }>>;
    }>('GET', `${COMPUTE}/servers/${id}/ips`, { token: demo });
    expect(Object.keys(ips.body.addresses)).toEqual(['private']);
    expect(ips.body.addresses['private']?.[0]).toEqual({ addr: expect.any(String), version: 4 });
    const one = await cloud().request('GET', `${COMPUTE}/servers/${id}/ips/private`, {
      token: demo,
    });
    expect(one.body).toEqual({ private: ips.body.addresses['private'] });
    expect(
      (await cloud().request('GET', `${COMPUTE}/servers/${id}/ips/nowhere`, { token: demo }))
        .status,
    ).toBe(404);
    const byIp = await cloud().request<{ servers: Array<{ name: string }> }>(
      'GET',
      `${COMPUTE}/servers?ip=${ips.body.addresses['private']?.[0]?.addr.replaceAll('.', '\\.')}$`,
      { token: demo },
    );
    expect(byIp.body.servers.map((s) => s.name)).toEqual(['web-1']);

    const groups = await cloud().request<{ security_groups: Array<Record<string, unknown>> }>(
      'GET',
      `${COMPUTE}/servers/${id}/os-security-groups`,
      { token: demo },
    );
    expect(groups.body.security_groups).toEqual([
      expect.objectContaining({
        name: 'default',
        tenant_id: await demoProject(),
        rules: expect.any(Array),
      }),
    ]);
  });

  it('lists the addresses Neutron gives the server now, as GET /servers/{id} does', async () => {
    const demo = await cloud().token('demo', 'demo');
    const network = await networkIdByName(cloud(), demo, 'private');
    const created = await createServer(cloud(), demo, {
      name: 'addresses-follow-neutron',
      imageRef: await cirrosImageId(cloud(), demo),
      flavorRef: '1',
      networks: [{ uuid: network }],
    });
    const id = created.body.server?.id ?? '';
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    type Addresses = Record<string, Array<{ addr: string; 'OS-EXT-IPS:type': string }>>;
    const listed = async (): Promise<Addresses | undefined> =>
      (
        await cloud().request<{ servers: Array<{ id: string; addresses: Addresses }> }>(
          'GET',
          `${COMPUTE}/servers/detail`,
          { token: demo },
        )
      ).body.servers.find((s) => s.id === id)?.addresses;
    const addrs = (a: Addresses | undefined, type: string): string[] =>
      (a?.['private'] ?? []).filter((ip) => ip['OS-EXT-IPS:type'] === type).map((ip) => ip.addr);
    expect(addrs(await listed(), 'fixed')).toHaveLength(2);

    // A floating IP associated through Neutron's API (as the dashboard does), not Nova's.
    const port = (
      await cloud().request<{ ports: Array<{ id: string }> }>(
        'GET',
        `/network/v2.0/ports?device_id=${id}`,
        { token: demo },
      )
    ).body.ports[0];
    const floating = await cloud().request<{ floatingip: { floating_ip_address: string } }>(
      'POST',
      '/network/v2.0/floatingips',
      {
        token: demo,
        body: {
          floatingip: {
            floating_network_id: await networkIdByName(cloud(), demo, 'public'),
            port_id: port?.id,
          },
        },
      },
    );
    expect(floating.status).toBe(201);
    const address = floating.body.floatingip.floating_ip_address;
    expect(addrs(await listed(), 'floating')).toEqual([address]);

    // The port deleted through Neutron: the server has no addresses left, in the list too.
    const deleted = await cloud().request('DELETE', `/network/v2.0/ports/${port?.id}`, {
      token: demo,
    });
    expect(deleted.status).toBe(204);
    expect(await listed()).toEqual({});
    expect((await getServer(cloud(), demo, id)).body.server?.addresses).toEqual({});
  });

  it('answers the admin password encrypted with the server’s RSA key pair', async () => {
    const demo = await cloud().token('demo', 'demo');
    const keypair = await cloud().request<{ keypair: { private_key: string } }>(
      'POST',
      `${COMPUTE}/os-keypairs`,
      {
        token: demo,
        microversion: '2.2',
        body: { keypair: { name: 'pw-key' } },
      },
    );
    expect(keypair.status).toBe(201);
    const created = await createServer(cloud(), demo, {
      name: 'windows-ish',
      imageRef: await cirrosImageId(cloud(), demo),
      flavorRef: '1',
      networks: 'none',
      key_name: 'pw-key',
    });
    const id = created.body.server?.id ?? '';
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    const path = `${COMPUTE}/servers/${id}/os-server-password`;
    const answer = await cloud().request<{ password: string }>('GET', path, { token: demo });
    expect(answer.status).toBe(200);
    const password = decryptPkcs1(
      keypair.body.keypair.private_key,
      Buffer.from(answer.body.password, 'base64'),
    );
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    // The key pair keeps only its public half.
    const stored = await cloud().request<{ keypair: Record<string, unknown> }>(
      'GET',
      `${COMPUTE}/os-keypairs/pw-key`,
      { token: demo },
    );
    expect(stored.body.keypair).not.toHaveProperty('private_key');
    const reader = await cloud().token('reader', 'demo');
    expect((await cloud().request('DELETE', path, { token: reader })).status).toBe(403);
    expect((await cloud().request('DELETE', path, { token: demo })).status).toBe(204);
    expect((await cloud().request('GET', path, { token: demo })).body).toEqual({ password: '' });
  });

  it('boots from a new volume made from the image, and deletes it with the server', async () => {
    const demo = await cloud().token('demo', 'demo');
    const project = await demoProject();
    const created = await createServer(cloud(), demo, {
      name: 'bfv',
      flavorRef: '1',
      networks: [{ uuid: await networkIdByName(cloud(), demo, 'private') }],
      block_device_mapping_v2: [
        {
          source_type: 'image',
          destination_type: 'volume',
          uuid: await cirrosImageId(cloud(), demo),
          boot_index: 0,
          volume_size: 1,
          delete_on_termination: true,
        },
      ],
    });
    expect(created.status).toBe(202);
    const id = created.body.server?.id ?? '';
    const server = await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect(server?.['image']).toBe('');
    const attached = server?.['os-extended-volumes:volumes_attached'] as Array<{
      id: string;
      delete_on_termination: boolean;
    }>;
    expect(attached).toEqual([{ id: expect.any(String), delete_on_termination: true }]);
    const volumeId = attached[0]?.id ?? '';
    const inUse = await waitForVolume(
      cloud(),
      demo,
      project,
      volumeId,
      (v) => v.volume?.status === 'in-use',
    );
    expect(inUse.volume?.attachments[0]).toMatchObject({ server_id: id, device: '/dev/vda' });
    const attachments = await cloud().request<{
      volumeAttachments: Array<Record<string, unknown>>;
    }>('GET', `${COMPUTE}/servers/${id}/os-volume_attachments`, {
      token: demo,
      microversion: '2.89',
    });
    expect(attachments.body.volumeAttachments).toEqual([
      {
        device: '/dev/vda',
        serverId: id,
        volumeId,
        tag: null,
        delete_on_termination: true,
        attachment_id: expect.any(String),
        bdm_uuid: expect.any(String),
      },
    ]);
    expect(
      (
        await cloud().request(
          'DELETE',
          `${COMPUTE}/servers/${id}/os-volume_attachments/${volumeId}`,
          { token: demo },
        )
      ).body,
    ).toEqual({
      badRequest: { code: 400, message: 'Cannot detach a root device volume' },
    });
    expect(
      (await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo })).status,
    ).toBe(204);
    await waitForServer(cloud(), demo, id, (_s, status) => status === 404);
    await waitForVolume(cloud(), demo, project, volumeId, (v) => v.status === 404);
  });

  it('boots from an existing volume and from a snapshot, keeping volumes that should stay', async () => {
    const demo = await cloud().token('demo', 'demo');
    const project = await demoProject();
    const scratch = await volumeByName(cloud(), demo, project, 'fast-scratch');
    const fromVolume = await createServer(cloud(), demo, {
      name: 'from-volume',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [
        { source_type: 'volume', destination_type: 'volume', uuid: scratch.id, boot_index: 0 },
      ],
    });
    expect(fromVolume.status).toBe(202);
    const id = fromVolume.body.server?.id ?? '';
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect((await volume(cloud(), demo, project, scratch.id)).volume?.status).toBe('in-use');
    // An in-use volume cannot boot another server.
    const again = await createServer(cloud(), demo, {
      name: 'twice',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [
        { source_type: 'volume', destination_type: 'volume', uuid: scratch.id, boot_index: 0 },
      ],
    });
    expect(again.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid volume: volume '${scratch.id}' status must be 'available'. Currently in 'in-use'`,
      },
    });
    await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo });
    await waitForVolume(
      cloud(),
      demo,
      project,
      scratch.id,
      (v) => v.volume?.status === 'available',
    );

    const snapshots = await cloud().request<{ snapshots: Array<{ id: string; name: string }> }>(
      'GET',
      `/volume/v3/${project}/snapshots`,
      { token: demo },
    );
    const snap = snapshots.body.snapshots.find((s) => s.name === 'data-vol-snap');
    const fromSnapshot = await createServer(cloud(), demo, {
      name: 'from-snapshot',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [
        {
          source_type: 'snapshot',
          destination_type: 'volume',
          uuid: snap?.id,
          boot_index: 0,
          delete_on_termination: true,
        },
      ],
    });
    expect(fromSnapshot.status).toBe(202);
    const snapServer = await waitForStatus(
      cloud(),
      demo,
      fromSnapshot.body.server?.id ?? '',
      'ACTIVE',
    );
    expect(snapServer?.['os-extended-volumes:volumes_attached']).toHaveLength(1);
    const missing = await createServer(cloud(), demo, {
      name: 'nothing',
      flavorRef: '1',
      networks: 'none',
      block_device_mapping_v2: [
        {
          source_type: 'volume',
          destination_type: 'volume',
          uuid: '00000000-0000-4000-8000-000000000000',
          boot_index: 0,
        },
      ],
    });
    expect(missing.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Block Device Mapping is Invalid: failed to get volume 00000000-0000-4000-8000-000000000000.',
      },
    });
    const noBoot = await createServer(cloud(), demo, {
      name: 'no-boot',
      flavorRef: '1',
      networks: 'none',
    });
    expect(noBoot.body).toEqual({
      badRequest: { code: 400, message: 'Missing imageRef attribute' },
    });
  });

  it('attaches and detaches a volume through os-volume_attachments', async () => {
    const demo = await cloud().token('demo', 'demo');
    const project = await demoProject();
    const web1 = await serverIdByName(cloud(), demo, 'web-1');
    const scratch = await volumeByName(cloud(), demo, project, 'fast-scratch');
    const path = `${COMPUTE}/servers/${web1}/os-volume_attachments`;
    const attach = await cloud().request<{ volumeAttachment: Record<string, unknown> }>(
      'POST',
      path,
      {
        token: demo,
        microversion: '2.79',
        body: {
          volumeAttachment: { volumeId: scratch.id, tag: 'scratch', delete_on_termination: false },
        },
      },
    );
    expect(attach.status).toBe(200);
    expect(attach.body.volumeAttachment).toEqual({
      id: scratch.id,
      device: '/dev/vdb',
      serverId: web1,
      volumeId: scratch.id,
      tag: 'scratch',
      delete_on_termination: false,
    });
    expect((await volume(cloud(), demo, project, scratch.id)).volume?.status).toBe('in-use');
    const shown = await cloud().request('GET', `${path}/${scratch.id}`, { token: demo });
    expect(shown.body).toEqual({
      volumeAttachment: {
        id: scratch.id,
        device: '/dev/vdb',
        serverId: web1,
        volumeId: scratch.id,
      },
    });
    const server = (await getServer(cloud(), demo, web1)).body.server;
    expect(server['os-extended-volumes:volumes_attached']).toEqual([
      { id: scratch.id, delete_on_termination: false },
    ]);
    const twice = await cloud().request('POST', path, {
      token: demo,
      body: { volumeAttachment: { volumeId: scratch.id } },
    });
    expect(twice.status).toBe(400);
    const reader = await cloud().token('reader', 'demo');
    expect(
      (await cloud().request('DELETE', `${path}/${scratch.id}`, { token: reader })).status,
    ).toBe(403);
    expect((await cloud().request('DELETE', `${path}/${scratch.id}`, { token: demo })).status).toBe(
      202,
    );
    expect((await volume(cloud(), demo, project, scratch.id)).volume?.status).toBe('available');
    expect((await cloud().request('GET', `${path}/${scratch.id}`, { token: demo })).body).toEqual({
      itemNotFound: {
        code: 404,
        message: `Instance ${web1} is not attached to volume ${scratch.id}`,
      },
    });
    const actions = await cloud().request<{ instanceActions: Array<{ action: string }> }>(
      'GET',
      `${COMPUTE}/servers/${web1}/os-instance-actions`,
      { token: demo },
    );
    expect(actions.body.instanceActions.slice(0, 2).map((a) => a.action)).toEqual([
      'detach_volume',
      'attach_volume',
    ]);
    // db-1 (seeded) boots from boot-vol with data-vol attached.
    const db1 = (await getServer(cloud(), demo, await serverIdByName(cloud(), demo, 'db-1'))).body
      .server;
    const volumes = db1['os-extended-volumes:volumes_attached'] as Array<{ id: string }>;
    expect(volumes.map((v) => v.id)).toEqual([
      (await volumeByName(cloud(), demo, project, 'boot-vol')).id,
      (await volumeByName(cloud(), demo, project, 'data-vol')).id,
    ]);
    expect((await volumeByName(cloud(), demo, project, 'data-vol')).status).toBe('in-use');
    // Stopping is fine with volumes attached; the server action path still works.
    expect((await serverAction(cloud(), demo, web1, { 'os-stop': null })).status).toBe(202);
    await waitForStatus(cloud(), demo, web1, 'SHUTOFF');
    expect((await serverAction(cloud(), demo, web1, { 'os-start': null })).status).toBe(202);
    await waitForStatus(cloud(), demo, web1, 'ACTIVE');
  });
});
