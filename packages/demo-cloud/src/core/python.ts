/** `repr()` of a string: single quotes unless the text has one and no double quote. */
const reprString = (text: string): string => {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = text
    .replaceAll('\\', '\\\\')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t');
  return `${quote}${quote === "'" ? body.replaceAll("'", "\\'") : body}${quote}`;
};

/**
 * Python's repr(), which OpenStack's validation and exception messages (jsonschema's, webob's,
 * the services' own) quote values in: `'text'`, `"it's"`, `True`, `None`, `[1, 'a']`,
 * `{'k': 'v'}`.
 */
export const pyRepr = (value: unknown): string => {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return reprString(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`)
      .join(', ')}}`;
  }
  return String(value);
};

/** Python's str(): a string as it is, anything else as its repr. */
export const pyStr = (value: unknown): string =>
  typeof value === 'string' ? value : pyRepr(value);
