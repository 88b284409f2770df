import { beforeAll, describe, expect, it } from 'vitest';
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

const boot = async (
  cloud: TestCloud,
  token: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> => {
  const created = await createServer(cloud, token, {
    name,
    imageRef: await cirrosImageId(cloud, token),
    flavorRef: '1',
    networks: [{ uuid: await networkIdByName(cloud, token, 'private') }],
    ...extra,
  });
  if (created.status !== 202) throw new Error(`create ${name}: ${JSON.stringify(created.body)}`);
  const id = created.body.server?.id ?? '';
  await waitForStatus(cloud, token, id, 'ACTIVE');
  return id;
};

const conflict = (message: string): unknown => ({ conflictingRequest: { code: 409, message } });

describe('nova server actions', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  beforeAll(async () => {
    // Each test boots its own servers: room for them beyond the seeded five.
    const project = (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';
    await cloud().request('PUT', `${COMPUTE}/os-quota-sets/${project}`, {
      token: await cloud().token('admin', 'admin'),
      body: { quota_set: { instances: 50, cores: 50 } },
    });
  });

  it('stops, starts, pauses, suspends and reboots, refusing wrong states with nova’s 409s', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await boot(cloud(), demo, 'actor');
    const act = (body: unknown): ReturnType<typeof serverAction> =>
      serverAction(cloud(), demo, id, body);

    expect((await act({ 'os-stop': null })).status).toBe(202);
    const stopped = await waitForStatus(cloud(), demo, id, 'SHUTOFF');
    expect(stopped?.['OS-EXT-STS:power_state']).toBe(4);
    expect((await act({ 'os-stop': null })).body).toEqual(
      conflict(`Cannot 'stop' instance ${id} while it is in vm_state stopped`),
    );
    expect((await act({ pause: null })).body).toEqual(
      conflict(`Cannot 'pause' instance ${id} while it is in vm_state stopped`),
    );
    expect((await act({ reboot: { type: 'SOFT' } })).body).toEqual(
      conflict(`Cannot 'reboot' instance ${id} while it is in vm_state stopped`),
    );
    // A hard reboot starts a stopped server.
    expect((await act({ reboot: { type: 'HARD' } })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect((await act({ 'os-start': null })).body).toEqual(
      conflict(`Cannot 'start' instance ${id} while it is in vm_state active`),
    );

    expect((await act({ pause: null })).status).toBe(202);
    expect((await waitForStatus(cloud(), demo, id, 'PAUSED'))?.['OS-EXT-STS:power_state']).toBe(3);
    expect((await act({ suspend: null })).status).toBe(409);
    expect((await act({ unpause: null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect((await act({ resume: null })).body).toEqual(
      conflict(`Cannot 'resume' instance ${id} while it is in vm_state active`),
    );
    expect((await act({ suspend: null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'SUSPENDED');
    expect((await act({ resume: null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect((await act({ reboot: { type: 'SOFT' } })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');

    expect((await act({ reboot: { type: 'GENTLE' } })).status).toBe(400);
    expect((await act({ reboot: {} })).status).toBe(400);
    expect((await act({ levitate: null })).body).toEqual({
      badRequest: { code: 400, message: 'There is no such action: levitate' },
    });
    const reader = await cloud().token('reader', 'demo');
    expect((await serverAction(cloud(), reader, id, { 'os-stop': null })).body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:servers:stop to be performed.",
      },
    });

    const actions = await cloud().request<{
      instanceActions: Array<{ action: string; request_id: string }>;
    }>('GET', `${COMPUTE}/servers/${id}/os-instance-actions`, { token: demo });
    expect(actions.body.instanceActions.map((a) => a.action)).toEqual([
      'reboot',
      'resume',
      'suspend',
      'unpause',
      'pause',
      'reboot',
      'stop',
      'create',
    ]);
    const stop = actions.body.instanceActions.find((a) => a.action === 'stop');
    const detail = await cloud().request<{
      instanceAction: { events: Array<Record<string, unknown>> };
    }>('GET', `${COMPUTE}/servers/${id}/os-instance-actions/${stop?.request_id}`, {
      token: demo,
      microversion: '2.62',
    });
    expect(detail.body.instanceAction.events).toEqual([
      {
        event: 'compute_stop_instance',
        start_time: expect.any(String),
        finish_time: expect.any(String),
        result: 'Success',
        hostId: expect.stringMatching(/^[0-9a-f]{56}$/),
      },
    ]);
    const oldDetail = await cloud().request<{ instanceAction: Record<string, unknown> }>(
      'GET',
      `${COMPUTE}/servers/${id}/os-instance-actions/${stop?.request_id}`,
      { token: demo, microversion: '2.50' },
    );
    expect(oldDetail.body.instanceAction).not.toHaveProperty('events');
    const asAdmin = await cloud().request<{
      instanceAction: { events: Array<Record<string, unknown>> };
    }>('GET', `${COMPUTE}/servers/${id}/os-instance-actions/${stop?.request_id}`, {
      token: await cloud().token('admin', 'admin'),
      microversion: '2.84',
    });
    expect(asAdmin.body.instanceAction.events[0]).toMatchObject({ traceback: null, details: null });
    expect(asAdmin.body.instanceAction.events[0]?.['host']).toMatch(/^demo-compute-\d$/);
  });

  it('locks (with a reason from 2.73) and lets only an admin override another’s lock', async () => {
    const demo = await cloud().token('demo', 'demo');
    const admin = await cloud().token('admin', 'admin');
    const id = await boot(cloud(), demo, 'lockable');
    expect(
      (await serverAction(cloud(), demo, id, { lock: { locked_reason: 'maintenance' } })).status,
    ).toBe(202);
    const locked = (await getServer(cloud(), demo, id)).body.server;
    expect(locked).toMatchObject({ locked: true, locked_reason: 'maintenance' });
    expect((await serverAction(cloud(), demo, id, { 'os-stop': null })).body).toEqual(
      conflict(`Instance ${id} is locked`),
    );
    expect(
      (await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo })).status,
    ).toBe(409);
    expect(
      (await serverAction(cloud(), demo, id, { lock: { locked_reason: 'x' } }, '2.72')).status,
    ).toBe(400);
    expect((await serverAction(cloud(), demo, id, { unlock: null })).status).toBe(202);

    // Locked by an admin of another project: the owner needs unlock_override.
    expect((await serverAction(cloud(), admin, id, { lock: null })).status).toBe(202);
    expect((await serverAction(cloud(), demo, id, { unlock: null })).body).toEqual({
      forbidden: {
        code: 403,
        message:
          "Policy doesn't allow os_compute_api:os-lock-server:unlock:unlock_override to be performed.",
      },
    });
    // An admin is not held by locks.
    expect((await serverAction(cloud(), admin, id, { 'os-stop': null })).status).toBe(202);
    expect((await serverAction(cloud(), admin, id, { unlock: null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'SHUTOFF');
  });

  it('resizes to VERIFY_RESIZE, then confirms or reverts', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await boot(cloud(), demo, 'growing');
    expect((await serverAction(cloud(), demo, id, { resize: { flavorRef: '1' } })).body).toEqual({
      badRequest: { code: 400, message: 'When resizing, instances must change flavor!' },
    });
    expect((await serverAction(cloud(), demo, id, { resize: { flavorRef: '77' } })).status).toBe(
      400,
    );
    expect((await serverAction(cloud(), demo, id, { confirmResize: null })).body).toEqual(
      conflict(`Cannot 'confirmResize' instance ${id} while it is in vm_state active`),
    );
    expect((await serverAction(cloud(), demo, id, { resize: { flavorRef: '2' } })).status).toBe(
      202,
    );
    const verify = await waitForStatus(cloud(), demo, id, 'VERIFY_RESIZE');
    expect(verify?.['flavor']).toMatchObject({ original_name: 'm1.small' });
    expect((await serverAction(cloud(), demo, id, { confirmResize: null })).status).toBe(204);
    expect((await getServer(cloud(), demo, id)).body.server.status).toBe('ACTIVE');

    expect((await serverAction(cloud(), demo, id, { resize: { flavorRef: '3' } })).status).toBe(
      202,
    );
    await waitForStatus(cloud(), demo, id, 'VERIFY_RESIZE');
    expect((await serverAction(cloud(), demo, id, { revertResize: null })).status).toBe(202);
    const reverted = await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect(reverted?.['flavor']).toMatchObject({ original_name: 'm1.small' });
    // Disks do not shrink below the image metadata's minimum (raised to the flavor's disk).
    expect((await serverAction(cloud(), demo, id, { resize: { flavorRef: '1' } })).body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Flavor's disk is smaller than the minimum size specified in image metadata. Flavor disk is 1073741824 bytes, minimum size is 21474836480 bytes.",
      },
    });
  });

  it('snapshots into Glance: image_id from 2.45, a Location header before', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await boot(cloud(), demo, 'snappy');
    const v245 = await serverAction(
      cloud(),
      demo,
      id,
      { createImage: { name: 'snap-1', metadata: { purpose: 'test' } } },
      '2.45',
    );
    expect(v245.status).toBe(202);
    const imageId = v245.body['image_id'] as string;
    expect(imageId).toMatch(/^[0-9a-f-]{36}$/);
    const during = (await getServer(cloud(), demo, id)).body.server;
    expect(during.status).toBe('ACTIVE');
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    const image = await cloud().request<Record<string, unknown>>(
      'GET',
      `/image/v2/images/${imageId}`,
      { token: demo },
    );
    expect(image.status).toBe(200);
    expect(image.body).toMatchObject({
      name: 'snap-1',
      image_type: 'snapshot',
      instance_uuid: id,
      purpose: 'test',
    });

    const v21 = await serverAction(cloud(), demo, id, { createImage: { name: 'snap-2' } }, '2.1');
    expect(v21.status).toBe(202);
    // Nova appends /images/<id> to the version-stripped Glance endpoint (`.../image/`).
    expect(v21.headers.get('location')).toMatch(
      new RegExp(`${cloud().url}/image//images/[0-9a-f-]{36}$`),
    );
    expect(v21.body).toEqual({});
    const backup = await serverAction(
      cloud(),
      demo,
      id,
      { createBackup: { name: 'nightly', backup_type: 'daily', rotation: 2 } },
      '2.45',
    );
    expect(backup.status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
  });

  it('rescues, shelves and unshelves', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await boot(cloud(), demo, 'shelf');
    const rescue = await serverAction(cloud(), demo, id, { rescue: { adminPass: 'Secret123' } });
    expect(rescue.status).toBe(200);
    expect(rescue.body).toEqual({ adminPass: 'Secret123' });
    await waitForStatus(cloud(), demo, id, 'RESCUE');
    expect((await serverAction(cloud(), demo, id, { unrescue: null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect((await serverAction(cloud(), demo, id, { shelve: null })).status).toBe(202);
    const shelved = await waitForStatus(cloud(), demo, id, 'SHELVED_OFFLOADED');
    expect(shelved?.['hostId']).toBe('');
    expect((await serverAction(cloud(), demo, id, { 'os-getConsoleOutput': {} })).body).toEqual(
      conflict(`Instance ${id} is not ready`),
    );
    expect((await serverAction(cloud(), demo, id, { unshelve: null })).status).toBe(202);
    const back = await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect(back?.['hostId']).not.toBe('');
  });

  it('rebuilds, changes the password and lets an admin reset the state', async () => {
    const demo = await cloud().token('demo', 'demo');
    const admin = await cloud().token('admin', 'admin');
    const id = await boot(cloud(), demo, 'rebuildable');
    const image = await cirrosImageId(cloud(), demo);
    const rebuilt = await serverAction(cloud(), demo, id, {
      rebuild: { imageRef: image, name: 'rebuilt' },
    });
    expect(rebuilt.status).toBe(202);
    expect(rebuilt.body['server']).toMatchObject({
      id,
      name: 'rebuilt',
      status: 'REBUILD',
      adminPass: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
    });
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect(
      (await serverAction(cloud(), demo, id, { changePassword: { adminPass: 'n3w-Secret' } }))
        .status,
    ).toBe(202);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    expect(
      (await serverAction(cloud(), demo, id, { 'os-resetState': { state: 'error' } })).status,
    ).toBe(403);
    expect(
      (await serverAction(cloud(), admin, id, { 'os-resetState': { state: 'error' } })).status,
    ).toBe(202);
    expect((await getServer(cloud(), demo, id)).body.server.status).toBe('ERROR');
    expect((await serverAction(cloud(), demo, id, { 'os-stop': null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'SHUTOFF');
  });

  it('answers the console output, tailed to length lines', async () => {
    const demo = await cloud().token('demo', 'demo');
    const web1 = await serverIdByName(cloud(), demo, 'web-1');
    const console = async (
      body: unknown,
    ): Promise<{ status: number; output?: string; body: unknown }> => {
      const r = await serverAction(cloud(), demo, web1, { 'os-getConsoleOutput': body });
      return { status: r.status, output: r.body['output'] as string | undefined, body: r.body };
    };
    const full = await console({});
    expect(full.status).toBe(200);
    expect(full.output).toContain('Linux version');
    expect(full.output).toMatch(/web-1 login: $/);
    expect(full.output?.split('\n').length).toBeGreaterThan(40);
    // Nova tails with log[-length:]: -1 drops the first line.
    expect((await console({ length: -1 })).output).toBe(
      full.output?.split('\n').slice(1).join('\n'),
    );
    const tail = await console({ length: 5 });
    expect(tail.output?.split('\n')).toHaveLength(5);
    expect(full.output?.endsWith(tail.output ?? 'x')).toBe(true);
    expect((await console({ length: '3' })).output?.split('\n')).toHaveLength(3);
    expect((await console({ length: 0 })).output).toBe('');
    expect((await console({ length: 'lots' })).status).toBe(400);
    expect((await console({ length: -2 })).status).toBe(400);
    const broken = await serverIdByName(cloud(), demo, 'broken');
    expect(
      (await serverAction(cloud(), demo, broken, { 'os-getConsoleOutput': { length: 5 } })).body,
    ).toEqual(conflict(`Instance ${broken} is not ready`));
  });

  it('hands out a console URL (remote-consoles from 2.6) that opens a console page', async () => {
    const demo = await cloud().token('demo', 'demo');
    const web1 = await serverIdByName(cloud(), demo, 'web-1');
    const remote = await cloud().request<{
      remote_console: { protocol: string; type: string; url: string };
    }>('POST', `${COMPUTE}/servers/${web1}/remote-consoles`, {
      token: demo,
      microversion: '2.6',
      body: { remote_console: { protocol: 'vnc', type: 'novnc' } },
    });
    expect(remote.status).toBe(200);
    expect(remote.body.remote_console).toMatchObject({ protocol: 'vnc', type: 'novnc' });
    const page = await fetch(remote.body.remote_console.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('login:');
    expect(
      (await fetch(`${cloud().url}/compute/console/vnc_lite.html?path=%3Ftoken%3Dnope`)).status,
    ).toBe(401);

    const spice = await cloud().request('POST', `${COMPUTE}/servers/${web1}/remote-consoles`, {
      token: demo,
      microversion: '2.6',
      body: { remote_console: { protocol: 'spice', type: 'spice-html5' } },
    });
    expect(spice.body).toEqual({
      badRequest: { code: 400, message: 'Unavailable console type spice-html5.' },
    });
    const legacy = await serverAction(
      cloud(),
      demo,
      web1,
      { 'os-getVNCConsole': { type: 'novnc' } },
      '2.5',
    );
    expect(legacy.body).toMatchObject({
      console: { type: 'novnc', url: expect.stringContaining('vnc_lite.html') },
    });
    expect(
      (await serverAction(cloud(), demo, web1, { 'os-getVNCConsole': { type: 'novnc' } }, '2.6'))
        .status,
    ).toBe(404);
    const stopped = await serverIdByName(cloud(), demo, 'web-2');
    const off = await cloud().request('POST', `${COMPUTE}/servers/${stopped}/remote-consoles`, {
      token: demo,
      microversion: '2.6',
      body: { remote_console: { protocol: 'vnc', type: 'novnc' } },
    });
    expect(off.status).toBe(400);
  });
});

describe('nova server actions in progress', () => {
  const cloud = useTestCloud({ lifecycleScale: 0.1 });

  it('refuses actions while a task runs, naming the task state', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await boot(cloud(), demo, 'busy');
    expect((await serverAction(cloud(), demo, id, { 'os-stop': null })).status).toBe(202);
    expect((await serverAction(cloud(), demo, id, { pause: null })).body).toEqual(
      conflict(`Cannot 'pause' instance ${id} while it is in task_state powering-off`),
    );
    const during = (await getServer(cloud(), demo, id)).body.server;
    expect(during).toMatchObject({ status: 'ACTIVE', 'OS-EXT-STS:task_state': 'powering-off' });
    await waitForServer(cloud(), demo, id, (s) => s?.status === 'SHUTOFF');
  });
});
