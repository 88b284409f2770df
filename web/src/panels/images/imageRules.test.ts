import { describe, expect, it } from 'vitest';
import {
  OTHER_PROJECT_LABEL,
  SHARED_WITH_PROJECT_LABEL,
  VISIBILITY_LABELS,
  defaultSourceType,
  defaultVisibility,
  diskFormatOptions,
  formatChoiceOf,
  formatsFor,
  imageKind,
  integerError,
  isBootable,
  isTransitional,
  sourceTypeOptions,
  visibilityLabel,
  visibilityOptions,
} from './imageRules';
import { uploadPercent } from '../../api/upload';
import { defaultVolumeSize } from '../../shared/volumes/volumeQuota';
import { imageFixture } from './imageFixtures';

const img = imageFixture;

describe('source type (spec 2 §4: last applied wins)', () => {
  const s = (
    mode: 'off' | 'legacy' | 'direct',
    loc: boolean,
  ): { HORIZON_IMAGES_UPLOAD_MODE: typeof mode; IMAGES_ALLOW_LOCATION: boolean } => ({
    HORIZON_IMAGES_UPLOAD_MODE: mode,
    IMAGES_ALLOW_LOCATION: loc,
  });
  it.each([
    ['off', false, 2, ''],
    ['legacy', false, 2, 'file-legacy'],
    ['direct', false, 2, 'file-direct'],
    ['legacy', true, 2, 'url'],
    ['direct', false, 1, 'url'],
    ['off', true, 2, 'url'],
  ] as const)('mode %s, location %s, API v%s → %s', (mode, loc, version, want) => {
    expect(defaultSourceType(s(mode, loc), version)).toBe(want);
  });
  it('offers a file only when uploads are on, a URL only when allowed', () => {
    expect(sourceTypeOptions(s('off', false), 2)).toEqual([]);
    expect(sourceTypeOptions(s('legacy', true), 2)).toEqual(['file-legacy', 'url']);
  });
});

describe('format → container (spec 2 §4)', () => {
  it.each(['aki', 'ami', 'ari'])('%s uses itself', (f) => {
    expect(formatsFor(f)).toEqual({ disk_format: f, container_format: f });
  });
  it('docker is a raw disk in a docker container', () => {
    expect(formatsFor('docker')).toEqual({ disk_format: 'raw', container_format: 'docker' });
  });
  it('others are bare; vhd goes in ovf only in the edit step', () => {
    expect(formatsFor('qcow2')).toEqual({ disk_format: 'qcow2', container_format: 'bare' });
    expect(formatsFor('vhd')).toEqual({ disk_format: 'vhd', container_format: 'bare' });
    expect(formatsFor('vhd', 'edit')).toEqual({ disk_format: 'vhd', container_format: 'ovf' });
  });
  it('shows a docker container as the Docker choice', () => {
    expect(formatChoiceOf(img({ disk_format: 'raw', container_format: 'docker' }))).toBe('docker');
    expect(formatChoiceOf(img())).toBe('qcow2');
  });
  it('limits the formats by OPENSTACK_IMAGE_FORMATS', () => {
    expect(diskFormatOptions(['qcow2', 'RAW']).map((f) => f.label)).toEqual(['QCOW2', 'Raw']);
    expect(diskFormatOptions([])).toHaveLength(12);
  });
});

describe('visibility (spec 2 §3, §5, §6)', () => {
  it('labels public, private, shared, community and unknown', () => {
    expect(visibilityLabel(img({ visibility: 'public', owner: 'x' }), 'p1')).toBe('Public');
    expect(visibilityLabel(img({ visibility: 'private' }), 'p1')).toBe('Private');
    expect(visibilityLabel(img({ visibility: 'shared' }), 'p1')).toBe('Shared');
    expect(visibilityLabel(img({ visibility: 'community', owner: 'x' }), 'p1')).toBe('Community');
    expect(visibilityLabel(img({ visibility: 'odd' }), 'p1')).toBe(VISIBILITY_LABELS['unknown']);
  });
  it("names another project's non-public image, by API version", () => {
    const other = img({ visibility: 'shared', owner: 'p2' });
    expect(visibilityLabel(other, 'p1')).toBe(OTHER_PROJECT_LABEL);
    expect(OTHER_PROJECT_LABEL).toBe('Image from Other Project - Non-Public');
    expect(visibilityLabel(other, 'p1', 1)).toBe(SHARED_WITH_PROJECT_LABEL);
  });
  it('offers Private and Shared always, Community and Public by policy', () => {
    expect(visibilityOptions(false, false)).toEqual(['private', 'shared']);
    expect(visibilityOptions(true, true)).toEqual(['public', 'private', 'shared', 'community']);
  });
  it('defaults to shared, private when CREATE_IMAGE_DEFAULTS says so, never public', () => {
    expect(defaultVisibility(undefined)).toBe('shared');
    expect(defaultVisibility({ image_visibility: 'shared' })).toBe('shared');
    expect(defaultVisibility({ image_visibility: 'private' })).toBe('private');
    expect(defaultVisibility({ image_visibility: 'public' })).toBe('shared');
  });
});

describe('type, status and bootability', () => {
  it('is a snapshot by image_type or a block device mapping (spec 2 §3)', () => {
    expect(imageKind(img())).toBe('image');
    expect(imageKind(img({ properties: { image_type: 'snapshot' } }))).toBe('snapshot');
    expect(imageKind(img({ properties: { block_device_mapping: '[{"a":1}]' } }))).toBe('snapshot');
    expect(imageKind(img({ properties: { image_type: 'image' } }))).toBe('image');
  });
  it('is transitional while saving, queued or pending_delete (spec 2 §4)', () => {
    expect(
      ['saving', 'queued', 'pending_delete', 'active'].map((s) => isTransitional({ status: s })),
    ).toEqual([true, true, true, false]);
  });
  it('aki and ari cannot boot (spec 2 §9)', () => {
    expect(isBootable(img({ container_format: 'aki' }))).toBe(false);
    expect(isBootable(img({ container_format: 'ari' }))).toBe(false);
    expect(isBootable(img({ container_format: 'ami' }))).toBe(true);
  });
});

describe('numbers', () => {
  it('accepts digits only (spec 2 §5)', () => {
    expect(integerError('12')).toBeUndefined();
    expect(integerError('')).toBeUndefined();
    expect(integerError('1.5')).toBe('Integer required');
    expect(integerError('-1')).toBe('Integer required');
  });
  it('defaults a volume to max(min_disk, size in GiB rounded up, 1) (spec 2 §5)', () => {
    expect(defaultVolumeSize({ min_disk: 0, size: 0 })).toBe(1);
    expect(defaultVolumeSize({ min_disk: 0, size: null })).toBe(1);
    expect(defaultVolumeSize({ min_disk: 5, size: 1024 })).toBe(5);
    expect(defaultVolumeSize({ min_disk: 1, size: 3.5 * 1024 ** 3 })).toBe(4);
  });
  it('reports upload progress as -1, then whole percents', () => {
    expect(uploadPercent(0, 0)).toBe(-1);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(3, 3)).toBe(100);
  });
});
