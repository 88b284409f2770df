import type { Plugin } from 'vite';

/**
 * The entries of a natural-key catalogue that say something the key does not: the English
 * catalogue's keys are its texts, and i18next shows the key when an entry is missing, so only
 * the plural forms and the few reworded texts need to ship.
 */
export function catalogEntriesBeyondKeys(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).filter(([key, text]) => key !== text));
}

/**
 * Bundles the English catalogue without its key-equals-text entries (1,406 of them, 84 KB of the
 * entry chunk every first load parses, for 28 that matter). The file itself stays whole: the
 * completeness test and translators read it.
 */
export function sourceCatalog(): Plugin {
  return {
    name: 'skydeck-source-catalog',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/locales/en/translation.json')) return undefined;
      const kept = catalogEntriesBeyondKeys(JSON.parse(code) as Record<string, string>);
      // Still JSON: Vite's own JSON plugin turns it into a module after this.
      return { code: JSON.stringify(kept), map: null };
    },
  };
}
