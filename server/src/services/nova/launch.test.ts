import { describe, expect, it } from 'vitest';
import type { LaunchBody } from '@skydeck/contract';
import {
  blockDevicesOf,
  buildServerCreate,
  flavorProblems,
  minimumVolumeSize,
  schedulerHintsOf,
  stepRange,
  validateLaunch,
  type LaunchFacts,
} from './launch';

const facts = (extra: Partial<LaunchFacts> = {}): LaunchFacts => ({
  network: true,
  requiresKeypair: false,
  ...extra,
});

describe('validateLaunch (spec 3 §5)', () => {
  it('details: name required, count at least 1 and within the instances left', () => {
    expect(validateLaunch({ name: '  ' }, ['details'], facts())).toEqual({
      details: { name: 'A name is required for your instance.' },
    });
    expect(validateLaunch({ name: 'a', instance_count: 0 }, ['details'], facts())).toEqual({
      details: { instance_count: 'The instance count must be at least 1.' },
    });
    const quota = { instances: 3, cores: null, ram: null };
    expect(validateLaunch({ name: 'a', instance_count: 4 }, ['details'], facts({ quota }))).toEqual(
      {
        details: {
          instance_count: 'The instance count must not exceed your quota available of 3 instances',
        },
      },
    );
    expect(validateLaunch({ name: 'a', instance_count: 3 }, ['details'], facts({ quota }))).toEqual(
      {},
    );
    // Unlimited (Nova's -1) never limits.
    const unlimited = { instances: null, cores: null, ram: null };
    expect(
      validateLaunch({ name: 'a', instance_count: 999 }, ['details'], facts({ quota: unlimited })),
    ).toEqual({});
  });

  it('source: volume size from the image size (GB, rounded up) and min_disk, at least 1', () => {
    expect(minimumVolumeSize({ min_disk: 0, min_ram: 0, size_gb: 0 })).toBe(1);
    expect(minimumVolumeSize({ min_disk: 2, min_ram: 0, size_gb: 5 })).toBe(5);
    expect(minimumVolumeSize({ min_disk: 8, min_ram: 0, size_gb: 5 })).toBe(8);
    const body: LaunchBody = {
      source_type: 'snapshot',
      source_id: 's',
      vol_create: true,
      vol_size: 4,
    };
    const source = { min_disk: 5, min_ram: 0, size_gb: 1 };
    expect(validateLaunch(body, ['source'], facts({ source }))).toEqual({
      source: { vol_size: 'The volume size must be at least 5 GB' },
    });
    // A volume snapshot may leave the size to Cinder.
    expect(
      validateLaunch(
        { source_type: 'volume_snapshot', source_id: 's' },
        ['source'],
        facts({ source }),
      ),
    ).toEqual({});
  });

  it('flavor: quota for the count, and min_disk/min_ram naming the source kind', () => {
    const flavor = { id: 'f', vcpus: 2, ram: 1024, disk: 10 };
    const quota = { instances: null, cores: 3, ram: 1500 };
    expect(flavorProblems(flavor, { instance_count: 2 }, { quota })).toEqual([
      'Not enough VCPUs left in your quota: 4 needed, 3 available.',
      'Not enough RAM left in your quota: 2048 MB needed, 1500 MB available.',
    ]);
    const source = { min_disk: 20, min_ram: 2048, size_gb: 1 };
    expect(flavorProblems(flavor, { source_type: 'volume', source_id: 'v' }, { source })).toEqual([
      'The selected volume needs at least 2048 MB of RAM; this flavor has 1024 MB.',
    ]);
    expect(flavorProblems(flavor, { source_type: 'snapshot', source_id: 's' }, { source })).toEqual(
      [
        'The selected instance snapshot needs a root disk of at least 20 GB; this flavor has 10 GB.',
        'The selected instance snapshot needs at least 2048 MB of RAM; this flavor has 1024 MB.',
      ],
    );
    expect(
      validateLaunch({ flavor_id: 'f' }, ['flavor'], facts({ flavor: { ...flavor, ram: 4096 } })),
    ).toEqual({});
  });

  it('ports: a network or a port is needed only with a network service', () => {
    expect(validateLaunch({}, ['ports'], facts())).toEqual({
      ports: { __all__: 'At least one network is required unless you choose a port.' },
    });
    expect(validateLaunch({}, ['ports'], facts({ network: false }))).toEqual({});
  });

  it('key pair: required when the hypervisor says so', () => {
    expect(validateLaunch({}, ['keypair'], facts({ requiresKeypair: true }))).toEqual({
      keypair: { key_name: 'A key pair is required.' },
    });
    expect(validateLaunch({}, ['keypair'], facts())).toEqual({});
  });

  it('only the asked steps run, in the wizard order', () => {
    expect(stepRange('flavor', 'details')).toEqual(['details', 'source', 'flavor']);
    expect(stepRange('keypair')).toEqual(['keypair']);
    expect(Object.keys(validateLaunch({}, stepRange(), facts()))).toEqual([
      'details',
      'source',
      'flavor',
      'ports',
    ]);
  });
});

