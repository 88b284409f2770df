import type { VolumeTypeEncryptionBody } from '@skydeck/contract';

export interface EncryptionValues {
  provider: string;
  controlLocation: 'front-end' | 'back-end';
  cipher: string;
  keySize: number | '';
}

/** The encryption body: an empty cipher or key size is the provider's default (null). */
export const encryptionBody = (v: EncryptionValues): VolumeTypeEncryptionBody => ({
  provider: v.provider.trim(),
  control_location: v.controlLocation,
  cipher: v.cipher.trim() || null,
  key_size: v.keySize === '' ? null : v.keySize,
});

/** The grants and revocations that turn one access list into another. */
export const accessChanges = (
  before: readonly string[],
  after: readonly string[],
): { add: string[]; remove: string[] } => ({
  add: after.filter((p) => !before.includes(p)),
  remove: before.filter((p) => !after.includes(p)),
});

/** `key=value` lines as a spec map; a line without `=` or with an empty key is an error. */
export const parseSpecLines = (
  text: string,
): { specs: Record<string, string> } | { error: number } => {
  const specs: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    const key = at < 0 ? '' : line.slice(0, at).trim();
    if (!key) return { error: i + 1 };
    specs[key] = line.slice(at + 1).trim();
  }
  return { specs };
};

export const specLines = (specs: Record<string, string>): string =>
  Object.entries(specs)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
