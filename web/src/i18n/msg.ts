/**
 * A translatable text. Keys are the English source strings (natural keys), so `msg('Delete')`
 * both marks the string for the catalogue check and is its own fallback. Render with `t(m)`.
 */
export type Msg = string & { readonly __msg?: never };

export function msg(text: string): Msg {
  return text;
}
