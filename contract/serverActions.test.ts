import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_IMAGE_ATTRIBUTES } from '@skydeck/openstack-client';
import { cleanupAfterAll } from './support/cleanup';
import type { RawAnswer } from './support/http';
import { nova } from './support/nova';
import { bootActiveServer, flavorsBySize, publicBootImage, testNetwork } from './support/servers';
import type { FlavorRow } from './support/servers';
import { MISSING_UUID, call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import type { Session } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';
import type { Shape } from './support/shape';

// One server, booted once, driven through the actions the dashboard offers (state changes,
// lock, snapshot, resize, consoles, metadata, volumes, instance actions), then Nova's
// project and admin resources: quotas, limits, services, hypervisors, aggregates, usage and
// zones. Images, flavors and the compute host are discovered at run time.

const cleanup = cleanupAfterAll();

let imageId = '';
/** The smallest flavor, and two bigger ones with growing disks, to resize to (never down). */
let flavor: FlavorRow = { id: '', name: '', vcpus: 0, ram: 0, disk: 0 };
let bigger: FlavorRow = { ...flavor };
let biggest: FlavorRow = { ...flavor };
let serverId = '';

beforeAll(async () => {
  const demo = await session('demo');
  imageId = await publicBootImage(demo);
  const flavors = await flavorsBySize(demo);
  const growing = (from: FlavorRow | undefined): FlavorRow | undefined =>
    flavors.find((f) => from && f.ram > from.ram && f.disk >= from.disk);
  const smallest = flavors[0];
  const next = growing(smallest);
  const last = growing(next);
  if (!smallest || !next || !last) throw new Error('the target needs three flavors to resize');
  flavor = smallest;
  bigger = next;
  biggest = last;
  const networkId = await testNetwork(demo, '10.232.10.0/24', cleanup);
  serverId = await bootActiveServer(demo, { imageId, flavorId: flavor.id, networkId }, cleanup);
});

/** Posts a server action as demo (at a microversion, 2.1 by default). */
async function act(
  body: unknown,
  version?: string,
  who: Session | null = null,
): Promise<RawAnswer> {
  const caller = who ?? (await session('demo'));
  return nova(caller, 'POST', `servers/${serverId}/action`, version, { json: body });
}

interface Settled {
  server: Record<string, unknown>;
  /** Every (status, task_state) pair seen while polling, in order. */
  seen: string[];
}

/**
 * Polls the server until it rests (no task state) in `status`; what was seen on the way is
 * returned, since a transitional state is only observable if the cloud is slow enough.
 */
async function settle(status: string, timeoutMs = 60_000): Promise<Settled> {
  const demo = await session('demo');
  const seen: string[] = [];
  const answer = await waitFor(
    () => nova(demo, 'GET', `servers/${serverId}`),
    (a) => {
      const s = field(a.body, 'server') as Record<string, unknown>;
      const pair = `${String(s['status'])}/${String(s['OS-EXT-STS:task_state'])}`;
      if (seen[seen.length - 1] !== pair) seen.push(pair);
      return (
        (s['status'] === status || s['status'] === 'ERROR') && s['OS-EXT-STS:task_state'] === null
      );
    },
    { timeoutMs, intervalMs: 200, label: `server ${status}` },
  );
  const server = field(answer.body, 'server') as Record<string, unknown>;
  expect(server['status'], JSON.stringify(seen)).toBe(status);
  return { server, seen };
}

/** Only these transitional pairs may show up before the end state. */
function expectOnTheWay(seen: string[], allowed: string[], end: string): void {
  for (const pair of seen.slice(0, -1)) expect([...allowed, end]).toContain(pair);
  expect(seen[seen.length - 1]).toBe(`${end}/null`);
}

function expectConflict(answer: RawAnswer, message: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expectComputeFault(answer.body, 'conflictingRequest', 409);
  expect(field(answer.body, 'conflictingRequest', 'message')).toBe(message);
}

function expectBadRequest(answer: RawAnswer, message: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expectComputeFault(answer.body, 'badRequest', 400);
  expect(field(answer.body, 'badRequest', 'message')).toBe(message);
}

function expectPolicyRefusal(answer: RawAnswer, rule: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expectComputeFault(answer.body, 'forbidden', 403);
  expect(field(answer.body, 'forbidden', 'message')).toBe(
    `Policy doesn't allow ${rule} to be performed.`,
  );
}

/** A timestamp nova read back from its database: MySQL keeps whole seconds. */
const DB_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000$/;

const wrongState = (action: string, attr: string, state: string): string =>
  `Cannot '${action}' instance ${serverId} while it is in ${attr} ${state}`;

describe('server actions: power and state', () => {
  it('stops the server (SHUTOFF, power state 4); stopping or pausing it again is 409', async () => {
    const answer = await act({ 'os-stop': null });
    expect(answer.status).toBe(202);
    expect(answer.body).toBeUndefined();
    const { server, seen } = await settle('SHUTOFF');
    expectOnTheWay(seen, ['ACTIVE/powering-off'], 'SHUTOFF');
    expect(server['OS-EXT-STS:vm_state']).toBe('stopped');
    expect(server['OS-EXT-STS:power_state']).toBe(4);
    expectConflict(await act({ 'os-stop': null }), wrongState('stop', 'vm_state', 'stopped'));
    expectConflict(await act({ pause: null }), wrongState('pause', 'vm_state', 'stopped'));
    expectConflict(
      await act({ reboot: { type: 'SOFT' } }),
      wrongState('reboot', 'vm_state', 'stopped'),
    );
  });

  it('starts it again (ACTIVE, power state 1)', async () => {
    expect((await act({ 'os-start': null })).status).toBe(202);
    const { server, seen } = await settle('ACTIVE');
    expectOnTheWay(seen, ['SHUTOFF/powering-on'], 'ACTIVE');
    expect(server['OS-EXT-STS:vm_state']).toBe('active');
    expect(server['OS-EXT-STS:power_state']).toBe(1);
    expectConflict(await act({ 'os-start': null }), wrongState('start', 'vm_state', 'active'));
  });

  it('pauses and unpauses', async () => {
    expect((await act({ pause: null })).status).toBe(202);
    const paused = await settle('PAUSED');
    expectOnTheWay(paused.seen, ['ACTIVE/pausing'], 'PAUSED');
    expect(paused.server['OS-EXT-STS:vm_state']).toBe('paused');
    expectConflict(await act({ pause: null }), wrongState('pause', 'vm_state', 'paused'));
    expectConflict(await act({ suspend: null }), wrongState('suspend', 'vm_state', 'paused'));
    expect((await act({ unpause: null })).status).toBe(202);
    const active = await settle('ACTIVE');
    expectOnTheWay(active.seen, ['PAUSED/unpausing'], 'ACTIVE');
    expectConflict(await act({ unpause: null }), wrongState('unpause', 'vm_state', 'active'));
  });

  it('suspends and resumes', async () => {
    expect((await act({ suspend: null })).status).toBe(202);
    const suspended = await settle('SUSPENDED');
    expectOnTheWay(suspended.seen, ['ACTIVE/suspending'], 'SUSPENDED');
    expect(suspended.server['OS-EXT-STS:vm_state']).toBe('suspended');
    expect((await act({ resume: null })).status).toBe(202);
    const active = await settle('ACTIVE');
    expectOnTheWay(active.seen, ['SUSPENDED/resuming'], 'ACTIVE');
    expectConflict(await act({ resume: null }), wrongState('resume', 'vm_state', 'active'));
  });

  it('reboots soft (REBOOT) and hard (HARD_REBOOT); a reboot during a reboot is 409', async () => {
    expect((await act({ reboot: { type: 'SOFT' } })).status).toBe(202);
    // The API sets the task state before it answers, so a second request sees it.
    expectConflict(
      await act({ reboot: { type: 'SOFT' } }),
      wrongState('reboot', 'task_state', 'rebooting'),
    );
    const soft = await settle('ACTIVE');
    expectOnTheWay(
      soft.seen,
      ['REBOOT/rebooting', 'REBOOT/reboot_pending', 'REBOOT/reboot_started'],
      'ACTIVE',
    );

    expect((await act({ reboot: { type: 'HARD' } })).status).toBe(202);
    const hard = await settle('ACTIVE');
    expectOnTheWay(
      hard.seen,
      [
        'HARD_REBOOT/rebooting_hard',
        'HARD_REBOOT/reboot_pending_hard',
        'HARD_REBOOT/reboot_started_hard',
      ],
      'ACTIVE',
    );
    expectBadRequest(
      await act({ reboot: { type: 'WARM' } }),
      "Invalid input for field/attribute type. Value: WARM. 'WARM' is not one of ['HARD', 'Hard', 'hard', 'SOFT', 'Soft', 'soft']",
    );
  });

  it('refuses resize confirmation and revert on a server that was not resized (409)', async () => {
    expectConflict(
      await act({ confirmResize: null }),
      wrongState('confirmResize', 'vm_state', 'active'),
    );
    expectConflict(
      await act({ revertResize: null }),
      wrongState('revertResize', 'vm_state', 'active'),
    );
    expectBadRequest(
      await act({ resize: { flavorRef: flavor.id } }),
      'When resizing, instances must change flavor!',
    );
    expectBadRequest(
      await act({ resize: { flavorRef: 'contract-no-such-flavor' } }),
      'Flavor contract-no-such-flavor could not be found.',
    );
  });
});

describe('server actions: lock', () => {
  it('locks with a reason (2.73); a locked server refuses the owner’s actions; unlocks', async () => {
    expect((await act({ lock: { locked_reason: 'contract' } }, '2.73')).status).toBe(202);
    const demo = await session('demo');
    const shown = await nova(demo, 'GET', `servers/${serverId}`, '2.73');
    expect(field(shown.body, 'server', 'locked')).toBe(true);
    expect(field(shown.body, 'server', 'locked_reason')).toBe('contract');
    const locked = await nova(demo, 'GET', 'servers/detail?locked=true', '2.73');
    expect((field(locked.body, 'servers') as { id: string }[]).map((s) => s.id)).toContain(
      serverId,
    );
    expectConflict(await act({ 'os-stop': null }), `Instance ${serverId} is locked`);
    // Locking a locked server is accepted again.
    expect((await act({ lock: null })).status).toBe(202);
    expect((await act({ unlock: null })).status).toBe(202);
    const unlocked = await nova(demo, 'GET', `servers/${serverId}`, '2.73');
    expect(field(unlocked.body, 'server', 'locked')).toBe(false);
    expect(field(unlocked.body, 'server', 'locked_reason')).toBeNull();
    // Unlocking an unlocked server is accepted too.
    expect((await act({ unlock: null })).status).toBe(202);

    // A lock set by an admin is the admin's to lift.
    const admin = await session('admin');
    expect((await act({ lock: null }, undefined, admin)).status).toBe(202);
    expectPolicyRefusal(
      await act({ unlock: null }),
      'os_compute_api:os-lock-server:unlock:unlock_override',
    );
    expect((await act({ unlock: null }, undefined, admin)).status).toBe(202);
  });
});

describe('server actions: metadata, security groups, volumes', () => {
  it('creates, replaces, sets, reads and deletes metadata items', async () => {
    const demo = await session('demo');
    const base = `servers/${serverId}/metadata`;
    const merged = await nova(demo, 'POST', base, undefined, {
      json: { metadata: { a: '1', b: '2' } },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ metadata: { a: '1', b: '2' } });
    const replaced = await nova(demo, 'PUT', base, undefined, { json: { metadata: { c: '3' } } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ metadata: { c: '3' } });
    const item = await nova(demo, 'PUT', `${base}/d`, undefined, { json: { meta: { d: '4' } } });
    expect(item.status).toBe(200);
    expect(item.body).toEqual({ meta: { d: '4' } });
    expectBadRequest(
      await nova(demo, 'PUT', `${base}/d`, undefined, { json: { meta: { e: '4' } } }),
      'Request body and URI mismatch',
    );
    expect((await nova(demo, 'GET', `${base}/d`)).body).toEqual({ meta: { d: '4' } });
    expect((await nova(demo, 'GET', base)).body).toEqual({ metadata: { c: '3', d: '4' } });
    const deleted = await nova(demo, 'DELETE', `${base}/d`);
    expect(deleted.status).toBe(204);
    for (const missing of [
      await nova(demo, 'GET', `${base}/d`),
      await nova(demo, 'DELETE', `${base}/d`),
    ]) {
      expect(missing.status).toBe(404);
      expectComputeFault(missing.body, 'itemNotFound', 404);
      expect(field(missing.body, 'itemNotFound', 'message')).toBe('Metadata item was not found');
    }
    expectBadRequest(
      await nova(demo, 'POST', base, undefined, { json: { metadata: { a: 1 } } }),
      "Invalid input for field/attribute a. Value: 1. 1 is not of type 'string'",
    );
    expectPolicyRefusal(
      await nova(await session('reader'), 'POST', base, undefined, {
        json: { metadata: { x: 'y' } },
      }),
      'os_compute_api:server-metadata:create',
    );
  });

  it('lists the server’s security groups with their ingress rules', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `servers/${serverId}/os-security-groups`);
    expect(answer.status).toBe(200);
    expectShape(answer.body, {
      security_groups: [
        {
          id: 'string',
          name: 'string',
          description: 'string',
          tenant_id: 'string',
          rules: [
            {
              id: 'string',
              parent_group_id: 'string',
              ip_protocol: 'string|null',
              from_port: 'integer|null',
              to_port: 'integer|null',
              group: 'object',
              ip_range: 'object',
            },
          ],
        },
      ],
    });
    const groups = field(answer.body, 'security_groups') as Record<string, unknown>[];
    expect(groups.map((g) => g['name'])).toEqual(['default']);
    expect(groups[0]?.['tenant_id']).toBe(demo.projectId);
  });

  it('attaches a volume, lists it with the keys of each microversion, detaches it', async () => {
    const demo = await session('demo');
    const created = await call(demo, 'volumev3', 'POST', 'volumes', {
      json: { volume: { size: 1, name: uniqueName('attvol') } },
    });
    expect(created.status).toBe(202);
    const volumeId = String(field(created.body, 'volume', 'id'));
    cleanup(() => call(demo, 'volumev3', 'DELETE', `volumes/${volumeId}`));
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `volumes/${volumeId}`),
      (a) => ['available', 'error'].includes(String(field(a.body, 'volume', 'status'))),
      { label: 'volume available' },
    );
    const base = `servers/${serverId}/os-volume_attachments`;
    const empty = await nova(demo, 'GET', base);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ volumeAttachments: [] });

    const attached = await nova(demo, 'POST', base, '2.79', {
      json: { volumeAttachment: { volumeId } },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expectKeys(
      field(attached.body, 'volumeAttachment'),
      ['id', 'serverId', 'volumeId', 'device', 'tag', 'delete_on_termination'],
      'attach answer at 2.79',
    );
    expect(field(attached.body, 'volumeAttachment', 'id')).toBe(volumeId);
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `volumes/${volumeId}`),
      (a) => ['in-use', 'error'].includes(String(field(a.body, 'volume', 'status'))),
      { label: 'volume in-use' },
    );

    const v21 = await nova(demo, 'GET', base);
    expectKeys(field(v21.body, 'volumeAttachments', 0), ['id', 'serverId', 'volumeId', 'device']);
    const v279 = await nova(demo, 'GET', base, '2.79');
    expectKeys(field(v279.body, 'volumeAttachments', 0), [
      'id',
      'serverId',
      'volumeId',
      'device',
      'tag',
      'delete_on_termination',
    ]);
    const v289 = await nova(demo, 'GET', base, '2.89');
    const attachment = field(v289.body, 'volumeAttachments', 0);
    // 2.89: the Cinder attachment and the block device mapping instead of the old id.
    expectKeys(attachment, [
      'serverId',
      'volumeId',
      'device',
      'tag',
      'delete_on_termination',
      'attachment_id',
      'bdm_uuid',
    ]);
    expectShape(attachment, {
      device: 'string',
      tag: 'null',
      delete_on_termination: 'boolean',
      attachment_id: 'string',
      bdm_uuid: 'string',
    });
    const one = await nova(demo, 'GET', `${base}/${volumeId}`, '2.89');
    expect(one.status).toBe(200);
    expect(field(one.body, 'volumeAttachment')).toEqual(attachment);

    const twice = await nova(demo, 'POST', base, '2.79', {
      json: { volumeAttachment: { volumeId } },
    });
    expect(twice.status).toBe(400);
    expectComputeFault(twice.body, 'badRequest', 400);

    const detached = await nova(demo, 'DELETE', `${base}/${volumeId}`);
    expect(detached.status).toBe(202);
    await waitFor(
      () => nova(demo, 'GET', base),
      (a) => (field(a.body, 'volumeAttachments') as unknown[]).length === 0,
      { label: 'volume detached' },
    );
    const gone = await nova(demo, 'DELETE', `${base}/${volumeId}`);
    expect(gone.status).toBe(404);
    expectComputeFault(gone.body, 'itemNotFound', 404);
    expect(field(gone.body, 'itemNotFound', 'message')).toBe(
      `Instance ${serverId} is not attached to volume ${volumeId}`,
    );
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `volumes/${volumeId}`),
      (a) => field(a.body, 'volume', 'status') === 'available',
      { label: 'volume available again' },
    );
  });
});

