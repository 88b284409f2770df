import type { Image, ImageCreateBody, ImageSourceType, ImageUpdateBody } from '@skydeck/contract';
import type { FieldErrors } from '../../ui/ModalForm/useForm';
import { msg, type Msg } from '../../i18n/msg';
import {
  MAX_FIELD_LENGTH,
  formatChoiceOf,
  formatsFor,
  integerError,
  type VisibilityChoice,
} from './imageRules';

export interface ImageFormValues {
  name: string;
  description: string;
  source_type: ImageSourceType | '';
  image_url: string;
  file: File | undefined;
  /** The format choice (docker stands for a raw disk in a docker container). */
  format: string;
  architecture: string;
  kernel: string;
  ramdisk: string;
  min_disk: string;
  min_ram: string;
  visibility: VisibilityChoice;
  protected: boolean;
}

/** Spec 2 §5 defaults of a new image. */
export function newImageValues(
  source: ImageSourceType | '',
  visibility: VisibilityChoice,
): ImageFormValues {
  return {
    name: '',
    description: '',
    source_type: source,
    image_url: '',
    file: undefined,
    format: '',
    architecture: '',
    kernel: '',
    ramdisk: '',
    min_disk: '0',
    min_ram: '0',
    visibility,
    protected: false,
  };
}

export function imageValues(image: Image): ImageFormValues {
  const visibility = image.visibility as VisibilityChoice;
  return {
    name: image.name ?? '',
    description: image.properties['description'] ?? '',
    source_type: '',
    image_url: '',
    file: undefined,
    format: formatChoiceOf(image),
    architecture: image.properties['architecture'] ?? '',
    kernel: image.properties['kernel_id'] ?? '',
    ramdisk: image.properties['ramdisk_id'] ?? '',
    min_disk: String(image.min_disk),
    min_ram: String(image.min_ram),
    visibility,
    protected: image.protected,
  };
}

export const REQUIRED = msg('This field is required.');
export const TOO_LONG = msg('At most {{max}} characters.');

/** Translated errors per field; `t` keeps this testable without React. */
export function validateImage(
  v: ImageFormValues,
  mode: 'create' | 'edit',
  t: (key: Msg, options?: Record<string, unknown>) => string,
): FieldErrors<ImageFormValues> {
  const errors: FieldErrors<ImageFormValues> = {};
  const long = (s: string): string | undefined =>
    s.length > MAX_FIELD_LENGTH ? t(TOO_LONG, { max: MAX_FIELD_LENGTH }) : undefined;
  errors.name = v.name.trim() === '' ? t(REQUIRED) : long(v.name);
  errors.description = long(v.description);
  errors.architecture = long(v.architecture);
  if (mode === 'create') {
    if (v.source_type === 'url') errors.image_url = v.image_url.trim() ? undefined : t(REQUIRED);
    else if (v.source_type) errors.file = v.file ? undefined : t(REQUIRED);
    else errors.source_type = t(REQUIRED);
  }
  errors.format = v.format ? undefined : t(REQUIRED);
  for (const key of ['min_disk', 'min_ram'] as const) {
    const e = integerError(v[key]) ?? (v[key].length > MAX_FIELD_LENGTH ? TOO_LONG : undefined);
    errors[key] = e ? t(e, { max: MAX_FIELD_LENGTH }) : undefined;
  }
  return errors;
}

const int = (s: string): number => (s === '' ? 0 : Number.parseInt(s, 10));

/** The create body: the image form merged with the custom properties (spec 2 §7). */
export function imageCreateBody(v: ImageFormValues): ImageCreateBody {
  const { disk_format, container_format } = formatsFor(v.format, 'create');
  const source = v.source_type === '' ? 'url' : v.source_type;
  return {
    source_type: source,
    name: v.name.trim(),
    ...(v.description && { description: v.description }),
    ...(source === 'url' ? { image_url: v.image_url.trim() } : { data: v.file?.name ?? '' }),
    disk_format,
    container_format,
    visibility: v.visibility,
    protected: v.protected,
    min_disk: int(v.min_disk),
    min_ram: int(v.min_ram),
    ...(v.architecture && { architecture: v.architecture }),
    ...(v.kernel && { kernel: v.kernel }),
    ...(v.ramdisk && { ramdisk: v.ramdisk }),
  };
}

/** The edit body; formats only when they changed (Glance refuses changes once active). */
export function imageUpdateBody(v: ImageFormValues, image: Image): ImageUpdateBody {
  const formats = formatsFor(v.format, 'edit');
  const changed =
    formats.disk_format !== image.disk_format ||
    formats.container_format !== image.container_format;
  const keepFormats = v.format === formatChoiceOf(image);
  return {
    name: v.name.trim(),
    description: v.description,
    ...(changed && !keepFormats && formats),
    visibility: v.visibility,
    protected: v.protected,
    min_disk: int(v.min_disk),
    min_ram: int(v.min_ram),
    architecture: v.architecture,
    kernel: v.kernel,
    ramdisk: v.ramdisk,
  };
}
