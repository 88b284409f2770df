import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { COMPUTE, cirrosImageId, createServer, waitForStatus } from './novaTestKit';

type Json = Record<string, unknown>;
const COMPUTE_2 = 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d04';
const SCHEDULER = 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d01';

describe('nova compute services: enable and disable', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });

  const put = async (token: string, id: string, body: unknown, microversion = '2.53') =>
    cloud().request<{ service: Json; badRequest?: { message: string } }>(
      'PUT',
      `${COMPUTE}/os-services/${id}`,
      { token, microversion, body },
    );
  const services = async (token: string) =>
    (
      await cloud().request<{ services: Json[] }>('GET', `${COMPUTE}/os-services`, {
        token,
        microversion: '2.53',
      })
    ).body.services;

  it('disables with a reason, shows it on the hypervisor, keeps it over a restart, enables', async () => {
    const admin = await cloud().token('admin', 'admin');
    const disabled = await put(admin, COMPUTE_2, {
      status: 'disabled',
      disabled_reason: 'disk swap',
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.service).toMatchObject({
      id: COMPUTE_2,
      binary: 'nova-compute',
      host: 'demo-compute-2',
      status: 'disabled',
      disabled_reason: 'disk swap',
      state: 'up',
      forced_down: false,
    });
    const hypervisors = await cloud().request<{ hypervisors: Json[] }>(
      'GET',
      `${COMPUTE}/os-hypervisors/detail`,
      { token: admin, microversion: '2.53' },
    );
    expect(
      hypervisors.body.hypervisors.find((h) => h['hypervisor_hostname'] === 'demo-compute-2'),
    ).toMatchObject({ status: 'disabled', service: { disabled_reason: 'disk swap' } });

    await cloud().restart();
    const again = await cloud().token('admin', 'admin');
    expect((await services(again)).find((s) => s['id'] === COMPUTE_2)).toMatchObject({
      status: 'disabled',
      disabled_reason: 'disk swap',
    });

    const enabled = await put(again, COMPUTE_2, { status: 'enabled' });
    expect(enabled.body.service).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('refuses what Nova refuses', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    expect((await put(demo, COMPUTE_2, { status: 'disabled' })).status).toBe(403);
    expect((await put(admin, COMPUTE_2, {})).status).toBe(400);
    expect((await put(admin, COMPUTE_2, { status: 'enabled', disabled_reason: 'x' })).status).toBe(
      400,
    );
    expect((await put(admin, COMPUTE_2, { status: 'off' })).status).toBe(400);
    expect((await put(admin, SCHEDULER, { status: 'disabled' })).status).toBe(400);
    expect((await put(admin, 'not-a-uuid', { status: 'disabled' })).status).toBe(400);
    expect(
      (await put(admin, 'c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4dff', { status: 'disabled' })).status,
    ).toBe(404);
  });

  it('takes the pre-2.53 actions by host and binary', async () => {
    const admin = await cloud().token('admin', 'admin');
    const res = await put(
      admin,
      'disable-log-reason',
      { host: 'demo-compute-3', binary: 'nova-compute', disabled_reason: 'old client' },
      '2.1',
    );
    expect(res.status).toBe(200);
    expect(res.body.service).toEqual({
      host: 'demo-compute-3',
      binary: 'nova-compute',
      status: 'disabled',
      disabled_reason: 'old client',
    });
    await put(admin, 'enable', { host: 'demo-compute-3', binary: 'nova-compute' }, '2.1');
    expect((await services(admin)).find((s) => s['host'] === 'demo-compute-3')?.['status']).toBe(
      'enabled',
    );
  });

  it('schedules no new server to a disabled host', async () => {
    const admin = await cloud().token('admin', 'admin');
    const ids = [3, 4, 5].map((n) => `c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d0${n}`);
    const image = await cirrosImageId(cloud(), admin);
    const boot = async (name: string): Promise<Json | undefined> => {
      const created = await createServer(cloud(), admin, {
        name,
        imageRef: image,
        flavorRef: '1',
        networks: 'none',
      });
      const id = created.body.server?.id ?? '';
      return (await waitForStatus(cloud(), admin, id, name === 'nowhere' ? 'ERROR' : 'ACTIVE')) as
        Json | undefined;
    };
    // Only demo-compute-3 left: the server lands there.
    for (const id of ids.slice(0, 2)) await put(admin, id, { status: 'disabled' });
    expect((await boot('only-three'))?.['OS-EXT-SRV-ATTR:host']).toBe('demo-compute-3');
    // None left: NoValidHost.
    await put(admin, ids[2] ?? '', { status: 'disabled' });
    expect((await boot('nowhere'))?.['status']).toBe('ERROR');
    for (const id of ids) await put(admin, id, { status: 'enabled' });
  });
});
