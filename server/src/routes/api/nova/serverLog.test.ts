import { describe, expect, it } from 'vitest';
import type {
  ConsoleInfo,
  ConsoleOutput,
  EncryptedPassword,
  Instance,
  InstanceInterface,
  InstanceInterfaceList,
  InstanceActionList,
  InstanceList,
  InstanceSecurityGroupList,
  InstanceVolumeList,
} from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo, admin } = useTestApp(['demo', 'admin']);

const idOf = async (session: TestSession, name: string, all = false): Promise<string> => {
  const query = `?name=${name}${all ? '&all_projects=true' : ''}`;
  const res = await t.as(session, { url: `/api/nova/servers/${query}` });
  const id = res.json<InstanceList>().items.find((i) => i.name === name)?.id;
  if (!id) throw new Error(`no server ${name}`);
  return id;
};

const consoleOf = (session: TestSession, id: string, payload: Record<string, unknown>) =>
  t.as(session, { method: 'POST', url: `/api/nova/servers/${id}/console-output/`, payload });

describe('POST /api/nova/servers/:id/console-output/', () => {
  it('answers the tail of the console log, of the length asked', async () => {
    const id = await idOf(demo, 'web-1');
    const tail = await consoleOf(demo, id, { length: 35 });
    expect(tail.statusCode, tail.body).toBe(200);
    const lines = tail.json<ConsoleOutput>().output.split('\n');
    expect(lines).toHaveLength(35);
    expect(lines.at(-1)).toMatch(/web-1 login: $/);
    const all = await consoleOf(demo, id, {});
    expect(all.json<ConsoleOutput>().output).toContain('Linux version');
  });

  it("passes on Nova's 409 for a guest that is not running", async () => {
    const res = await consoleOf(demo, await idOf(demo, 'broken'), { length: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/is not ready/);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const id = await idOf(demo, 'web-1');
    for (const payload of [{ length: 0 }, { length: -1 }, { length: 'lots' }, { length: 1.5 }]) {
      const res = await consoleOf(demo, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await consoleOf(demo, 'not-a-server', { length: 5 })).statusCode).toBe(404);
    // Another project's instance is no instance for a member.
    const alt = await idOf(admin, 'alt-server', true);
    expect((await consoleOf(demo, alt, { length: 5 })).statusCode).toBe(404);
  });
});

describe('GET /api/nova/servers/:id/actions/', () => {
  it('lists the action log, newest first, as an allowlist', async () => {
    const id = await idOf(demo, 'web-2');
    const res = await t.as(demo, { url: `/api/nova/servers/${id}/actions/` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<InstanceActionList>();
    expect(items.map((a) => a.action)).toEqual(['stop', 'create']);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      ['action', 'message', 'project_id', 'request_id', 'start_time', 'user_id'].sort(),
    );
    expect(items[0]?.request_id).toMatch(/^req-/);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['nope', `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`]) {
      const res = await t.as(demo, { url: `/api/nova/servers/${id}/actions/` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/nova/servers/:id/volumes/', () => {
  it('lists the attached volumes with their Cinder names, sizes and devices', async () => {
    const id = await idOf(demo, 'db-1');
    const res = await t.as(demo, { url: `/api/nova/servers/${id}/volumes/` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<InstanceVolumeList>();
    expect(items.map((v) => v.name).sort()).toEqual(['boot-vol', 'data-vol']);
    expect(items.find((v) => v.name === 'boot-vol')?.device).toBe('/dev/vda');
    expect(items.every((v) => typeof v.size === 'number' && v.size > 0)).toBe(true);
    // An instance without volumes has an empty list.
    const web1 = await idOf(demo, 'web-1');
    const none = await t.as(demo, { url: `/api/nova/servers/${web1}/volumes/` });
    expect(none.json<InstanceVolumeList>().items).toEqual([]);
  });

  it('answers 404 for a malformed id', async () => {
    const res = await t.as(demo, { url: '/api/nova/servers/nope/volumes/' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/nova/servers/:id/security-groups/', () => {
  it("lists the instance's security groups without their rules", async () => {
    const id = await idOf(demo, 'web-1');
    const res = await t.as(demo, { url: `/api/nova/servers/${id}/security-groups/` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<InstanceSecurityGroupList>();
    expect(items.map((g) => g.name)).toContain('default');
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['description', 'id', 'name']);
    const bad = await t.as(demo, { url: '/api/nova/servers/nope/security-groups/' });
    expect(bad.statusCode).toBe(404);
  });
});

describe('POST /api/nova/servers/:id/console-info/', () => {
  const info = (session: TestSession, id: string, payload: Record<string, unknown>) =>
    t.as(session, { method: 'POST', url: `/api/nova/servers/${id}/console-info/`, payload });

  it('answers the first console the cloud offers (VNC on the demo cloud)', async () => {
    const id = await idOf(demo, 'web-1');
    for (const payload of [{}, { console_type: 'AUTO' }, { console_type: 'VNC' }]) {
      const res = await info(demo, id, payload);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<ConsoleInfo>();
      expect(answer.type).toBe('VNC');
      expect(answer.url).toMatch(/vnc_lite\.html\?path=%3Ftoken%3D[0-9a-f-]+$/);
    }
  });

  it("passes on Nova's refusal of a console kind the cloud does not offer", async () => {
    const res = await info(demo, await idOf(demo, 'web-1'), { console_type: 'SPICE' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Unavailable console type/);
  });

  it('answers 409 for a stopped guest, 404 for no instance, 400 for an unknown kind', async () => {
    // The demo cloud, like a libvirt without the stopped domain's graphics, has none to give.
    const stopped = await info(demo, await idOf(demo, 'web-2'), {});
    expect(stopped.statusCode, stopped.body).toBe(404);
    expect(stopped.json<{ message: string }>().message).toBe('No available console found.');
    const broken = await info(demo, await idOf(demo, 'broken'), {});
    expect(broken.statusCode).toBe(409);
    expect((await info(demo, 'nope', {})).statusCode).toBe(404);
    const web1 = await idOf(demo, 'web-1');
    for (const payload of [{ console_type: 'telnet' }, { console_type: 3 }]) {
      expect((await info(demo, web1, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /api/nova/servers/:id/password/', () => {
  it('answers the encrypted password of an instance launched with a key pair', async () => {
    const res = await t.as(demo, {
      url: `/api/nova/servers/${await idOf(demo, 'web-1')}/password/`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { encrypted_password } = res.json<EncryptedPassword>();
    // RSA-2048: 256 bytes, as base64.
    expect(Buffer.from(encrypted_password, 'base64')).toHaveLength(256);
  });

  it('answers an empty password without a key pair, 404 for no instance', async () => {
    const broken = await t.as(demo, {
      url: `/api/nova/servers/${await idOf(demo, 'broken')}/password/`,
    });
    expect(broken.json<EncryptedPassword>()).toEqual({ encrypted_password: '' });
    expect((await t.as(demo, { url: '/api/nova/servers/nope/password/' })).statusCode).toBe(404);
    const alt = await idOf(admin, 'alt-server', true);
    expect((await t.as(demo, { url: `/api/nova/servers/${alt}/password/` })).statusCode).toBe(404);
  });
});

describe('GET and PATCH /api/nova/servers/:id/metadata/', () => {
  it('reads, sets and removes keys as the metadata editor sends them', async () => {
    const id = await idOf(demo, 'web-1');
    const url = `/api/nova/servers/${id}/metadata/`;
    const before = await t.as(demo, { url });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<Record<string, string>>()).toMatchObject({ role: 'web' });
    const patch = await t.as(demo, {
      method: 'PATCH',
      url,
      payload: { updated: { owner: 'team-a', role: 'edge' }, removed: ['tier'] },
    });
    expect(patch.statusCode, patch.body).toBe(204);
    const after = (await t.as(demo, { url })).json<Record<string, string>>();
    expect(after).toEqual({
      ...before.json<Record<string, string>>(),
      owner: 'team-a',
      role: 'edge',
      tier: undefined,
    });
    expect(Object.hasOwn(after, 'tier')).toBe(false);
    // Put back as the seed had it, for the other tests.
    await t.as(demo, {
      method: 'PATCH',
      url,
      payload: { updated: before.json<Record<string, string>>(), removed: ['owner'] },
    });
  });

  it('answers bad input with a 4xx', async () => {
    expect((await t.as(demo, { url: '/api/nova/servers/nope/metadata/' })).statusCode).toBe(404);
    const id = await idOf(demo, 'web-1');
    for (const payload of [
      {},
      { updated: { a: 1 }, removed: [] },
      { updated: {}, removed: [''] },
    ]) {
      const res = await t.as(demo, {
        method: 'PATCH',
        url: `/api/nova/servers/${id}/metadata/`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('/api/nova/servers/:id/interfaces/', () => {
  const privateNetwork = async (): Promise<string> => {
    const res = await t.as(demo, { url: '/api/neutron/networks/' });
    const items = res.json<{ items: { id: string; name: string }[] }>().items;
    const id = items.find((n) => n.name === 'private')?.id;
    if (!id) throw new Error('no private network');
    return id;
  };

  it('attaches a port on a network at a fixed IP, lists it and detaches it', async () => {
    const id = await idOf(demo, 'web-1');
    const url = `/api/nova/servers/${id}/interfaces/`;
    const before = (await t.as(demo, { url })).json<InstanceInterfaceList>().items;
    expect(before.length).toBeGreaterThan(0);
    const network_id = await privateNetwork();
    const attached = await t.as(demo, {
      method: 'POST',
      url,
      payload: { network_id, fixed_ip: '10.0.0.50' },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const port = attached.json<InstanceInterface>();
    expect(port.net_id).toBe(network_id);
    expect(port.fixed_ips.map((ip) => ip.ip_address)).toContain('10.0.0.50');
    const listed = (await t.as(demo, { url })).json<InstanceInterfaceList>().items;
    expect(listed.map((p) => p.port_id)).toContain(port.port_id);
    const server = await t.as(demo, { url: `/api/nova/servers/${id}/` });
    expect(JSON.stringify(server.json<Instance>().addresses)).toContain('10.0.0.50');

    const detached = await t.as(demo, { method: 'DELETE', url: `${url}${port.port_id}/` });
    expect(detached.statusCode, detached.body).toBe(204);
    const after = (await t.as(demo, { url })).json<InstanceInterfaceList>().items;
    expect(after.map((p) => p.port_id).sort()).toEqual(before.map((p) => p.port_id).sort());
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const id = await idOf(demo, 'web-1');
    const url = `/api/nova/servers/${id}/interfaces/`;
    const network_id = await privateNetwork();
    const bad = [
      {},
      { network_id, port_id: network_id },
      { port_id: network_id, fixed_ip: '10.0.0.9' },
      { network_id: 'not a uuid' },
    ];
    for (const payload of bad) {
      const res = await t.as(demo, { method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missingPort = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    // Nova accepts a detach of a port that is not attached (its compute host refuses later).
    const res = await t.as(demo, { method: 'DELETE', url: `${url}${missingPort}/` });
    expect(res.statusCode).toBe(204);
    const notPort = await t.as(demo, { method: 'DELETE', url: `${url}not-a-port/` });
    expect(notPort.statusCode).toBe(400);
    expect((await t.as(demo, { url: '/api/nova/servers/nope/interfaces/' })).statusCode).toBe(404);
  });
});
