import type { Image, ImageSourceType, Settings } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

/** Spec 2 §4: these statuses show a progress bar and keep the list polling. */
export const TRANSITIONAL_STATUSES: readonly string[] = ['saving', 'queued', 'pending_delete'];

export function isTransitional(image: Pick<Image, 'status'>): boolean {
  return TRANSITIONAL_STATUSES.includes(image.status.toLowerCase());
}

/** Spec 2 §9: kernels and ramdisks cannot boot an instance. */
export const NON_BOOTABLE_CONTAINER_FORMATS: readonly string[] = ['aki', 'ari'];

export function isBootable(image: Pick<Image, 'container_format'>): boolean {
  return !NON_BOOTABLE_CONTAINER_FORMATS.includes((image.container_format ?? '').toLowerCase());
}

export function isActive(image: Pick<Image, 'status'>): boolean {
  return image.status.toLowerCase() === 'active';
}

export type ImageKind = 'snapshot' | 'image';

/** Spec 2 §3: a snapshot has image_type "snapshot" or a block device mapping. */
export function imageKind(image: Pick<Image, 'properties'>): ImageKind {
  const props = image.properties;
  if (props['image_type'] === 'snapshot') return 'snapshot';
  const bdm = props['block_device_mapping'];
  if (bdm !== undefined && bdm !== null && bdm !== '' && bdm !== '[]') return 'snapshot';
  return 'image';
}

export const IMAGE_KIND_LABELS: Record<ImageKind, Msg> = {
  image: msg('Image'),
  snapshot: msg('Snapshot'),
};

export const VISIBILITY_LABELS: Record<string, Msg> = {
  public: msg('Public'),
  private: msg('Private'),
  shared: msg('Shared'),
  community: msg('Community'),
  unknown: msg('Unknown'),
};
export const OTHER_PROJECT_LABEL = msg('Image from Other Project - Non-Public');
export const SHARED_WITH_PROJECT_LABEL = msg('Shared with Project');

/**
 * Spec 2 §3: the visibility label; a non-public, non-community image owned by another project is
 * one shared with us ("Shared with Project" before image API v2).
 */
export function visibilityLabel(
  image: Pick<Image, 'visibility' | 'owner'>,
  projectId: string | undefined,
  apiVersion = 2,
): Msg {
  const v = image.visibility;
  if (
    v !== 'public' &&
    v !== 'community' &&
    projectId !== undefined &&
    image.owner !== null &&
    image.owner !== projectId
  ) {
    return apiVersion < 2 ? SHARED_WITH_PROJECT_LABEL : OTHER_PROJECT_LABEL;
  }
  return VISIBILITY_LABELS[v] ?? VISIBILITY_LABELS['unknown'] ?? v;
}

/**
 * Spec 2 §4: the create form's source type. Starts empty; the upload mode makes it a file
 * (legacy or direct) unless uploads are off; image API < 2 or allowed locations make it url —
 * applied last, so url wins over file.
 */
export function defaultSourceType(
  settings: Pick<Settings, 'HORIZON_IMAGES_UPLOAD_MODE' | 'IMAGES_ALLOW_LOCATION'>,
  apiVersion: number,
): ImageSourceType | '' {
  let source: ImageSourceType | '' = '';
  const mode = settings.HORIZON_IMAGES_UPLOAD_MODE;
  if (mode === 'legacy') source = 'file-legacy';
  if (mode === 'direct') source = 'file-direct';
  if (apiVersion < 2 || settings.IMAGES_ALLOW_LOCATION) source = 'url';
  return source;
}

/** The source choices offered: a file only when uploads are on, a URL only when allowed. */
export function sourceTypeOptions(
  settings: Pick<Settings, 'HORIZON_IMAGES_UPLOAD_MODE' | 'IMAGES_ALLOW_LOCATION'>,
  apiVersion: number,
): ImageSourceType[] {
  const out: ImageSourceType[] = [];
  const mode = settings.HORIZON_IMAGES_UPLOAD_MODE;
  if (mode === 'legacy') out.push('file-legacy');
  if (mode === 'direct') out.push('file-direct');
  if (apiVersion < 2 || settings.IMAGES_ALLOW_LOCATION) out.push('url');
  return out;
}

/** Spec 2 §9, in the spec's order and spelling. */
export const DISK_FORMATS: readonly { value: string; label: Msg }[] = [
  { value: 'aki', label: msg('AKI') },
  { value: 'ami', label: msg('AMI') },
  { value: 'ari', label: msg('ARI') },
  { value: 'docker', label: msg('Docker') },
  { value: 'iso', label: msg('ISO') },
  { value: 'ova', label: msg('OVA') },
  { value: 'ploop', label: msg('PLOOP') },
  { value: 'qcow2', label: msg('QCOW2') },
  { value: 'raw', label: msg('Raw') },
  { value: 'vdi', label: msg('VDI') },
  { value: 'vhd', label: msg('VHD') },
  { value: 'vmdk', label: msg('VMDK') },
];

/** The disk formats offered, limited by OPENSTACK_IMAGE_FORMATS when the operator sets it. */
export function diskFormatOptions(allowed: readonly string[] | undefined): typeof DISK_FORMATS {
  if (!allowed || allowed.length === 0) return DISK_FORMATS;
  const set = new Set(allowed.map((f) => f.toLowerCase()));
  return DISK_FORMATS.filter((f) => set.has(f.value));
}

export interface Formats {
  disk_format: string;
  container_format: string;
}

/**
 * Spec 2 §4: choosing a format sets the container. aki/ami/ari use themselves, docker is a raw
 * disk in a docker container, anything else is bare; in the edit step vhd goes in ovf.
 */
export function formatsFor(format: string, step: 'create' | 'edit' = 'create'): Formats {
  const f = format.toLowerCase();
  if (f === 'aki' || f === 'ami' || f === 'ari') return { disk_format: f, container_format: f };
  if (f === 'docker') return { disk_format: 'raw', container_format: 'docker' };
  if (step === 'edit' && f === 'vhd') return { disk_format: f, container_format: 'ovf' };
  return { disk_format: f, container_format: 'bare' };
}

/** The form's format choice for an existing image (a docker container shows as Docker). */
export function formatChoiceOf(image: Pick<Image, 'disk_format' | 'container_format'>): string {
  if (image.container_format === 'docker') return 'docker';
  return image.disk_format ?? '';
}

export type VisibilityChoice = 'public' | 'private' | 'shared' | 'community';

/** Spec 2 §6: Private and Shared always; Community and Public need their policies. */
export function visibilityOptions(
  canCommunitize: boolean,
  canPublicize: boolean,
): VisibilityChoice[] {
  const out: VisibilityChoice[] = [];
  if (canPublicize) out.push('public');
  out.push('private', 'shared');
  if (canCommunitize) out.push('community');
  return out;
}

/**
 * Spec 2 §5: "shared", or "private" when CREATE_IMAGE_DEFAULTS says so. Never public: a default
 * must not publish a user's image to the whole cloud, even where the user may publicize.
 */
export function defaultVisibility(
  defaults: Settings['CREATE_IMAGE_DEFAULTS'] | undefined,
): VisibilityChoice {
  return defaults?.image_visibility === 'private' ? 'private' : 'shared';
}

/** Spec 2 §5/§9: digits only, at most 255 characters. */
export const INTEGER_PATTERN = /^\d+$/;
export const MAX_FIELD_LENGTH = 255;

export const INTEGER_REQUIRED = msg('Integer required');

export function integerError(value: string): Msg | undefined {
  if (value === '') return undefined;
  return INTEGER_PATTERN.test(value) ? undefined : INTEGER_REQUIRED;
}
