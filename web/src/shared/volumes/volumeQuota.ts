import type { CinderLimits } from '@skydeck/contract';

/** Spec 2 §9: what the charts show before the limits load. */
export const PLACEHOLDER_LIMITS = {
  maxTotalVolumeGigabytes: 100,
  totalGigabytesUsed: 0,
  maxTotalVolumes: 1,
  totalVolumesUsed: 0,
};

export interface VolumeQuota {
  storage: { used: number; added: number; max: number };
  count: { used: number; added: number; max: number };
  /** The new size goes over the storage quota: the form is invalid (spec 2 §4). */
  storageOver: boolean;
  /** Used (with this volume) equals the maximum number of volumes (spec 2 §4). */
  countAtMax: boolean;
  /** This volume would go over the maximum number of volumes. */
  countOver: boolean;
}

const read = (limits: CinderLimits | undefined, key: keyof typeof PLACEHOLDER_LIMITS): number =>
  limits?.[key] ?? PLACEHOLDER_LIMITS[key];

/** The two quota charts of Create Volume; a negative maximum means unlimited. */
export function volumeQuota(limits: CinderLimits | undefined, size: number): VolumeQuota {
  const storage = {
    used: read(limits, 'totalGigabytesUsed'),
    added: Math.max(size, 0),
    max: read(limits, 'maxTotalVolumeGigabytes'),
  };
  const count = {
    used: read(limits, 'totalVolumesUsed'),
    added: 1,
    max: read(limits, 'maxTotalVolumes'),
  };
  return {
    storage,
    count,
    storageOver: storage.max >= 0 && storage.used + storage.added > storage.max,
    countAtMax: count.max >= 0 && count.used + count.added >= count.max,
    countOver: count.max >= 0 && count.used + count.added > count.max,
  };
}

/** Spec 2 §9 bytes → GiB factor. */
export const BYTES_TO_GIB = 9.3132e-10;

/** Spec 2 §5: the larger of min_disk and the image size in GiB (rounded up), at least 1. */
export function defaultVolumeSize(image: {
  min_disk?: number | null;
  size?: number | null;
}): number {
  const sizeGib = Math.ceil((image.size ?? 0) * BYTES_TO_GIB);
  return Math.max(image.min_disk || 0, sizeGib, 1);
}
