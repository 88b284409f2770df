import { beforeAll, describe, expect, it } from 'vitest';
import type { Instance, LaunchBody } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

let cirros = '';
let ubuntu = '';
let network = '';

const post = (body: LaunchBody, query = '') =>
  t.as(demo, { method: 'POST', url: `/api/nova/servers/${query}`, payload: body });

/** The per-step errors of a 400 (spec 1 §3 "Workflow validation response"). */
const errorsOf = async (body: LaunchBody, query: string) => {
  const res = await post(body, query);
  expect(res.statusCode).toBe(400);
  const json = res.json<{ message: string; has_errors: boolean; errors: object }>();
  expect(json.has_errors).toBe(true);
  expect(json.message).toBeTruthy();
  return json.errors as Record<string, Record<string, string>>;
};

const valid = async (body: LaunchBody, query: string): Promise<void> => {
  const res = await post(body, query);
  expect(res.json()).toEqual({ has_errors: false, errors: {}, workflow_slug: 'launch_instance' });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  const images = (await t.as(demo, { url: '/api/glance/images/' })).json<{
    items: { id: string; name: string }[];
  }>().items;
  cirros = images.find((i) => i.name === 'cirros-0.6.2-x86_64-disk')?.id ?? '';
  ubuntu = images.find((i) => i.name === 'ubuntu-22.04-server-cloudimg-amd64')?.id ?? '';
  // Read straight from the demo cloud's Neutron: the BFF's network routes are another issue's.
  const token = await t.tokenOf(demo);
  const nets = (await (
    await fetch(`${t.cloud.url}/network/v2.0/networks?name=private`, {
      headers: { 'x-auth-token': token },
    })
  ).json()) as { networks: { id: string }[] };
  network = nets.networks[0]?.id ?? '';
  expect(cirros && ubuntu && network).toBeTruthy();
});

describe('POST /api/nova/servers/?validate= (spec 3 §5, per step)', () => {
  it('details: a name is required and the count is at least 1 and within the quota', async () => {
    expect((await errorsOf({ instance_count: 1 }, '?validate=details'))['details']).toEqual({
      name: 'A name is required for your instance.',
    });
    expect(
      (await errorsOf({ name: 'x', instance_count: 0 }, '?validate=details'))['details'],
    ).toEqual({ instance_count: 'The instance count must be at least 1.' });
    const over = await errorsOf({ name: 'x', instance_count: 5000 }, '?validate=details');
    expect(over['details']?.['instance_count']).toMatch(
      /^The instance count must not exceed your quota available of \d+ instances$/,
    );
    await valid({ name: 'x', instance_count: 1 }, '?validate=details');
  });

  it('source: chosen, existing, one instance for a volume, volume size at least the image', async () => {
    expect((await errorsOf({}, '?validate=source'))['source']).toEqual({
      source_type: 'Choose a boot source type.',
    });
    expect((await errorsOf({ source_type: 'image' }, '?validate=source'))['source']).toEqual({
      source_id: 'Choose a source to boot from.',
    });
    const missing = await errorsOf(
      { source_type: 'snapshot', source_id: '00000000-0000-0000-0000-000000000000' },
      '?validate=source',
    );
    expect(missing['source']).toEqual({
      source_id: 'The selected instance snapshot was not found.',
    });
    const small = await errorsOf(
      { source_type: 'image', source_id: ubuntu, vol_create: true, vol_size: 1 },
      '?validate=source',
    );
    expect(small['source']).toEqual({ vol_size: 'The volume size must be at least 3 GB' });
    const noSize = await errorsOf(
      { source_type: 'image', source_id: ubuntu, vol_create: true },
      '?validate=source',
    );
    expect(noSize['source']).toEqual({ vol_size: 'A volume size is required.' });
    await valid(
      { source_type: 'image', source_id: ubuntu, vol_create: true, vol_size: 3 },
      '?validate=source',
    );
    await valid({ source_type: 'image', source_id: cirros }, '?validate=source');
  });

  it('source: a volume boots one instance only', async () => {
    const volume = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/volumes/',
      payload: { name: 'launch-boot', size: 1 },
    });
    expect(volume.statusCode).toBeLessThan(300);
    const id = volume.json<{ id: string }>().id;
    const errors = await errorsOf(
      { instance_count: 2, source_type: 'volume', source_id: id },
      '?validate=source',
    );
    expect(errors['source']?.['__all__']).toMatch(
      /^Volumes can only be attached to 1 active instance at a time/,
    );
  });

  it('flavor: chosen, existing, fits the source (naming its kind) and the quota', async () => {
    expect((await errorsOf({}, '?validate=flavor'))['flavor']).toEqual({
      flavor_id: 'Choose a flavor.',
    });
    expect((await errorsOf({ flavor_id: 'nope' }, '?validate=flavor'))['flavor']).toEqual({
      flavor_id: 'The selected flavor was not found.',
    });
    const tooSmall = await errorsOf(
      { source_type: 'image', source_id: ubuntu, flavor_id: '1' },
      '?validate=flavor',
    );
    expect(tooSmall['flavor']?.['flavor_id']).toBe(
      'The selected image needs a root disk of at least 3 GB; this flavor has 1 GB.',
    );
    // Booted from a new volume, the flavor's root disk does not matter.
    await valid(
      { source_type: 'image', source_id: ubuntu, vol_create: true, vol_size: 3, flavor_id: '1' },
      '?validate=flavor',
    );
    const quota = await errorsOf({ instance_count: 500, flavor_id: '1' }, '?validate=flavor');
    expect(quota['flavor']?.['flavor_id']).toMatch(
      /^Not enough VCPUs left in your quota: 500 needed/,
    );
  });

  it('ports: at least one network unless a port is chosen', async () => {
    expect((await errorsOf({}, '?validate=ports'))['ports']).toEqual({
      __all__: 'At least one network is required unless you choose a port.',
    });
    await valid({ networks: [{ id: network }] }, '?validate=ports');
    await valid({ ports: ['some-port'] }, '?validate=ports');
  });

  it('key pair: an existing one', async () => {
    expect((await errorsOf({ key_name: 'nope' }, '?validate=keypair'))['keypair']).toEqual({
      key_name: 'The key pair nope was not found.',
    });
    await valid({ key_name: 'demo-key' }, '?validate=keypair');
    await valid({}, '?validate=keypair');
  });

  it('configuration: the customization script is at most 16 KiB', async () => {
    await valid({ user_data: 'a'.repeat(16384) }, '?validate=configuration');
    // Counted in bytes: 8193 two-byte characters are over.
    expect(
      (await errorsOf({ user_data: 'é'.repeat(8193) }, '?validate=configuration'))['configuration'],
    ).toEqual({ user_data: 'The customization script must not be larger than 16 KiB.' });
  });

  it('server groups, scheduler hints and metadata', async () => {
    expect(
      (await errorsOf({ server_group: 'nope' }, '?validate=server_groups'))['server_groups'],
    ).toEqual({ server_group: 'The selected server group was not found.' });
    expect(
      (await errorsOf({ metadata: { ['k'.repeat(256)]: 'v' } }, '?validate=metadata'))[
        'metadata'
      ]?.['metadata'],
    ).toMatch(/is longer than 255 characters/);
    await valid({ scheduler_hints: { same_host: 'x' } }, '?validate=scheduler_hints');
  });

  it('a forward jump validates every step in between (validate_from)', async () => {
    const errors = await errorsOf({}, '?validate=flavor&validate_from=details');
    expect(Object.keys(errors)).toEqual(['details', 'source', 'flavor']);
  });

  it('bad input is a clear 400, never a 500', async () => {
    const res = await post({ instance_count: 'two' as unknown as number }, '?validate=details');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/instance_count/);
    const step = await post({}, '?validate=nowhere');
    expect(step.statusCode).toBe(400);
  });
});

