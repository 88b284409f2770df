/** A spec map as one cell's text, `key=value` pairs in key order. */
export const keyValueColumnText = (specs: Record<string, string>): string =>
  Object.keys(specs)
    .sort()
    .map((k) => `${k}=${specs[k]}`)
    .join(', ');
