import type { Keypair } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/**
 * Spec 2 §5, create: letters, digits, space and every character from space to underscore
 * (0x20–0x5F: punctuation, digits and capitals), i.e. the class [a-zA-Z0-9 -_].
 */
export const CREATE_NAME_PATTERN = /^[a-zA-Z0-9\x20-\x5f]+$/;
/** Spec 2 §5, import: letters, digits, space, underscore, hyphen. */
export const IMPORT_NAME_PATTERN = /^[a-zA-Z0-9 _-]+$/;

export const REQUIRED = msg('This field is required.');
export const KEY_PAIR_EXISTS = msg('Key pair already exists');
export const CREATE_NAME_RULE = msg(
  'Key pair names may only contain letters, digits, spaces and the characters !"#$%&\'()*+,-./:;<=>?@[\\]^_',
);
export const IMPORT_NAME_RULE = msg(
  'Key pair names may only contain letters, digits, spaces, underscores and hyphens.',
);

/** The translated error for a key pair name, or undefined when it is fine. */
export function keyPairNameError(
  name: string,
  mode: 'create' | 'import',
  existing: readonly Keypair[] | undefined,
): string | undefined {
  if (name === '') return t(REQUIRED);
  if (mode === 'create' ? !CREATE_NAME_PATTERN.test(name) : !IMPORT_NAME_PATTERN.test(name)) {
    return t(mode === 'create' ? CREATE_NAME_RULE : IMPORT_NAME_RULE);
  }
  if (existing?.some((kp) => kp.name === name)) return t(KEY_PAIR_EXISTS);
  return undefined;
}