describe('POST /api/nova/servers/ (launch, spec 3 §3)', () => {
  it('refuses an invalid model with every error and creates nothing', async () => {
    const errors = await errorsOf({ name: '' }, '');
    expect(errors['details']?.['name']).toBe('A name is required for your instance.');
    expect(errors['flavor']?.['flavor_id']).toBe('Choose a flavor.');
  });

  it('launches from an image with a network, key pair, script and metadata', async () => {
    const res = await post({
      name: 'launched-by-wizard',
      description: 'from the route test',
      instance_count: 1,
      source_type: 'image',
      source_id: cirros,
      flavor_id: '1',
      networks: [{ id: network }],
      security_groups: ['default'],
      key_name: 'demo-key',
      user_data: '#!/bin/sh\necho hi\n',
      disk_config: 'AUTO',
      config_drive: false,
      metadata: { role: 'test' },
    });
    expect(res.statusCode).toBe(202);
    const { id, count } = res.json<{ id: string; count: number }>();
    expect(count).toBe(1);
    const shown = (await t.as(demo, { url: `/api/nova/servers/${id}/` })).json<Instance>();
    expect(shown).toMatchObject({
      name: 'launched-by-wizard',
      key_name: 'demo-key',
      metadata: { role: 'test' },
      image: { id: cirros },
    });
  });

  it('launches two from a new volume of an image (block_device_mapping_v2)', async () => {
    const res = await post({
      name: 'vol-backed',
      instance_count: 2,
      source_type: 'image',
      source_id: cirros,
      vol_create: true,
      vol_size: 1,
      vol_delete_on_instance_delete: true,
      flavor_id: '1',
      networks: [{ id: network }],
    });
    expect(res.statusCode).toBe(202);
    const { id, count } = res.json<{ id: string; count: number }>();
    expect(count).toBe(2);
    const shown = (await t.as(demo, { url: `/api/nova/servers/${id}/` })).json<Instance>();
    expect(shown.image).toBeNull();
  });
});

describe('GET /api/nova/availzones/ (spec 3 §7)', () => {
  it("lists the compute zones by name and state, without an admin's hosts", async () => {
    const res = await t.as(demo, { url: '/api/nova/availzones/' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: Record<string, unknown>[] }>();
    expect(items).toContainEqual({ zoneName: 'nova', zoneState: { available: true } });
    for (const zone of items) expect(Object.keys(zone).sort()).toEqual(['zoneName', 'zoneState']);
  });
});