describe('server actions: consoles', () => {
  it('answers the console output, tailed to `length` lines', async () => {
    // A guest that just rebooted is still writing its log: wait until it stands still.
    let all = await act({ 'os-getConsoleOutput': {} });
    for (let tries = 0; tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const again = await act({ 'os-getConsoleOutput': {} });
      if (JSON.stringify(again.body) === JSON.stringify(all.body)) break;
      all = again;
    }
    expect(all.status).toBe(200);
    expectKeys(all.body, ['output']);
    const lines = String(field(all.body, 'output')).split('\n');
    expect(lines.length).toBeGreaterThan(2);
    const two = await act({ 'os-getConsoleOutput': { length: 2 } });
    expect(String(field(two.body, 'output')).split('\n')).toEqual(lines.slice(-2));
    // Nova tails with log[-length:], so -1 drops the first line.
    const minusOne = await act({ 'os-getConsoleOutput': { length: -1 } });
    expect(String(field(minusOne.body, 'output')).split('\n')).toEqual(lines.slice(1));
    expectBadRequest(
      await act({ 'os-getConsoleOutput': { length: 'x' } }),
      "Invalid input for field/attribute length. Value: x. 'x' does not match '^-?[0-9]+$'",
    );
    expectBadRequest(
      await act({ 'os-getConsoleOutput': { length: -2 } }),
      'Invalid input for field/attribute length. Value: -2. -2 is less than the minimum of -1',
    );
  });

  it('answers a remote console request (2.6+), or the console type is unavailable', async () => {
    const demo = await session('demo');
    const path = `servers/${serverId}/remote-consoles`;
    const body = { remote_console: { protocol: 'vnc', type: 'novnc' } };
    const answer = await nova(demo, 'POST', path, '2.6', { json: body });
    // A cloud without [vnc] enabled has no console to give.
    if (answer.status === 400) {
      expectBadRequest(answer, 'Unavailable console type novnc.');
    } else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectShape(answer.body, {
        remote_console: { protocol: 'string', type: 'string', url: 'string' },
      });
      expect(field(answer.body, 'remote_console', 'protocol')).toBe('vnc');
      expect(String(field(answer.body, 'remote_console', 'url'))).toMatch(/token%3D[0-9a-f-]+/);
    }
    const old = await nova(demo, 'POST', path, '2.1', { json: body });
    expect(old.status).toBe(404);
    expectComputeFault(old.body, 'itemNotFound', 404);
    expectBadRequest(
      await nova(demo, 'POST', path, '2.6', {
        json: { remote_console: { protocol: 'telnet', type: 'novnc' } },
      }),
      "Invalid input for field/attribute protocol. Value: telnet. 'telnet' is not one of ['vnc', 'spice', 'rdp', 'serial']",
    );
    // With [vnc] enabled a VNC console is noVNC or invalid; a disabled console is unavailable.
    const vncSpice = await nova(demo, 'POST', path, '2.6', {
      json: { remote_console: { protocol: 'vnc', type: 'spice-html5' } },
    });
    expectBadRequest(
      vncSpice,
      answer.status === 400
        ? 'Unavailable console type spice-html5.'
        : 'Invalid console type spice-html5',
    );
    expectBadRequest(
      await nova(demo, 'POST', path, '2.6', {
        json: { remote_console: { protocol: 'spice', type: 'spice-html5' } },
      }),
      'Unavailable console type spice-html5.',
    );
  });
});

