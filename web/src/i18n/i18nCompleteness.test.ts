import { describe, expect, it } from 'vitest';
import { hasKey, missingKeys, readCatalog, scanKeys } from '../../tools/i18nKeys';
import { t } from './i18n';

// The i18n-completeness guard (STYLE §3): every literal msg()/t() key under src/ is in
// locales/en/translation.json. Fix failures with `npm run i18n:sync -w @skydeck/web`.
describe('translation catalogue', () => {
  const catalog = readCatalog();
  const { uses, templateCalls } = scanKeys();

  it('finds the keys it is meant to find', () => {
    expect(uses.length).toBeGreaterThan(50);
    expect(uses.some((u) => u.key === 'Unauthorized. Redirecting to login')).toBe(true);
  });

  it('holds every key used in the source', () => {
    const missing = missingKeys(catalog, uses).map((u) => `${u.file}:${u.line} ${u.key}`);
    expect(missing).toEqual([]);
  });

  it('has no template literals inside t()', () => {
    expect(templateCalls.map((u) => `${u.file}:${u.line}`)).toEqual([]);
  });

  it('has no empty values', () => {
    expect(Object.entries(catalog).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('pluralises counted texts', () => {
    expect(hasKey({ 'a {{count}}_one': 'x', 'a {{count}}_other': 'y' }, 'a {{count}}')).toBe(true);
    expect(t('Displaying {{count}} item', { count: 1 })).toBe('Displaying 1 item');
    expect(t('Displaying {{count}} item', { count: 3 })).toBe('Displaying 3 items');
  });
});
