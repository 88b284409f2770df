import { afterAll, describe, expect, it } from 'vitest';
import type { Instance, InstanceList, ServerActionBody } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { eventually } from '../../../testing/eventually';
import { useTestApp } from '../../../testing/useTestApp';

// The demo cloud's lifecycle at a twentieth of its pace: each action still passes through its
// task state, and the file does not wait seconds per step.
const previousScale = process.env['DEMO_CLOUD_LIFECYCLE_SCALE'];
process.env['DEMO_CLOUD_LIFECYCLE_SCALE'] = '0.05';
afterAll(() => {
  if (previousScale === undefined) delete process.env['DEMO_CLOUD_LIFECYCLE_SCALE'];
  else process.env['DEMO_CLOUD_LIFECYCLE_SCALE'] = previousScale;
});

const { t, admin, demo, reader } = useTestApp(['admin', 'demo', 'reader']);

const idOf = async (session: TestSession, name: string): Promise<string> => {
  const res = await t.as(session, { url: `/api/nova/servers/?name=${name}` });
  const found = res.json<InstanceList>().items.find((i) => i.name === name);
  if (!found) throw new Error(`no server ${name}`);
  return found.id;
};

const show = async (session: TestSession, id: string): Promise<Instance> => {
  const res = await t.as(session, { url: `/api/nova/servers/${id}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Instance>();
};

const act = (session: TestSession, id: string, body: ServerActionBody | Record<string, unknown>) =>
  t.as(session, { method: 'POST', url: `/api/nova/servers/${id}/`, payload: body });

/** Posts the operation (202) and waits until the instance settles in `status`. */
const settle = async (
  session: TestSession,
  id: string,
  body: ServerActionBody,
  status: string,
): Promise<Instance> => {
  const res = await act(session, id, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ id, operation: body.operation });
  let last: Instance | undefined;
  await eventually(async () => {
    last = await show(session, id);
    expect([last.status, last.task_state]).toEqual([status, null]);
  });
  return last as Instance;
};

describe('POST /api/nova/servers/:id/ (instance actions)', () => {
  it('runs every power and state operation through Nova, each to its end state', async () => {
    const id = await idOf(demo, 'web-1');
    await settle(demo, id, { operation: 'stop' }, 'SHUTOFF');
    await settle(demo, id, { operation: 'start' }, 'ACTIVE');
    await settle(demo, id, { operation: 'soft_reboot' }, 'ACTIVE');
    await settle(demo, id, { operation: 'hard_reboot' }, 'ACTIVE');
    await settle(demo, id, { operation: 'pause' }, 'PAUSED');
    await settle(demo, id, { operation: 'unpause' }, 'ACTIVE');
    await settle(demo, id, { operation: 'suspend' }, 'SUSPENDED');
    await settle(demo, id, { operation: 'resume' }, 'ACTIVE');
    await settle(demo, id, { operation: 'rescue', adminPass: 'rescue-me' }, 'RESCUE');
    await settle(demo, id, { operation: 'unrescue' }, 'ACTIVE');
    await settle(demo, id, { operation: 'shelve' }, 'SHELVED_OFFLOADED');
    await settle(demo, id, { operation: 'unshelve' }, 'ACTIVE');
  });

  it('passes Nova’s 409 for a wrong state through with its message', async () => {
    const id = await idOf(demo, 'web-2'); // seeded SHUTOFF
    const res = await act(demo, id, { operation: 'stop' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Cannot 'stop' instance ${id} while it is in vm_state stopped`);
    expect((await act(demo, id, { operation: 'pause' })).statusCode).toBe(409);
    expect((await act(demo, id, { operation: 'confirm_resize' })).statusCode).toBe(409);
  });

  it('locks with a reason and unlocks; a locked instance refuses the member (409)', async () => {
    const id = await idOf(demo, 'web-1');
    const locked = await act(demo, id, { operation: 'lock', locked_reason: 'maintenance' });
    expect(locked.statusCode, locked.body).toBe(202);
    expect((await show(demo, id)).locked).toBe(true);
    const refused = await act(demo, id, { operation: 'stop' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/locked/);
    expect((await act(demo, id, { operation: 'unlock' })).statusCode).toBe(202);
    expect((await show(demo, id)).locked).toBe(false);
  });

  it('resizes to VERIFY_RESIZE and reverts; resizes again and confirms', async () => {
    const id = await idOf(demo, 'web-1');
    const resized = await settle(
      demo,
      id,
      { operation: 'resize', flavorRef: '2', 'OS-DCF:diskConfig': 'AUTO' },
      'VERIFY_RESIZE',
    );
    expect(resized.flavor?.name).toBe('m1.small');
    const reverted = await settle(demo, id, { operation: 'revert_resize' }, 'ACTIVE');
    expect(reverted.flavor?.name).toBe('m1.tiny');
    await settle(demo, id, { operation: 'resize', flavorRef: '2' }, 'VERIFY_RESIZE');
    const res = await act(demo, id, { operation: 'confirm_resize' });
    expect(res.statusCode, res.body).toBe(202);
    expect((await show(demo, id)).flavor?.name).toBe('m1.small');
  });

  it('rebuilds from an image with a password, a name and a disk config', async () => {
    const id = await idOf(demo, 'web-1');
    const image = (await show(demo, id)).image?.id ?? '';
    const rebuilt = await settle(
      demo,
      id,
      {
        operation: 'rebuild',
        imageRef: image,
        adminPass: 'n3w-Passw0rd',
        name: 'web-1-rebuilt',
        'OS-DCF:diskConfig': 'MANUAL',
      },
      'ACTIVE',
    );
    expect(rebuilt.name).toBe('web-1-rebuilt');
    await t.as(demo, {
      method: 'PUT',
      url: `/api/nova/servers/${id}/`,
      payload: { name: 'web-1' },
    });
  });

  it('lets an admin reset the state, live-migrate and cold-migrate; a member gets 403', async () => {
    const id = await idOf(demo, 'web-1');
    const forbidden = await act(demo, id, { operation: 'reset_state', state: 'error' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toMatch(/os-admin-actions:reset_state/);
    expect((await act(demo, id, { operation: 'live_migrate' })).statusCode).toBe(403);
    expect((await act(reader, id, { operation: 'stop' })).statusCode).toBe(403);

    expect((await act(admin, id, { operation: 'reset_state', state: 'error' })).statusCode).toBe(
      202,
    );
    expect((await show(admin, id)).status).toBe('ERROR');
    await act(admin, id, { operation: 'reset_state', state: 'active' });
    expect((await show(admin, id)).status).toBe('ACTIVE');

    // web-1 is in an affinity group (no other host may take it): paused-1 is in none.
    const free = await idOf(demo, 'paused-1');
    const before = (await show(admin, free)).host;
    const moved = await settle(admin, free, { operation: 'live_migrate' }, 'PAUSED');
    expect(moved.host).not.toBe(before);
    const unknownHost = await act(admin, free, { operation: 'live_migrate', host: 'nowhere' });
    expect(unknownHost.statusCode).toBe(400);
    expect(unknownHost.json().message).toBe('Compute host nowhere could not be found.');
    // Nova accepts a cold migration it cannot place and records the failure in the action log.
    expect((await act(admin, id, { operation: 'migrate' })).statusCode).toBe(202);
    expect((await show(admin, id)).status).toBe('ACTIVE');
    const pinned = await act(admin, id, { operation: 'live_migrate' });
    expect(pinned.statusCode).toBe(400);
    expect(pinned.json().message).toBe(
      'No valid host was found. There are not enough hosts available.',
    );

    await settle(demo, free, { operation: 'unpause' }, 'ACTIVE');
    const cold = await settle(admin, free, { operation: 'migrate' }, 'VERIFY_RESIZE');
    expect(cold.host).not.toBe(moved.host);
    expect((await act(demo, free, { operation: 'confirm_resize' })).statusCode).toBe(202);
  });

  it('refuses a bad body with a 400 that says what is wrong, never sending it to Nova', async () => {
    const id = await idOf(demo, 'web-1');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ operation: 'levitate' }, /operation/],
      [{}, /operation/],
      [{ operation: 'resize' }, /^resize needs flavorRef$/],
      [{ operation: 'rebuild', adminPass: 'x' }, /^rebuild needs imageRef$/],
      [{ operation: 'reset_state' }, /^reset_state needs state$/],
      [{ operation: 'reset_state', state: 'paused' }, /state/],
      [{ operation: 'start', flavorRef: '2' }, /^start does not take flavorRef$/],
      [{ operation: 'live_migrate', block_migration: 'sometimes' }, /block_migration/],
      [{ operation: 'resize', flavorRef: '' }, /flavorRef/],
      [{ operation: 'rebuild', imageRef: 'x', 'OS-DCF:diskConfig': 'SOMETIMES' }, /diskConfig/],
    ];
    for (const [body, message] of cases) {
      const res = await act(demo, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('answers 404 for an unknown instance', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await act(demo, unknown, { operation: 'start' })).statusCode).toBe(404);
    expect((await act(demo, 'not-an-id', { operation: 'pause' })).statusCode).toBe(404);
    expect(
      (await t.as(demo, { method: 'DELETE', url: `/api/nova/servers/${unknown}/` })).statusCode,
    ).toBe(404);
  });

  it('requires the CSRF token on POST, PUT and DELETE', async () => {
    const id = await idOf(demo, 'web-1');
    const cookie = demo.headers['cookie'] ?? '';
    for (const [method, payload] of [
      ['POST', { operation: 'stop' }],
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/nova/servers/${id}/`,
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().message).toMatch(/CSRF/);
    }
    expect((await show(demo, id)).status).toBe('ACTIVE');
  });
});

describe('PUT /api/nova/servers/:id/', () => {
  it('edits the name and description and answers the instance', async () => {
    const id = await idOf(demo, 'db-1');
    const res = await t.as(demo, {
      method: 'PUT',
      url: `/api/nova/servers/${id}/`,
      payload: { name: 'db-1-renamed', description: 'Renamed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Instance>()).toMatchObject({
      id,
      name: 'db-1-renamed',
      description: 'Renamed',
    });
    const cleared = await t.as(demo, {
      method: 'PUT',
      url: `/api/nova/servers/${id}/`,
      payload: { name: 'db-1', description: '' },
    });
    expect(cleared.json<Instance>()).toMatchObject({ name: 'db-1', description: null });
  });

  it('refuses an empty change or an empty name (400)', async () => {
    const id = await idOf(demo, 'db-1');
    for (const payload of [{}, { name: '' }]) {
      const res = await t.as(demo, { method: 'PUT', url: `/api/nova/servers/${id}/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST /api/nova/snapshots/', () => {
  it('snapshots an instance to a new image (202 with its id)', async () => {
    const id = await idOf(demo, 'web-1');
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/snapshots/',
      payload: { instance_id: id, name: 'web-1-snap' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json<{ id: string; name: string; instance_id: string }>();
    expect(created).toMatchObject({ name: 'web-1-snap', instance_id: id });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const image = await t.as(demo, { url: `/api/glance/images/${created.id}/` });
    expect(image.statusCode).toBe(200);
    expect(
      (
        await t.as(demo, {
          method: 'POST',
          url: '/api/nova/snapshots/',
          payload: { instance_id: id },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('DELETE /api/nova/servers/:id/', () => {
  it('deletes through the deleting task state until the instance is gone', async () => {
    const id = await idOf(demo, 'web-2');
    const res = await t.as(demo, { method: 'DELETE', url: `/api/nova/servers/${id}/` });
    expect(res.statusCode, res.body).toBe(204);
    await eventually(async () => {
      expect((await t.as(demo, { url: `/api/nova/servers/${id}/` })).statusCode).toBe(404);
    });
  });
});