/** Nova's default non_inheritable_image_properties; image signatures are not copied either. */
const notInherited = (key: string): boolean =>
  key === 'cache_in_nova' || key === 'bittorrent' || key.startsWith('img_signature');

describe('server actions: snapshot', () => {
  async function snapshotCheck(answerImageId: string): Promise<void> {
    const demo = await session('demo');
    const image = await call(demo, 'image', 'GET', `v2/images/${answerImageId}`);
    expect(image.status).toBe(200);
    const body = image.body as Record<string, unknown>;
    // The fake driver of the lab never uploads: its snapshots stay queued.
    expect(['queued', 'saving', 'active']).toContain(body['status']);
    expect(body['owner']).toBe(demo.projectId);
    expect(body['visibility']).toBe('private');
    expect(body['min_disk']).toBe(flavor.disk);
    expect(body['min_ram']).toBe(0);
    expectShape(body, {
      instance_uuid: 'string',
      image_type: 'string',
      base_image_ref: 'string',
      user_id: 'string',
      owner_project_name: 'string',
      owner_user_name: 'string',
      boot_roles: 'string',
      image_location: 'absent',
    });
    expect(body['instance_uuid']).toBe(serverId);
    expect(body['image_type']).toBe('snapshot');
    expect(body['base_image_ref']).toBe(imageId);
    expect(body['user_id']).toBe(demo.body.user.id);
    expect(body['owner_project_name']).toBe('demo');
    expect(body['owner_user_name']).toBe('demo');
    expect(String(body['boot_roles']).split(',').sort()).toEqual(
      (demo.body.roles ?? []).map((r) => r.name).sort(),
    );
    // The base image's own properties come along.
    const base = (await call(demo, 'image', 'GET', `v2/images/${imageId}`)).body as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(base)) {
      if (CORE_IMAGE_ATTRIBUTES.includes(key) || notInherited(key)) continue;
      expect(body[key], `inherited property ${key}`).toBe(value);
    }
  }

  it('createImage at 2.45 answers 202 with the image id; the image is in Glance', async () => {
    const name = uniqueName('snap');
    const answer = await act({ createImage: { name, metadata: { purpose: 'contract' } } }, '2.45');
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expectKeys(answer.body, ['image_id']);
    expect(answer.headers.get('location')).toBeNull();
    const id = String(field(answer.body, 'image_id'));
    cleanup(async () => call(await session('demo'), 'image', 'DELETE', `v2/images/${id}`));
    const { seen } = await settle('ACTIVE');
    expectOnTheWay(
      seen,
      [
        'ACTIVE/image_snapshot_pending',
        'ACTIVE/image_snapshot',
        'ACTIVE/image_pending_upload',
        'ACTIVE/image_uploading',
      ],
      'ACTIVE',
    );
    await snapshotCheck(id);
    const demo = await session('demo');
    const image = (await call(demo, 'image', 'GET', `v2/images/${id}`)).body as Record<
      string,
      unknown
    >;
    expect(image['name']).toBe(name);
    expect(image['purpose']).toBe('contract');
  });

  it('createImage before 2.45 answers 202 with the image in Location', async () => {
    const answer = await act({ createImage: { name: uniqueName('snap') } });
    expect(answer.status).toBe(202);
    expect(answer.body).toBeUndefined();
    const location = answer.headers.get('location') ?? '';
    const match = /^(.*?)\/+images\/([0-9a-f-]{36})$/.exec(location);
    const id = match?.[2] ?? '';
    cleanup(async () => call(await session('demo'), 'image', 'DELETE', `v2/images/${id}`));
    // Nova appends `/images/<id>` to Glance's endpoint without its version (a doubled slash
    // where the endpoint ends in one).
    const endpoint = (await session('demo')).client.endpointFor('image').replace(/\/+$/, '');
    expect(match?.[1], location).toBe(endpoint);
    await settle('ACTIVE');
    await snapshotCheck(id);
  });
});

