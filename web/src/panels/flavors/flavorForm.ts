import type { Flavor, FlavorCreateBody, FlavorUpdateBody } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import type { FieldErrors } from '../../ui/ModalForm/useForm';

export interface FlavorValues {
  name: string;
  /** "auto" lets Nova choose a UUID. */
  id: string;
  vcpus: number | '';
  ram: number | '';
  disk: number | '';
  ephemeral: number | '';
  swap: number | '';
  rxtx: number | '';
  isPublic: boolean;
  /** Projects allowed to use a private flavor. */
  access: string[];
}

export const AUTO_ID = 'auto';

export const NEW_FLAVOR: FlavorValues = {
  name: '',
  id: AUTO_ID,
  vcpus: '',
  ram: '',
  disk: 0,
  ephemeral: 0,
  swap: 0,
  rxtx: 1,
  isPublic: true,
  access: [],
};

export function flavorValues(flavor: Flavor): FlavorValues {
  return {
    name: flavor.name,
    id: flavor.id,
    vcpus: flavor.vcpus,
    ram: flavor.ram,
    disk: flavor.disk,
    ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
    swap: flavor.swap,
    rxtx: flavor.rxtx_factor,
    isPublic: flavor['os-flavor-access:is_public'],
    access: flavor.access_list ?? [],
  };
}

/** Nova's rule for flavor ids: letters, digits, ".", "_", "-" and inner spaces. */
export const FLAVOR_ID_PATTERN = /^(?! )[a-zA-Z0-9. _-]+(?<! )$/;
const INT_MAX = 2147483647;

export const REQUIRED = msg('This field is required.');
export const WHOLE_NUMBER_MIN = msg('Enter a whole number of at least {{min}}.');
export const POSITIVE_NUMBER = msg('Enter a number greater than 0.');
export const NAME_TAKEN = msg('A flavor with this name already exists.');
export const ID_TAKEN = msg('A flavor with this ID already exists.');
export const ID_RULE = msg(
  'The ID may contain letters, digits, periods, underscores, hyphens and inner spaces.',
);
export const TOO_LARGE = msg('The value is too large.');

function wholeNumber(v: number | '', min: number): string | undefined {
  if (v === '') return t(REQUIRED);
  if (!Number.isInteger(v) || v < min) return t(WHOLE_NUMBER_MIN, { min });
  if (v > INT_MAX) return t(TOO_LARGE);
  return undefined;
}

/**
 * Validation of the Create and Edit Flavor forms. `others` are the flavors the name and id must
 * not collide with (all but the one being edited).
 */
export function validateFlavor(
  v: FlavorValues,
  others: readonly Flavor[],
  mode: 'create' | 'edit',
): FieldErrors<FlavorValues> {
  const name = v.name.trim();
  const id = v.id.trim();
  return {
    name:
      name === '' ? t(REQUIRED) : others.some((f) => f.name === name) ? t(NAME_TAKEN) : undefined,
    id:
      mode === 'edit' || id === AUTO_ID
        ? undefined
        : id === ''
          ? t(REQUIRED)
          : !FLAVOR_ID_PATTERN.test(id)
            ? t(ID_RULE)
            : others.some((f) => f.id === id)
              ? t(ID_TAKEN)
              : undefined,
    vcpus: wholeNumber(v.vcpus, 1),
    ram: wholeNumber(v.ram, 1),
    disk: wholeNumber(v.disk, 0),
    ephemeral: wholeNumber(v.ephemeral, 0),
    swap: wholeNumber(v.swap, 0),
    rxtx: v.rxtx === '' ? t(REQUIRED) : v.rxtx > 0 ? undefined : t(POSITIVE_NUMBER),
  };
}

const num = (v: number | ''): number => (v === '' ? 0 : v);

/** The PATCH body; a private flavor carries its access list. */
export function flavorUpdatePayload(v: FlavorValues): FlavorUpdateBody {
  return {
    name: v.name.trim(),
    vcpus: num(v.vcpus),
    ram: num(v.ram),
    disk: num(v.disk),
    ephemeral: num(v.ephemeral),
    swap: num(v.swap),
    rxtx_factor: num(v.rxtx),
    is_public: v.isPublic,
    ...(!v.isPublic && { flavor_access: v.access }),
  };
}

/**
 * Nova flavors are immutable: a changed name, size, RX/TX factor or public flag makes the
 * server delete and re-create the flavor (same id, extra specs and access), and the user must
 * know that before saving.
 */
export function flavorRecreated(original: FlavorValues, v: FlavorValues): boolean {
  const fields = ['vcpus', 'ram', 'disk', 'ephemeral', 'swap', 'rxtx', 'isPublic'] as const;
  return original.name.trim() !== v.name.trim() || fields.some((f) => original[f] !== v[f]);
}

export const RECREATE_WARNING = msg(
  'Saving re-creates this flavor: Nova cannot change the name or sizes of a flavor, so it is deleted and created again with the same ID, extra specs and project access. Running instances keep their current sizes.',
);

/** The POST body: the id only when the user chose one. */
export function flavorCreatePayload(v: FlavorValues): FlavorCreateBody {
  const id = v.id.trim();
  return { ...flavorUpdatePayload(v), ...(id !== AUTO_ID && id !== '' && { id }) };
}
