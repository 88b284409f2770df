/**
 * The fields of `from` named in `keys` that are not undefined, and no others: how a form's
 * optional fields become an upstream body or an answer (an absent field stays absent rather than
 * being sent as undefined or null).
 */
export const pickDefined = <T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): Partial<Pick<T, K>> => {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
};
