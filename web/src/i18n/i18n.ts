import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../locales/en/translation.json';
import {
  LANGUAGE_COOKIE,
  storedLanguage,
  writePreferenceCookie,
  type LanguageCode,
} from '../settings/preferences';

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

/**
 * The other catalogues, each its own chunk: English is bundled, and a user who never picks
 * German never downloads it.
 */
const catalogues: Record<Exclude<LanguageCode, 'en'>, () => Promise<Record<string, string>>> = {
  de: () => import('../locales/de/translation.json').then((m) => m.default),
};

/** Loads a language's catalogue (once) and switches every translated text to it, no reload. */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await catalogues[language]());
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The Settings page's choice: switch now and remember it for the next visit (its cookie). */
export async function chooseLanguage(language: LanguageCode): Promise<void> {
  await loadLanguage(language);
  writePreferenceCookie(LANGUAGE_COOKIE, language);
}

/**
 * The remembered language, read from its cookie as the app starts. English renders at once;
 * another language's chunk is fetched now and every text switches when it arrives. Whoever
 * mounts the app may await this to paint German from the start (a top-level await here did
 * that too, but it split the entry into many small chunks: +6 KB on the login page).
 */
export const languageReady: Promise<void> =
  storedLanguage() === 'en'
    ? Promise.resolve()
    : loadLanguage(storedLanguage()).catch(() => undefined);

/** t() outside components (toasts from the query cache, summaries). Components use useTranslation(). */
export function t(key: string, options?: TOptions): string {
  return i18n.t(key, options);
}
