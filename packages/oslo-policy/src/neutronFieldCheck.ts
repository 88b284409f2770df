import type { ExtensionCheck } from './evaluateRule';

const hasOwn = Object.prototype.hasOwnProperty;

interface FieldSpec {
  readonly field: string;
  readonly value: string;
  readonly regex: RegExp | null;
}

const specs = new Map<string, FieldSpec | null>();

function specOf(match: string): FieldSpec | null {
  let spec = specs.get(match);
  if (spec !== undefined) return spec;
  // `<resource>:<field>=<value>`; the field may itself hold a colon (`networks:router:external=True`).
  const colon = match.indexOf(':');
  const eq = match.indexOf('=', colon + 1);
  if (colon < 0 || eq < 0) {
    spec = null;
  } else {
    const value = match.slice(eq + 1);
    let regex: RegExp | null = null;
    if (value.startsWith('~')) {
      try {
        // Python's re.match anchors at the start only; the sticky flag does the same.
        regex = new RegExp(value.slice(1), 'y');
      } catch {
        regex = null;
      }
    }
    spec = { field: match.slice(colon + 1, eq), value, regex };
  }
  specs.set(match, spec);
  return spec;
}

function asBoolean(value: string): boolean | null {
  const v = value.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/**
 * Neutron's `field:<resource>:<field>=<value>` check (neutron registers it with oslo.policy):
 * true when the target's attribute equals the value, or matches it as a regex when the value
 * starts with `~`. Booleans compare after neutron's convert_to_boolean (`True`, `true`, `1`).
 * Unlike neutron, a missing attribute is never fetched from the parent network: the caller puts
 * it in the target.
 */
export const neutronFieldCheck: ExtensionCheck = (match, target) => {
  const spec = specOf(match);
  if (spec === null || !hasOwn.call(target, spec.field)) return false;
  const actual = target[spec.field];
  if (actual === null || actual === undefined) return false;
  if (spec.regex !== null) {
    if (typeof actual !== 'string') return false;
    spec.regex.lastIndex = 0;
    return spec.regex.test(actual);
  }
  if (typeof actual === 'boolean') return asBoolean(spec.value) === actual;
  if (typeof actual === 'number') return spec.value.trim() !== '' && Number(spec.value) === actual;
  return actual === spec.value;
};