describe('server actions: resize', () => {
  it('resizes to VERIFY_RESIZE, confirms; resizes again and reverts', async (ctx) => {
    const demo = await session('demo');
    expect((await act({ resize: { flavorRef: bigger.id } })).status).toBe(202);
    const rested = await waitFor(
      () => nova(demo, 'GET', `servers/${serverId}`),
      (a) =>
        field(a.body, 'server', 'OS-EXT-STS:task_state') === null &&
        ['ACTIVE', 'VERIFY_RESIZE', 'ERROR'].includes(String(field(a.body, 'server', 'status'))),
      { timeoutMs: 90_000, intervalMs: 300, label: 'resize done' },
    );
    const shown = await nova(demo, 'GET', `servers/${serverId}`, '2.47');
    const status = field(rested.body, 'server', 'status');
    if (status === 'ACTIVE') {
      // One compute host and no allow_resize_to_same_host: the scheduler finds no host and the
      // server stays as it was (the lab as installed). The action records the error.
      expect(field(shown.body, 'server', 'flavor', 'original_name')).toBe(flavor.name);
      const actions = await nova(demo, 'GET', `servers/${serverId}/os-instance-actions`);
      const resize = (field(actions.body, 'instanceActions') as Record<string, unknown>[]).find(
        (a) => a['action'] === 'resize',
      );
      expect(resize?.['message']).toBe('Error');
      ctx.skip();
      return;
    }
    expect(status).toBe('VERIFY_RESIZE');
    expect(field(shown.body, 'server', 'OS-EXT-STS:vm_state')).toBe('resized');
    expect(field(shown.body, 'server', 'flavor', 'original_name')).toBe(bigger.name);
    expectConflict(
      await act({ resize: { flavorRef: flavor.id } }),
      wrongState('resize', 'vm_state', 'resized'),
    );
    const confirmed = await act({ confirmResize: null });
    expect(confirmed.status).toBe(204);
    await settle('ACTIVE');
    const after = await nova(demo, 'GET', `servers/${serverId}`, '2.47');
    expect(field(after.body, 'server', 'flavor', 'original_name')).toBe(bigger.name);

    expect((await act({ resize: { flavorRef: biggest.id } })).status).toBe(202);
    await waitFor(
      () => nova(demo, 'GET', `servers/${serverId}`),
      (a) => ['VERIFY_RESIZE', 'ERROR'].includes(String(field(a.body, 'server', 'status'))),
      { timeoutMs: 90_000, label: 'VERIFY_RESIZE' },
    );
    expect((await act({ revertResize: null })).status).toBe(202);
    const reverted = await settle('ACTIVE', 90_000);
    expectOnTheWay(reverted.seen, ['REVERT_RESIZE/resize_reverting'], 'ACTIVE');
    const final = await nova(demo, 'GET', `servers/${serverId}`, '2.47');
    expect(field(final.body, 'server', 'flavor', 'original_name')).toBe(bigger.name);
  });
});

