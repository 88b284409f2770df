/**
 * The classic launch form's rules (spec 1 §2, §4 "Instance launch form", §5, §9): which fields a
 * source type shows (and requires, together), which flavors fit the image, the volume size's
 * default and minimum, and the quota bars' colours.
 */
import type { LaunchBody } from '@skydeck/contract';
import { GIB } from '@skydeck/contract/launchConstants';
import { msg, type Msg } from '../i18n/msg';

export type ClassicSource =
  'image_id' | 'instance_snapshot_id' | 'volume_id' | 'volume_image_id' | 'volume_snapshot_id';

export type ClassicField =
  | 'image_id'
  | 'instance_snapshot_id'
  | 'volume_id'
  | 'volume_snapshot_id'
  | 'volume_size'
  | 'device_name'
  | 'vol_delete_on_instance_delete';

export const CLASSIC_SOURCES: readonly { value: ClassicSource; label: Msg }[] = [
  { value: 'image_id', label: msg('Boot from image') },
  { value: 'instance_snapshot_id', label: msg('Boot from snapshot') },
  { value: 'volume_id', label: msg('Boot from volume') },
  { value: 'volume_image_id', label: msg('Boot from image (creates a new volume)') },
  { value: 'volume_snapshot_id', label: msg('Boot from volume snapshot (creates a new volume)') },
];

/** Spec 1 §4: what each source type shows; every shown selector and size is required too. */
export const SOURCE_FIELDS: Readonly<Record<ClassicSource, readonly ClassicField[]>> = {
  image_id: ['image_id'],
  instance_snapshot_id: ['instance_snapshot_id'],
  volume_id: ['volume_id', 'device_name', 'vol_delete_on_instance_delete'],
  volume_image_id: ['image_id', 'volume_size', 'device_name', 'vol_delete_on_instance_delete'],
  volume_snapshot_id: ['volume_snapshot_id', 'device_name', 'vol_delete_on_instance_delete'],
};

const OPTIONAL: ReadonlySet<ClassicField> = new Set([
  'device_name',
  'vol_delete_on_instance_delete',
]);

export const isShown = (source: ClassicSource, field: ClassicField): boolean =>
  SOURCE_FIELDS[source].includes(field);

/** Required exactly when shown (spec 1 §4: the flags are toggled together with visibility). */
export const isRequired = (source: ClassicSource, field: ClassicField): boolean =>
  isShown(source, field) && !OPTIONAL.has(field);

export interface FlavorSize {
  id: string;
  disk: number;
  ram: number;
}
export interface ImageSize {
  min_disk: number;
  min_ram: number;
  /** Bytes. */
  size: number | null;
}

/** Spec 1 §5: an image fits a flavor when its disk and RAM are at least the image's minimums. */
export const flavorFits = (flavor: FlavorSize, image: ImageSize | undefined): boolean =>
  !image || (flavor.disk >= image.min_disk && flavor.ram >= image.min_ram);

/**
 * Spec 1 §4: the flavor kept when it still fits, else the first that fits (or none), and
 * whether to show the note that some or all flavors are disabled.
 */
export function chooseFlavor(
  current: string,
  flavors: readonly FlavorSize[],
  image: ImageSize | undefined,
): { flavorId: string; note: 'none' | 'some' | 'all' } {
  const fitting = flavors.filter((f) => flavorFits(f, image));
  const note = fitting.length === flavors.length ? 'none' : fitting.length === 0 ? 'all' : 'some';
  const keep = fitting.some((f) => f.id === current);
  return { flavorId: keep ? current : (fitting[0]?.id ?? ''), note };
}

/**
 * Spec 1 §5: a new volume's size is the largest of the flavor's disk, the image's min_disk, the
 * image's size (in whole GiB) and 1, unless the user typed a larger one.
 */
export function volumeSize(
  flavor: FlavorSize | undefined,
  image: ImageSize | undefined,
  typed: number | undefined,
): number {
  const floor = Math.max(
    flavor?.disk ?? 0,
    image?.min_disk ?? 0,
    image?.size ? Math.ceil(image.size / GIB) : 0,
    1,
  );
  return typed !== undefined && typed > floor ? typed : floor;
}

/** The smallest volume the source allows (the image's min_disk and size; at least 1). */
export const volumeMinimum = (image: ImageSize | undefined): number =>
  Math.max(image?.min_disk ?? 0, image?.size ? Math.ceil(image.size / GIB) : 0, 1);

/** Spec 1 §9: a quota bar is a warning above 89 % and danger above 99 %. */
export const quotaLevel = (used: number, limit: number): 'success' | 'warning' | 'danger' => {
  if (limit < 0) return 'success';
  const percent = limit === 0 ? 100 : (used / limit) * 100;
  return percent > 99 ? 'danger' : percent > 89 ? 'warning' : 'success';
};

export interface ClassicValues {
  name: string;
  count: number;
  source: ClassicSource;
  sourceId: string;
  volumeSize: number;
  deleteOnTerminate: boolean;
  flavorId: string;
  networkId: string;
}

/** The launch route's body (the wizard's POST /api/nova/servers/, spec 3 §3). */
export function classicBody(v: ClassicValues): LaunchBody {
  const volume = v.source === 'volume_id' || v.source === 'volume_snapshot_id';
  const fromImage = v.source === 'image_id' || v.source === 'volume_image_id';
  return {
    name: v.name.trim(),
    instance_count: v.count,
    source_type: fromImage
      ? 'image'
      : v.source === 'instance_snapshot_id'
        ? 'snapshot'
        : v.source === 'volume_id'
          ? 'volume'
          : 'volume_snapshot',
    source_id: v.sourceId,
    flavor_id: v.flavorId,
    ...(v.source === 'volume_image_id' && { vol_create: true, vol_size: v.volumeSize }),
    ...((volume || v.source === 'volume_image_id') && {
      vol_delete_on_instance_delete: v.deleteOnTerminate,
    }),
    ...(v.networkId && { networks: [{ id: v.networkId }] }),
  };
}
