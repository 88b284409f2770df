import { describe, expect, it } from 'vitest';
import type { Instance, Volume } from '@skydeck/contract';
import { deviceProblem, instanceCanAttach, isVolume, volumeCanAttach } from './attachRules';
import { canDelete, isTransitional } from './volumeRules';

const volume = (over: Partial<Volume> = {}): Volume =>
  ({
    id: 'v',
    size: 1,
    status: 'available',
    multiattach: false,
    attachments: [],
    ...over,
  }) as Volume;

describe('attach rules', () => {
  it('tells a volume preset from an instance preset', () => {
    expect(isVolume(volume())).toBe(true);
    expect(isVolume({ id: 'i', name: 'web-1', status: 'ACTIVE' } as Instance)).toBe(false);
  });

  it('attaches available volumes, and in-use ones only when multi-attach', () => {
    expect(volumeCanAttach(volume())).toBe(true);
    expect(volumeCanAttach(volume({ status: 'in-use' }))).toBe(false);
    expect(volumeCanAttach(volume({ status: 'in-use', multiattach: true }))).toBe(true);
    expect(volumeCanAttach(volume({ status: 'error' }))).toBe(false);
  });

  it('attaches to instances in the states Nova allows', () => {
    expect(instanceCanAttach({ status: 'ACTIVE' })).toBe(true);
    expect(instanceCanAttach({ status: 'SHUTOFF' })).toBe(true);
    expect(instanceCanAttach({ status: 'BUILD' })).toBe(false);
    expect(instanceCanAttach({ status: 'ERROR' })).toBe(false);
  });

  it('takes an empty device name or one of the /dev/vdb form', () => {
    expect(deviceProblem('')).toBe(false);
    expect(deviceProblem('/dev/vdc')).toBe(false);
    expect(deviceProblem('vdc')).toBe(true);
    expect(deviceProblem('/dev/vd c')).toBe(true);
  });
});

describe('volume rules', () => {
  it("polls Cinder's changing statuses, hyphenated ones included", () => {
    for (const status of ['creating', 'extending', 'backing-up', 'restoring-backup']) {
      expect(isTransitional({ status, migration_status: null })).toBe(true);
    }
    expect(isTransitional({ status: 'available', migration_status: 'migrating' })).toBe(true);
    expect(isTransitional({ status: 'available', migration_status: null })).toBe(false);
  });

  it('deletes only unattached volumes in a deletable state', () => {
    expect(canDelete(volume())).toBe(true);
    expect(canDelete(volume({ status: 'in-use' }))).toBe(false);
    expect(canDelete(volume({ status: 'creating' }))).toBe(false);
  });
});
