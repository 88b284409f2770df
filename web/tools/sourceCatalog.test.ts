import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { i18n } from '../src/i18n/i18n';
import catalog from '../src/locales/en/translation.json';
import { catalogEntriesBeyondKeys } from './sourceCatalog';

describe('the bundled English catalogue', () => {
  const kept = catalogEntriesBeyondKeys(catalog);

  it('keeps only what the key does not say (plural forms, reworded texts)', () => {
    expect(Object.keys(kept).length).toBeLessThan(Object.keys(catalog).length / 10);
    for (const [key, text] of Object.entries(kept)) expect(text).not.toBe(key);
    expect(kept['Displaying {{count}} item_other']).toBe('Displaying {{count}} items');
  });

  it('translates every entry as the whole catalogue does', async () => {
    // A separate instance set up as the app's, with the lean catalogue only.
    const lean = i18next.createInstance();
    await lean.init({ ...i18n.options, resources: { en: { translation: kept } } });
    expect(lean.getResourceBundle('en', 'translation')).toEqual(kept);
    for (const key of Object.keys(catalog)) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const options = { count: 2, name: 'x', names: 'x' };
      expect(lean.t(base, options), key).toBe(i18n.t(base, options));
    }
  });
});
