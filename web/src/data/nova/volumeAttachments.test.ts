import { describe, expect, it } from 'vitest';
import { resourceKey } from '../../api/api';
import { volumeAttachmentMutations } from './volumeAttachments';

const names = { serverId: 's1', volumeId: 'v1', volumeName: 'data', serverName: 'web-1' };

describe('volume attachment mutations', () => {
  it.each([
    ['attach', 'Attaching volume data to instance web-1.', 'Unable to attach the volume.'],
    ['detach', 'Detaching volume data from instance web-1.', 'Unable to detach the volume.'],
  ] as const)('%s toasts as info, names both, refetches both lists', (name, success, error) => {
    const { meta } = volumeAttachmentMutations[name];
    expect(meta?.successType).toBe('info');
    expect(meta?.successMessage?.(undefined, names)).toBe(success);
    expect(meta?.errorMessage).toBe(error);
    expect(meta?.inlineErrors).toBe(true);
    expect(meta?.invalidates).toEqual([
      resourceKey('cinder.volumes'),
      resourceKey('nova.servers'),
      resourceKey('cinder.limits'),
    ]);
  });
});
