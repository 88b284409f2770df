import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../locales/en/translation.json';

/**
 * One i18next instance for the app. Keys are the English texts themselves (natural keys), so
 * separators are off: "Unable to retrieve the key pairs." is a key, not a path.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation } },
  keySeparator: false,
  nsSeparator: false,
  // React escapes text; escaping here would double-escape names such as "a&b".
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  // Resources are bundled, so init finishes synchronously and the first render is translated.
  initAsync: false,
});

/** t() outside components (toasts from the query cache, summaries). Components use useTranslation(). */
export function t(key: string, options?: TOptions): string {
  return i18n.t(key, options);
}
