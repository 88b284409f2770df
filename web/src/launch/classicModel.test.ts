import { describe, expect, it } from 'vitest';
import { GIB } from '@skydeck/contract/launchConstants';
import {
  chooseFlavor,
  classicBody,
  flavorFits,
  isRequired,
  isShown,
  quotaLevel,
  volumeMinimum,
  volumeSize,
} from './classicModel';

const flavors = [
  { id: 'tiny', disk: 1, ram: 512 },
  { id: 'small', disk: 20, ram: 2048 },
  { id: 'large', disk: 80, ram: 8192 },
];

describe('classic launch form rules', () => {
  it('shows and requires the fields of the source type together (spec 1 §4)', () => {
    expect(isShown('image_id', 'image_id')).toBe(true);
    expect(isShown('image_id', 'volume_size')).toBe(false);
    expect(isShown('volume_image_id', 'volume_size')).toBe(true);
    expect(isRequired('volume_image_id', 'volume_size')).toBe(true);
    expect(isShown('volume_id', 'device_name')).toBe(true);
    expect(isRequired('volume_id', 'device_name')).toBe(false);
    expect(isRequired('image_id', 'volume_id')).toBe(false);
    expect(isShown('volume_snapshot_id', 'image_id')).toBe(false);
  });

  it('disables flavors too small for the image and moves to the first that fits', () => {
    const image = { min_disk: 10, min_ram: 1024, size: null };
    expect(flavors.map((f) => flavorFits(f, image))).toEqual([false, true, true]);
    expect(chooseFlavor('tiny', flavors, image)).toEqual({ flavorId: 'small', note: 'some' });
    expect(chooseFlavor('large', flavors, image)).toEqual({ flavorId: 'large', note: 'some' });
    expect(chooseFlavor('tiny', flavors, undefined)).toEqual({ flavorId: 'tiny', note: 'none' });
    const huge = { min_disk: 500, min_ram: 0, size: null };
    expect(chooseFlavor('small', flavors, huge)).toEqual({ flavorId: '', note: 'all' });
  });

  it('sizes a new volume by flavor disk, image min_disk and size, at least 1 (spec 1 §5)', () => {
    const image = { min_disk: 3, min_ram: 0, size: Math.round(4.2 * GIB) };
    expect(volumeSize(flavors[0], image, undefined)).toBe(5);
    expect(volumeSize(flavors[1], image, undefined)).toBe(20);
    expect(volumeSize(flavors[1], image, 30)).toBe(30);
    expect(volumeSize(flavors[1], image, 10)).toBe(20);
    expect(volumeSize(undefined, undefined, undefined)).toBe(1);
    expect(volumeMinimum(image)).toBe(5);
    expect(volumeMinimum({ min_disk: 0, min_ram: 0, size: null })).toBe(1);
  });

  it('colours quota bars: warning above 89 %, danger above 99 % (spec 1 §9)', () => {
    expect(quotaLevel(89, 100)).toBe('success');
    expect(quotaLevel(90, 100)).toBe('warning');
    expect(quotaLevel(99, 100)).toBe('warning');
    expect(quotaLevel(100, 100)).toBe('danger');
    expect(quotaLevel(5, -1)).toBe('success');
  });

  it('posts the launch body of each source type', () => {
    const base = {
      name: ' vm ',
      count: 2,
      sourceId: 's',
      volumeSize: 7,
      deleteOnTerminate: true,
      flavorId: 'small',
      networkId: 'n',
    };
    expect(classicBody({ ...base, source: 'image_id' })).toEqual({
      name: 'vm',
      instance_count: 2,
      source_type: 'image',
      source_id: 's',
      flavor_id: 'small',
      networks: [{ id: 'n' }],
    });
    expect(classicBody({ ...base, source: 'volume_image_id', networkId: '' })).toMatchObject({
      source_type: 'image',
      vol_create: true,
      vol_size: 7,
      vol_delete_on_instance_delete: true,
    });
    expect(classicBody({ ...base, source: 'instance_snapshot_id' }).source_type).toBe('snapshot');
    expect(classicBody({ ...base, source: 'volume_snapshot_id' })).toMatchObject({
      source_type: 'volume_snapshot',
      vol_delete_on_instance_delete: true,
    });
  });
});