const ACTION_SHAPE: Shape = {
  action: 'string',
  instance_uuid: 'string',
  request_id: 'string',
  user_id: 'string',
  project_id: 'string',
  start_time: 'string',
  message: 'string|null',
};

describe('server actions: instance actions', () => {
  it('lists every action taken, newest first, and shows one with its events', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `servers/${serverId}/os-instance-actions`);
    expect(answer.status).toBe(200);
    const actions = field(answer.body, 'instanceActions') as Record<string, unknown>[];
    expectShape(actions, [ACTION_SHAPE]);
    for (const action of actions) {
      expectKeys(action, Object.keys(ACTION_SHAPE as object));
      expect(action['start_time']).toMatch(DB_TIME);
    }
    const names = actions.map((a) => a['action']);
    for (const expected of [
      'create',
      'stop',
      'start',
      'pause',
      'unpause',
      'suspend',
      'resume',
      'reboot',
      'lock',
      'unlock',
      'createImage',
      'resize',
      'attach_volume',
      'detach_volume',
    ]) {
      expect(names, expected).toContain(expected);
    }
    expect(names[names.length - 1]).toBe('create');
    const starts = actions.map((a) => String(a['start_time']));
    expect([...starts].sort().reverse()).toEqual(starts);

    const reboot = actions.find((a) => a['action'] === 'reboot');
    const path = `servers/${serverId}/os-instance-actions/${String(reboot?.['request_id'])}`;
    // 2.51: members see the events, without traceback; 2.58 updated_at; 2.62 hostId (and host
    // for admins); 2.84 details for admins.
    const member = await nova(demo, 'GET', path, '2.84');
    expect(member.status).toBe(200);
    expectKeys(
      field(member.body, 'instanceAction'),
      [...Object.keys(ACTION_SHAPE as object), 'updated_at', 'events'],
      'action keys at 2.84',
    );
    const memberEvents = field(member.body, 'instanceAction', 'events') as unknown[];
    expect(memberEvents.length).toBeGreaterThan(0);
    for (const event of memberEvents) {
      expectKeys(event, ['event', 'start_time', 'finish_time', 'result', 'hostId']);
    }
    const admin = await nova(await session('admin'), 'GET', path, '2.84');
    for (const event of field(admin.body, 'instanceAction', 'events') as unknown[]) {
      expectKeys(event, [
        'event',
        'start_time',
        'finish_time',
        'result',
        'traceback',
        'host',
        'hostId',
        'details',
      ]);
      expect(field(event, 'result')).toBe('Success');
    }
    const v21 = await nova(demo, 'GET', path);
    expectShape(field(v21.body, 'instanceAction'), { events: 'absent', updated_at: 'absent' });

    const missing = await nova(demo, 'GET', `servers/${serverId}/os-instance-actions/req-nope`);
    expect(missing.status).toBe(404);
    expectComputeFault(missing.body, 'itemNotFound', 404);
    expect(field(missing.body, 'itemNotFound', 'message')).toBe('Action req-nope not found');
  });
});

