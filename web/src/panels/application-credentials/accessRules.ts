import type { TFunction } from 'i18next';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The page's own check of access rules written as JSON (a list of {service, method, path}), so
 * a mistake shows under the field as it is typed. YAML is checked by the server (the same rules).
 */
export function accessRulesError(text: string, t: TFunction): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || !/^[[{]/.test(trimmed)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return t('Access rules: not valid JSON.');
  }
  if (!Array.isArray(parsed)) return t('Access rules: expected a list of rules.');
  for (const [index, item] of parsed.entries()) {
    const n = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return t('Access rules: rule {{n}} must be a mapping of service, method and path.', { n });
    }
    const rule = item as Record<string, unknown>;
    for (const key of ['service', 'method', 'path']) {
      const value = rule[key];
      if (typeof value !== 'string' || value.trim() === '') {
        return t('Access rules: rule {{n}} needs a {{key}}.', { n, key });
      }
    }
    const extra = Object.keys(rule).find((key) => !['service', 'method', 'path'].includes(key));
    if (extra !== undefined) {
      return t('Access rules: rule {{n}} has an unknown key "{{key}}".', { n, key: extra });
    }
    if (!METHODS.has(String(rule['method']).toUpperCase())) {
      return t('Access rules: rule {{n}} has an unknown method "{{method}}".', {
        n,
        method: String(rule['method']),
      });
    }
    if (!String(rule['path']).trim().startsWith('/')) {
      return t('Access rules: rule {{n}}: the path must start with "/".', { n });
    }
  }
  return undefined;
}