describe('buildServerCreate (spec 3 §3)', () => {
  const base: LaunchBody = {
    name: ' web ',
    instance_count: 3,
    source_type: 'image',
    source_id: 'img',
    flavor_id: 'f',
  };

  it('count → min/max_count, imageRef, disk config, trimmed name', () => {
    expect(buildServerCreate(base, true, '2.67')).toEqual({
      name: 'web',
      flavorRef: 'f',
      imageRef: 'img',
      min_count: 3,
      max_count: 3,
      networks: 'auto',
      'OS-DCF:diskConfig': 'AUTO',
    });
  });

  it('nics: ports then networks with fixed IPs; auto/none from 2.37 only', () => {
    const body = {
      ...base,
      ports: ['p1'],
      networks: [{ id: 'n1', v4_fixed_ip: '10.0.0.5' }, { id: 'n2' }],
    };
    expect(buildServerCreate(body, true, '2.67').networks).toEqual([
      { port: 'p1' },
      { uuid: 'n1', fixed_ip: '10.0.0.5' },
      { uuid: 'n2' },
    ]);
    expect(buildServerCreate(base, false, '2.67').networks).toBe('none');
    expect(buildServerCreate(base, true, '2.36').networks).toBeUndefined();
  });

  it('optional fields: description from 2.19, base64 user data, groups by name or id', () => {
    const body: LaunchBody = {
      ...base,
      description: 'd',
      user_data: 'héllo',
      key_name: 'k',
      availability_zone: 'nova',
      config_drive: true,
      admin_pass: 'pw',
      metadata: { a: 'b' },
      security_groups: ['default', '0b9e'],
      disk_config: 'MANUAL',
    };
    const server = buildServerCreate(body, true, '2.67');
    expect(server).toMatchObject({
      description: 'd',
      user_data: Buffer.from('héllo').toString('base64'),
      key_name: 'k',
      availability_zone: 'nova',
      config_drive: true,
      adminPass: 'pw',
      metadata: { a: 'b' },
      security_groups: [{ name: 'default' }, { name: '0b9e' }],
      'OS-DCF:diskConfig': 'MANUAL',
    });
    expect(buildServerCreate(body, true, '2.18')).not.toHaveProperty('description');
    expect(buildServerCreate(body, false, '2.67')).not.toHaveProperty('security_groups');
  });

  it('block_device_mapping_v2 for volume, volume snapshot and image-to-new-volume', () => {
    expect(blockDevicesOf({ source_type: 'volume', source_id: 'v' })).toEqual([
      {
        source_type: 'volume',
        destination_type: 'volume',
        uuid: 'v',
        boot_index: 0,
        delete_on_termination: false,
      },
    ]);
    expect(
      blockDevicesOf({
        source_type: 'volume_snapshot',
        source_id: 's',
        vol_size: 4,
        vol_delete_on_instance_delete: true,
      }),
    ).toEqual([
      {
        source_type: 'snapshot',
        destination_type: 'volume',
        uuid: 's',
        boot_index: 0,
        volume_size: 4,
        delete_on_termination: true,
      },
    ]);
    const server = buildServerCreate({ ...base, vol_create: true, vol_size: 7 }, true, '2.67');
    expect(server.imageRef).toBeUndefined();
    expect(server.block_device_mapping_v2).toEqual([
      {
        source_type: 'image',
        destination_type: 'volume',
        uuid: 'img',
        boot_index: 0,
        volume_size: 7,
        delete_on_termination: false,
      },
    ]);
    expect(blockDevicesOf(base)).toBeUndefined();
  });

  it('scheduler hints: the free hints plus the server group', () => {
    expect(schedulerHintsOf({ scheduler_hints: { a: 'b' }, server_group: 'g' })).toEqual({
      a: 'b',
      group: 'g',
    });
    expect(schedulerHintsOf({})).toEqual({});
  });
});
