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

/** One fixed t per language: the store's snapshot, so it changes only when the language does. */
const fixedTs = new Map<string, TFunction>();

function currentT(): TFunction {
  const language = i18n.language;
  let t = fixedTs.get(language);
  if (!t) {
    t = i18n.getFixedT(language);
    fixedTs.set(language, t);
  }
  return t;
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
