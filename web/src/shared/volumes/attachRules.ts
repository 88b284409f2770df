import type { Instance, Volume } from '@skydeck/contract';

/** A volume row or an instance row: what the attach and detach modals are opened on. */
export type AttachPreset = Volume | Instance;

export const isVolume = (x: AttachPreset): x is Volume => 'attachments' in x && 'size' in x;

/** Nova attaches to an instance in these states only (compute API's attach_volume check). */
const ATTACHABLE_STATUSES: ReadonlySet<string> = new Set([
  'ACTIVE',
  'PAUSED',
  'SHUTOFF',
  'SUSPENDED',
  'SHELVED',
  'SHELVED_OFFLOADED',
]);

export const instanceCanAttach = (instance: Pick<Instance, 'status'>): boolean =>
  ATTACHABLE_STATUSES.has(instance.status.toUpperCase());

/** An available volume, or an in-use one that allows several attachments. */
export const volumeCanAttach = (volume: Pick<Volume, 'status' | 'multiattach'>): boolean =>
  volume.status === 'available' || (volume.multiattach && volume.status === 'in-use');

/** Nova's form of a device name (its schema's pattern), or empty for "let Nova choose". */
export const DEVICE_PATTERN = /^\/dev\/[a-zA-Z0-9]+$/;

export const deviceProblem = (device: string): boolean =>
  device.trim() !== '' && !DEVICE_PATTERN.test(device.trim());
