import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

/**
 * The components' translation hook: `const { t } = useTranslation()`, over the app's one i18next
 * instance. react-i18next's hook of the same name copies the whole i18n instance into a new
 * wrapper object and builds a fixed t for every component it renders; on a server-rendered
 * page that was about a tenth of the render's CPU (foundation issue §5). Here every component
 * shares one t per language, and a language switch (Settings, no reload) re-renders every
 * component that translates, as before.
 */
export function useTranslation(): { t: TFunction } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return { t };
}

/**
 * One t per language: the store's snapshot, so it changes only when the language does. The
 * instance's own t (which reads the current language), not getFixedT's: that one copies all of
 * i18next's options into a new object on every call, the most of a translated text's cost.
 */
const languageTs = new Map<string, TFunction>();

function currentT(): TFunction {
  const language = i18n.language;
  let t = languageTs.get(language);
  if (!t) {
    t = i18n.t.bind(i18n);
    languageTs.set(language, t);
  }
  return t;
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
