import { describe, expect, it } from 'vitest';
import type { Image, Network, Port } from '@skydeck/contract';
import { DEFAULT_LAUNCH_INSTANCE_DEFAULTS } from '@skydeck/contract/launchConstants';
import {
  computeQuota,
  defaultVolumeSize,
  flavorReasons,
  imageSources,
  initialModel,
  launchableNetworks,
  launchablePorts,
  quotaPercent,
  sourceTypes,
  toBody,
  type SourceItem,
} from './model';

const image = (extra: Partial<Image> = {}): Image =>
  ({
    id: 'i1',
    name: 'cirros',
    status: 'active',
    visibility: 'public',
    container_format: 'bare',
    disk_format: 'qcow2',
    size: 1073741825,
    min_disk: 0,
    min_ram: 0,
    created_at: '2026-01-01T00:00:00Z',
    properties: {},
    ...extra,
  }) as Image;

const source = (extra: Partial<SourceItem> = {}): SourceItem => ({
  id: 's',
  name: 's',
  size_gb: 1,
  min_disk: 0,
  min_ram: 0,
  created: '',
  ...extra,
});

describe('launch model (spec 3 §3, §4, §9)', () => {
  it('starts from LAUNCH_INSTANCE_DEFAULTS: count 1, volume 1 GB, AUTO, a new volume for images', () => {
    const model = initialModel(DEFAULT_LAUNCH_INSTANCE_DEFAULTS, true);
    expect(model).toMatchObject({
      instance_count: 1,
      vol_size: 1,
      disk_config: 'AUTO',
      source_type: 'image',
      vol_create: true,
      availability_zone: '',
    });
    // No volume service: never a new volume.
    expect(initialModel(DEFAULT_LAUNCH_INSTANCE_DEFAULTS, false).vol_create).toBe(false);
    const noVolume = { ...DEFAULT_LAUNCH_INSTANCE_DEFAULTS, create_volume: false };
    expect(initialModel(noVolume, true).vol_create).toBe(false);
    // A preset volume is never copied to a new volume.
    expect(
      initialModel(DEFAULT_LAUNCH_INSTANCE_DEFAULTS, true, {
        source_type: 'volume',
        source_id: 'v',
      }),
    ).toMatchObject({ source_type: 'volume', source_id: 'v', vol_create: false });
  });

  it('offers the source types the settings and services leave on', () => {
    expect(sourceTypes(DEFAULT_LAUNCH_INSTANCE_DEFAULTS, true)).toEqual([
      'image',
      'snapshot',
      'volume',
      'volume_snapshot',
    ]);
    expect(
      sourceTypes({ ...DEFAULT_LAUNCH_INSTANCE_DEFAULTS, disable_image: true }, false),
    ).toEqual(['snapshot']);
  });

  it('lists bootable active images, instance snapshots apart', () => {
    const images = [
      image(),
      image({ id: 'k', container_format: 'aki' }),
      image({ id: 'q', status: 'queued' }),
      image({ id: 'snap', properties: { image_type: 'snapshot' } }),
    ];
    expect(imageSources(images, false).map((s) => s.id)).toEqual(['i1']);
    expect(imageSources(images, false)[0]?.size_gb).toBe(2);
    expect(imageSources(images, true).map((s) => s.id)).toEqual(['snap']);
  });

  it('volume size: the source minimum, raised to the flavor disk, unless typed larger', () => {
    const src = source({ size_gb: 2, min_disk: 3 });
    expect(defaultVolumeSize({ vol_size: 1, vol_size_touched: false }, src, undefined)).toBe(3);
    expect(defaultVolumeSize({ vol_size: 1, vol_size_touched: false }, src, { disk: 20 })).toBe(20);
    expect(defaultVolumeSize({ vol_size: 50, vol_size_touched: true }, src, { disk: 20 })).toBe(50);
    expect(defaultVolumeSize({ vol_size: 5, vol_size_touched: true }, src, { disk: 20 })).toBe(20);
    expect(defaultVolumeSize({ vol_size: '', vol_size_touched: false }, undefined, undefined)).toBe(
      1,
    );
  });

  it('disables flavors over the quota or too small for the source, naming its kind', () => {
    const quota = computeQuota({
      maxTotalInstances: 10,
      totalInstancesUsed: 0,
      maxTotalCores: 4,
      totalCoresUsed: 2,
      maxTotalRAMSize: 4096,
      totalRAMUsed: 0,
    });
    const model = { instance_count: 2, source_type: 'image' as const, vol_create: false };
    expect(flavorReasons({ vcpus: 1, ram: 512, disk: 1 }, model, undefined, quota)).toEqual([]);
    expect(flavorReasons({ vcpus: 2, ram: 4096, disk: 1 }, model, undefined, quota)).toEqual([
      'Not enough VCPUs left in your quota: 4 needed, 2 available.',
      'Not enough RAM left in your quota: 8192 MB needed, 4096 MB available.',
    ]);
    const big = source({ min_disk: 10, min_ram: 1024 });
    expect(
      flavorReasons(
        { vcpus: 1, ram: 512, disk: 1 },
        { ...model, instance_count: 1 },
        big,
        undefined,
      ),
    ).toEqual([
      'The selected image needs a root disk of at least 10 GB; this flavor has 1 GB.',
      'The selected image needs at least 1024 MB of RAM; this flavor has 512 MB.',
    ]);
    // Booting from a new volume, the flavor's disk does not matter.
    expect(
      flavorReasons(
        { vcpus: 1, ram: 2048, disk: 1 },
        { ...model, vol_create: true },
        big,
        undefined,
      ),
    ).toEqual([]);
  });

  it('quota percentage: round((used + added) / max × 100)', () => {
    expect(quotaPercent(1, 1, 3)).toBe(67);
    expect(quotaPercent(5, 1, -1)).toBe(0);
    expect(quotaPercent(10, 1, 10)).toBe(110);
  });

  it('builds the wire body', () => {
    const model = {
      ...initialModel(DEFAULT_LAUNCH_INSTANCE_DEFAULTS, true),
      name: 'vm',
      source_id: 'img',
      vol_size: 4,
      flavor_id: '1',
      networks: ['n1'],
      security_groups: ['sg'],
      key_name: 'k',
      user_data: '#!',
      server_group: 'g1',
      scheduler_hints: { same_host: 'a0b1' },
      metadata: { sw_webserver_apache_http_port: '8080', owner: 'ops' },
    };
    expect(toBody(model)).toMatchObject({
      name: 'vm',
      instance_count: 1,
      source_type: 'image',
      source_id: 'img',
      vol_create: true,
      vol_size: 4,
      vol_delete_on_instance_delete: false,
      flavor_id: '1',
      networks: [{ id: 'n1' }],
      security_groups: ['sg'],
      key_name: 'k',
      user_data: '#!',
      disk_config: 'AUTO',
      // The chosen group goes apart: the server adds it to the hints as Nova's `group`.
      server_group: 'g1',
      scheduler_hints: { same_host: 'a0b1' },
      metadata: { sw_webserver_apache_http_port: '8080', owner: 'ops' },
    });
    expect(toBody(model).scheduler_hints).not.toHaveProperty('group');
    expect(toBody(initialModel())).toMatchObject({ scheduler_hints: {}, metadata: {} });
    expect(toBody({ ...model, vol_create: false })).not.toHaveProperty('vol_size');
    expect(toBody({ ...model, instance_count: '' }).instance_count).toBe(0);
  });

  it('offers networks with subnets and free, up, non-trunk ports only', () => {
    const net = (id: string, subnets: number): Network =>
      ({
        id,
        subnet_ids: Array.from({ length: subnets }, (_, i) => `s${i}`),
        subnets: [],
      }) as unknown as Network;
    expect(launchableNetworks([net('a', 1), net('b', 0)]).map((n) => n.id)).toEqual(['a']);
    const port = (extra: Partial<Port>): Port =>
      ({ id: 'p', device_owner: '', device_id: '', admin_state_up: true, ...extra }) as Port;
    expect(launchablePorts([port({})])).toHaveLength(1);
    expect(launchablePorts([port({ device_owner: 'compute:nova' })])).toHaveLength(0);
    expect(launchablePorts([port({ admin_state_up: false })])).toHaveLength(0);
    expect(launchablePorts([port({ trunk_id: 't' })])).toHaveLength(0);
  });
});
