import { describe, expect, it } from 'vitest';
import { manageBody, metadataOf } from './ManageVolumeModal';

describe('Manage Volume body', () => {
  it('sends only the given fields, with the reference type and metadata', () => {
    expect(
      manageBody({
        host: ' h@b#p ',
        idType: 'source-id',
        identifier: ' 42 ',
        name: '',
        description: '',
        volumeType: '',
        zone: 'nova',
        bootable: true,
        metadata: 'k=v',
      }),
    ).toEqual({
      host: 'h@b#p',
      id_type: 'source-id',
      identifier: '42',
      availability_zone: 'nova',
      bootable: true,
      metadata: { k: 'v' },
    });
    expect(metadataOf('novalue')).toBeNull();
    expect(metadataOf('')).toEqual({});
  });
});
