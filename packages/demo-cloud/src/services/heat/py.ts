/**
 * Python's renderings of values, as heat (a Python service) prints them inside its messages:
 * `json.dumps` (", " and ": " separators, ASCII only), `repr` and `str`.
 */
import { pyRepr, pyStr } from '../../core/python';

export { pyRepr, pyStr };

const escapeNonAscii = (text: string): string =>
  text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Python's float/int text of a number: `7`, `6.5`, `1e+100` as `1e+100`. */
export const pyNumber = (n: number): string => {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  return String(n);
};

/** `json.dumps(value)` with Python's default separators. */
export const pyJson = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return escapeNonAscii(JSON.stringify(value));
  if (typeof value === 'number') return pyNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
};

/** Python's type name of a JSON value (`'list' object has no attribute ...`). */
export const pyTypeName = (value: unknown): string => {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return 'dict';
};

/**
 * Python's `json.loads` error for a text JSON.parse refused: the message kinds heat users meet
 * most, with Python's `line L column C (char P)` position.
 */
export const pyJsonError = (text: string, error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  let pos = at ? Number(at[1]) : text.length;
  let kind = 'Expecting value';
  if (/Unexpected end of JSON input/.test(message)) pos = text.length;
  else if (/property name/i.test(message))
    kind = 'Expecting property name enclosed in double quotes';
  else if (/after JSON/.test(message)) kind = 'Extra data';
  else if (/after property name/.test(message)) kind = "Expecting ':' delimiter";
  else if (/after (array element|property value)/.test(message)) kind = "Expecting ',' delimiter";
  else if (/Unterminated string/.test(message)) kind = 'Unterminated string starting at';
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - (before.lastIndexOf('\n') + 1) + 1;
  return `${kind}: line ${line} column ${column} (char ${pos})`;
};