describe('project resources while the server runs', () => {
  it('limits count the server', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'limits');
    expect(answer.status).toBe(200);
    const absolute = field(answer.body, 'limits', 'absolute') as Record<string, number>;
    expect(absolute['totalInstancesUsed']).toBeGreaterThanOrEqual(1);
    expect(absolute['totalCoresUsed']).toBeGreaterThanOrEqual(flavor.vcpus);
    expect(absolute['totalRAMUsed']).toBeGreaterThanOrEqual(flavor.ram);
    const admin = await session('admin');
    const other = await nova(admin, 'GET', `limits?tenant_id=${demo.projectId}`);
    expect(field(other.body, 'limits', 'absolute', 'totalInstancesUsed')).toBe(
      absolute['totalInstancesUsed'],
    );
    expectPolicyRefusal(
      await nova(demo, 'GET', `limits?tenant_id=${admin.projectId}`),
      'os_compute_api:limits:other_project',
    );
  });

  it('quota detail shows limit, in_use and reserved per resource', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `os-quota-sets/${demo.projectId}/detail`);
    expect(answer.status).toBe(200);
    const set = field(answer.body, 'quota_set') as Record<string, unknown>;
    expect(set['id']).toBe(demo.projectId);
    for (const [key, value] of Object.entries(set)) {
      if (key === 'id') continue;
      expectKeys(value, ['limit', 'in_use', 'reserved'], key);
      expectShape(value, { limit: 'integer', in_use: 'integer', reserved: 'integer' }, key);
    }
    expect(field(set, 'instances', 'in_use')).toBeGreaterThanOrEqual(1);
    const server = await nova(demo, 'GET', `servers/${serverId}`);
    expect(field(server.body, 'server', 'OS-SRV-USG:launched_at')).toMatch(DB_TIME);

    // A limit below what is in use is refused (and nothing changes).
    const admin = await session('admin');
    const below = await nova(admin, 'PUT', `os-quota-sets/${demo.projectId}`, undefined, {
      json: { quota_set: { instances: 0 } },
    });
    expect(below.status).toBe(400);
    expectComputeFault(below.body, 'badRequest', 400);
    expect(field(below.body, 'badRequest', 'message')).toBe(
      `Quota limit 0 for instances must be greater than or equal to already used and reserved ${String(field(set, 'instances', 'in_use'))}.`,
    );
  });

  it('simple tenant usage lists the server for its project', async () => {
    const demo = await session('demo');
    const start = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19);
    const usageOf = async (): Promise<RawAnswer> => {
      // A window ending later, as dashboards ask for (to the end of the day).
      const end = new Date(Date.now() + 60_000).toISOString().slice(0, 19);
      return nova(
        demo,
        'GET',
        `os-simple-tenant-usage/${demo.projectId}?start=${start}&end=${end}`,
        '2.40',
      );
    };
    const listed = (answer: RawAnswer): Record<string, unknown> | undefined =>
      (
        field(answer.body, 'tenant_usage', 'server_usages') as Record<string, unknown>[] | undefined
      )?.find((s) => s['instance_id'] === serverId);
    // Nova writes a server's launch time again when a resize ends, and right after the revert
    // above the server may be missing from the window for a moment.
    const answer = await waitFor(usageOf, (a) => a.status !== 200 || listed(a) !== undefined, {
      timeoutMs: 20_000,
      intervalMs: 500,
      label: 'server in the usage',
    });
    expect(answer.status).toBe(200);
    const usage = field(answer.body, 'tenant_usage');
    expectKeys(usage, [
      'tenant_id',
      'server_usages',
      'total_local_gb_usage',
      'total_vcpus_usage',
      'total_memory_mb_usage',
      'total_hours',
      'start',
      'stop',
    ]);
    const mine = listed(answer);
    expectKeys(mine, [
      'hours',
      'flavor',
      'instance_id',
      'name',
      'tenant_id',
      'memory_mb',
      'local_gb',
      'vcpus',
      'started_at',
      'ended_at',
      'state',
      'uptime',
    ]);
    expectShape(mine, {
      hours: 'number',
      flavor: 'string',
      memory_mb: 'integer',
      local_gb: 'integer',
      vcpus: 'integer',
      started_at: 'string',
      ended_at: 'null',
      state: 'string',
      uptime: 'integer',
    });
    expect(field(mine, 'state')).toBe('active');
    expectPolicyRefusal(
      await nova(demo, 'GET', 'os-simple-tenant-usage'),
      'os_compute_api:os-simple-tenant-usage:list',
    );
  });
});

describe('server delete', () => {
  it('deletes the server (204); it is gone, and actions on it are 404', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'DELETE', `servers/${serverId}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const seen: string[] = [];
    await waitFor(
      () => nova(demo, 'GET', `servers/${serverId}`),
      (a) => {
        const s = field(a.body, 'server') as Record<string, unknown> | undefined;
        if (s) seen.push(`${String(s['status'])}/${String(s['OS-EXT-STS:task_state'])}`);
        return a.status === 404;
      },
      { timeoutMs: 60_000, intervalMs: 200, label: 'server gone' },
    );
    // On the way out: the deleting task, and for a moment the DELETED status.
    for (const pair of seen) expect(['ACTIVE/deleting', 'DELETED/null']).toContain(pair);
    const late = await act({ 'os-start': null });
    expect(late.status).toBe(404);
    expect(field(late.body, 'itemNotFound', 'message')).toBe(
      `Instance ${serverId} could not be found.`,
    );
  });
});

const QUOTA_KEYS_21 = [
  'cores',
  'fixed_ips',
  'floating_ips',
  'injected_file_content_bytes',
  'injected_file_path_bytes',
  'injected_files',
  'instances',
  'key_pairs',
  'metadata_items',
  'ram',
  'security_group_rules',
  'security_groups',
  'server_group_members',
  'server_groups',
];
const QUOTA_KEYS_257 = [
  'cores',
  'instances',
  'key_pairs',
  'metadata_items',
  'ram',
  'server_group_members',
  'server_groups',
];

describe('nova quota sets', () => {
  it('shows a project’s quotas and the defaults, with the keys of 2.1 and 2.57', async () => {
    const demo = await session('demo');
    for (const path of [
      `os-quota-sets/${demo.projectId}`,
      `os-quota-sets/${demo.projectId}/defaults`,
    ]) {
      const v21 = await nova(demo, 'GET', path);
      expect(v21.status, path).toBe(200);
      expectKeys(field(v21.body, 'quota_set'), ['id', ...QUOTA_KEYS_21], `${path} at 2.1`);
      expect(field(v21.body, 'quota_set', 'id')).toBe(demo.projectId);
      const v257 = await nova(demo, 'GET', path, '2.57');
      expectKeys(field(v257.body, 'quota_set'), ['id', ...QUOTA_KEYS_257], `${path} at 2.57`);
    }
    const reader = await nova(await session('reader'), 'GET', `os-quota-sets/${demo.projectId}`);
    expect(reader.status).toBe(200);
    expectPolicyRefusal(
      await nova(demo, 'GET', `os-quota-sets/${(await session('admin')).projectId}`),
      'os_compute_api:os-quota-sets:show',
    );
  });

  it('an admin updates and resets a project’s quotas; a member may not (403)', async () => {
    const admin = await session('admin');
    // Nova does not check the project id: a fresh one keeps the real projects untouched.
    const project = uniqueName('quota')
      .replace(/[^0-9a-z]/g, '')
      .slice(-32);
    cleanup(() => nova(admin, 'DELETE', `os-quota-sets/${project}`));
    const updated = await nova(admin, 'PUT', `os-quota-sets/${project}`, undefined, {
      json: { quota_set: { instances: 7, cores: '9' } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // The update answer has no id.
    expectKeys(field(updated.body, 'quota_set'), QUOTA_KEYS_21, 'update answer at 2.1');
    expect(field(updated.body, 'quota_set', 'instances')).toBe(7);
    expect(field(updated.body, 'quota_set', 'cores')).toBe(9);
    const v257 = await nova(admin, 'PUT', `os-quota-sets/${project}`, '2.57', {
      json: { quota_set: { ram: 4096 } },
    });
    expectKeys(field(v257.body, 'quota_set'), QUOTA_KEYS_257, 'update answer at 2.57');
    const shown = await nova(admin, 'GET', `os-quota-sets/${project}`);
    expect(field(shown.body, 'quota_set', 'ram')).toBe(4096);

    expectBadRequest(
      await nova(admin, 'PUT', `os-quota-sets/${project}`, '2.57', {
        json: { quota_set: { injected_files: 1 } },
      }),
      "Invalid input for field/attribute quota_set. Value: {'injected_files': 1}. Additional properties are not allowed ('injected_files' was unexpected)",
    );
    expectBadRequest(
      await nova(admin, 'PUT', `os-quota-sets/${project}`, undefined, {
        json: { quota_set: { instances: 'x' } },
      }),
      "Invalid input for field/attribute instances. Value: x. 'x' does not match '^-?[0-9]+$'",
    );

    const reset = await nova(admin, 'DELETE', `os-quota-sets/${project}`);
    expect(reset.status).toBe(202);
    expect(reset.body).toBeUndefined();
    const defaults = await nova(admin, 'GET', `os-quota-sets/${project}/defaults`);
    const after = await nova(admin, 'GET', `os-quota-sets/${project}`);
    expect(field(after.body, 'quota_set')).toEqual(field(defaults.body, 'quota_set'));

    const demo = await session('demo');
    expectPolicyRefusal(
      await nova(demo, 'PUT', `os-quota-sets/${demo.projectId}`, undefined, {
        json: { quota_set: { instances: 11 } },
      }),
      'os_compute_api:os-quota-sets:update',
    );
    expectPolicyRefusal(
      await nova(demo, 'DELETE', `os-quota-sets/${demo.projectId}`),
      'os_compute_api:os-quota-sets:delete',
    );
  });
});

const SERVICE_KEYS = [
  'binary',
  'host',
  'id',
  'zone',
  'status',
  'state',
  'updated_at',
  'disabled_reason',
];

describe('nova services and hypervisors', () => {
  it('lists the compute services (ids become uuids at 2.53)', async () => {
    const admin = await session('admin');
    const v21 = await nova(admin, 'GET', 'os-services');
    expect(v21.status).toBe(200);
    const services = field(v21.body, 'services') as Record<string, unknown>[];
    expect(services.map((s) => s['binary'])).toEqual(
      expect.arrayContaining(['nova-conductor', 'nova-scheduler', 'nova-compute']),
    );
    for (const service of services) {
      expectKeys(service, SERVICE_KEYS, 'service at 2.1');
      expectShape(service, {
        id: 'integer',
        updated_at: 'string|null',
        disabled_reason: 'string|null',
      });
    }
    const v253 = await nova(admin, 'GET', 'os-services?binary=nova-compute', '2.53');
    const computes = field(v253.body, 'services') as Record<string, unknown>[];
    expect(computes.length).toBeGreaterThan(0);
    for (const service of computes) {
      expectKeys(service, [...SERVICE_KEYS, 'forced_down'], 'service at 2.53');
      expect(service['id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(service['binary']).toBe('nova-compute');
    }
    expectPolicyRefusal(
      await nova(await session('demo'), 'GET', 'os-services'),
      'os_compute_api:os-services:list',
    );
  });

  it('lists hypervisors with the fields of 2.1, 2.53 and 2.88; statistics until 2.87', async () => {
    const admin = await session('admin');
    const list = await nova(admin, 'GET', 'os-hypervisors');
    expect(list.status).toBe(200);
    for (const h of field(list.body, 'hypervisors') as unknown[]) {
      expectKeys(h, ['id', 'hypervisor_hostname', 'state', 'status']);
      expectShape(h, { id: 'integer' });
    }
    const usage = [
      'vcpus',
      'memory_mb',
      'local_gb',
      'vcpus_used',
      'memory_mb_used',
      'local_gb_used',
      'free_ram_mb',
      'free_disk_gb',
      'current_workload',
      'running_vms',
      'disk_available_least',
    ];
    const common = [
      'id',
      'hypervisor_hostname',
      'state',
      'status',
      'hypervisor_type',
      'hypervisor_version',
      'host_ip',
      'service',
    ];
    const detail = await nova(admin, 'GET', 'os-hypervisors/detail');
    const first = field(detail.body, 'hypervisors', 0);
    expectKeys(first, [...common, ...usage, 'cpu_info'], 'hypervisor at 2.1');
    expectShape(first, {
      service: { id: 'integer', host: 'string', disabled_reason: 'string|null' },
      cpu_info: 'string',
    });
    const one = await nova(admin, 'GET', `os-hypervisors/${String(field(first, 'id'))}`);
    expect(one.status).toBe(200);
    expectKeys(field(one.body, 'hypervisor'), [...common, ...usage, 'cpu_info']);

    const v253 = await nova(admin, 'GET', 'os-hypervisors/detail', '2.53');
    const modern = field(v253.body, 'hypervisors', 0);
    expectShape(modern, { id: 'string', service: { id: 'string' }, cpu_info: 'object' });

    const v288 = await nova(admin, 'GET', 'os-hypervisors/detail', '2.88');
    expectKeys(field(v288.body, 'hypervisors', 0), [...common, 'uptime'], 'hypervisor at 2.88');

    const stats = await nova(admin, 'GET', 'os-hypervisors/statistics');
    expect(stats.status).toBe(200);
    expectKeys(field(stats.body, 'hypervisor_statistics'), ['count', ...usage]);
    const gone = await nova(admin, 'GET', 'os-hypervisors/statistics', '2.88');
    expect(gone.status).toBe(404);
    expectComputeFault(gone.body, 'itemNotFound', 404);

    expectPolicyRefusal(
      await nova(await session('demo'), 'GET', 'os-hypervisors'),
      'os_compute_api:os-hypervisors:list',
    );
  });

  it('answers availability zones in detail for admins only', async () => {
    const admin = await session('admin');
    const answer = await nova(admin, 'GET', 'os-availability-zone/detail');
    expect(answer.status).toBe(200);
    const zones = field(answer.body, 'availabilityZoneInfo') as Record<string, unknown>[];
    expectShape(zones, [
      { zoneName: 'string', zoneState: { available: 'boolean' }, hosts: 'object' },
    ]);
    expect(zones.map((z) => z['zoneName'])).toContain('internal');
    for (const zone of zones) {
      for (const services of Object.values(zone['hosts'] as Record<string, unknown>)) {
        for (const service of Object.values(services as Record<string, unknown>)) {
          expectKeys(service, ['available', 'active', 'updated_at']);
        }
      }
    }
    expectPolicyRefusal(
      await nova(await session('demo'), 'GET', 'os-availability-zone/detail'),
      'os_compute_api:os-availability-zone:detail',
    );
  });
});

const AGGREGATE_KEYS = [
  'id',
  'name',
  'availability_zone',
  'hosts',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
  'deleted',
];

describe('nova aggregates', () => {
  async function computeHost(): Promise<string> {
    const admin = await session('admin');
    const answer = await nova(admin, 'GET', 'os-services?binary=nova-compute');
    const host = field(answer.body, 'services', 0, 'host');
    if (typeof host !== 'string') throw new Error('the target has no compute service');
    return host;
  }

  it('creates (409 on a taken name), shows, updates and deletes an aggregate', async () => {
    const admin = await session('admin');
    const name = uniqueName('agg');
    const created = await nova(admin, 'POST', 'os-aggregates', '2.41', {
      json: { aggregate: { name, availability_zone: `${name}-az` } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = Number(field(created.body, 'aggregate', 'id'));
    cleanup(() => nova(admin, 'DELETE', `os-aggregates/${id}`));
    // The create answer has neither hosts nor metadata.
    expectKeys(
      field(created.body, 'aggregate'),
      [
        'id',
        'uuid',
        'name',
        'availability_zone',
        'created_at',
        'updated_at',
        'deleted_at',
        'deleted',
      ],
      'create answer at 2.41',
    );
    expectShape(field(created.body, 'aggregate'), {
      id: 'integer',
      uuid: 'string',
      updated_at: 'null',
      deleted: 'boolean',
    });
    expectConflict(
      await nova(admin, 'POST', 'os-aggregates', undefined, { json: { aggregate: { name } } }),
      `Aggregate ${name} already exists.`,
    );
    const shown = await nova(admin, 'GET', `os-aggregates/${id}`);
    expect(shown.status).toBe(200);
    expectKeys(field(shown.body, 'aggregate'), AGGREGATE_KEYS, 'aggregate at 2.1');
    expect(field(shown.body, 'aggregate', 'created_at')).toMatch(DB_TIME);
    expect(field(shown.body, 'aggregate', 'metadata')).toEqual({
      availability_zone: `${name}-az`,
    });
    const renamed = await nova(admin, 'PUT', `os-aggregates/${id}`, undefined, {
      json: { aggregate: { name: `${name}-2` } },
    });
    expect(renamed.status).toBe(200);
    expect(field(renamed.body, 'aggregate', 'name')).toBe(`${name}-2`);
    expectShape(field(renamed.body, 'aggregate'), { updated_at: 'string' });
    const listed = await nova(admin, 'GET', 'os-aggregates', '2.41');
    const mine = (field(listed.body, 'aggregates') as Record<string, unknown>[]).find(
      (a) => a['id'] === id,
    );
    expectKeys(mine, [...AGGREGATE_KEYS, 'uuid'], 'listed aggregate at 2.41');

    const deleted = await nova(admin, 'DELETE', `os-aggregates/${id}`);
    // Nova answers 200 with an empty body here.
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBeUndefined();
    const missing = await nova(admin, 'GET', `os-aggregates/${id}`);
    expect(missing.status).toBe(404);
    expectComputeFault(missing.body, 'itemNotFound', 404);
    expect(field(missing.body, 'itemNotFound', 'message')).toBe(
      `Aggregate ${id} could not be found.`,
    );
    expectPolicyRefusal(
      await nova(await session('demo'), 'GET', 'os-aggregates'),
      'os_compute_api:os-aggregates:index',
    );
  });

  it('adds and removes a host, sets metadata; a non-empty aggregate is not deleted', async () => {
    const admin = await session('admin');
    const host = await computeHost();
    const name = uniqueName('agg');
    // No zone: adding the only compute host to a zone would move every server of the cloud.
    const created = await nova(admin, 'POST', 'os-aggregates', undefined, {
      json: { aggregate: { name } },
    });
    const id = Number(field(created.body, 'aggregate', 'id'));
    const action = (body: unknown): Promise<RawAnswer> =>
      nova(admin, 'POST', `os-aggregates/${id}/action`, undefined, { json: body });
    cleanup(async () => {
      await action({ remove_host: { host } });
      await nova(admin, 'DELETE', `os-aggregates/${id}`);
    });
    expect(field(created.body, 'aggregate', 'availability_zone')).toBeNull();

    const added = await action({ add_host: { host } });
    expect(added.status).toBe(200);
    expectKeys(field(added.body, 'aggregate'), AGGREGATE_KEYS);
    expect(field(added.body, 'aggregate', 'hosts')).toEqual([host]);
    expectConflict(
      await action({ add_host: { host } }),
      `Aggregate ${id} already has host ${host}.`,
    );
    const unknown = await action({ add_host: { host: 'contract-no-such-host' } });
    expect(unknown.status).toBe(404);
    expectComputeFault(unknown.body, 'itemNotFound', 404);
    expect(field(unknown.body, 'itemNotFound', 'message')).toBe(
      'Compute host contract-no-such-host could not be found.',
    );

    const meta = await action({ set_metadata: { metadata: { contract: 'yes' } } });
    expect(meta.status).toBe(200);
    expect(field(meta.body, 'aggregate', 'metadata')).toEqual({ contract: 'yes' });

    expectBadRequest(
      await nova(admin, 'DELETE', `os-aggregates/${id}`),
      `Cannot remove host from aggregate ${id}. Reason: Host aggregate is not empty.`,
    );
    const removed = await action({ remove_host: { host } });
    expect(removed.status).toBe(200);
    expect(field(removed.body, 'aggregate', 'hosts')).toEqual([]);
    const again = await action({ remove_host: { host } });
    expect(again.status).toBe(404);
    expectComputeFault(again.body, 'itemNotFound', 404);
    expect(field(again.body, 'itemNotFound', 'message')).toBe(
      `Cannot remove host ${host} in aggregate ${id}`,
    );
  });
});

describe('nova: unknown servers', () => {
  it('answers actions on an unknown server with itemNotFound', async () => {
    const demo = await session('demo');
    const message = async (body: unknown): Promise<unknown> => {
      const answer = await nova(demo, 'POST', `servers/${MISSING_UUID}/action`, undefined, {
        json: body,
      });
      expect(answer.status).toBe(404);
      expectComputeFault(answer.body, 'itemNotFound', 404);
      return field(answer.body, 'itemNotFound', 'message');
    };
    // Start and stop look up the cell mapping first, and say so.
    expect(await message({ 'os-stop': null })).toBe(
      `Instance ${MISSING_UUID} has no mapping to a cell.`,
    );
    expect(await message({ 'os-start': null })).toBe(
      `Instance ${MISSING_UUID} has no mapping to a cell.`,
    );
    expect(await message({ pause: null })).toBe(`Instance ${MISSING_UUID} could not be found.`);
    expectBadRequest(
      await nova(demo, 'POST', `servers/${MISSING_UUID}/action`, undefined, {
        json: { 'contract-bogus': null },
      }),
      'There is no such action: contract-bogus',
    );
  });
});
