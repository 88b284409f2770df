import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, i18n, loadLanguage, t } from './i18n';
import { LANGUAGE_COOKIE, storedLanguage } from '../settings/preferences';

describe('language loader', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('starts in English with only the English catalogue loaded', () => {
    expect(i18n.language).toBe('en');
    expect(t('Instances')).toBe('Instances');
  });

  it('loads German on demand and switches every text, plurals included', async () => {
    await loadLanguage('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);
    expect(t('Instances')).toBe('Instanzen');
    expect(t('Displaying {{count}} item', { count: 1 })).toBe('1 Element wird angezeigt');
    expect(t('Displaying {{count}} item', { count: 3 })).toBe('3 Elemente werden angezeigt');
    expect(document.documentElement.lang).toBe('de');
  });

  it('remembers the choice in its cookie and back to English', async () => {
    await chooseLanguage('de');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
    expect(storedLanguage()).toBe('de');
    await chooseLanguage('en');
    expect(storedLanguage()).toBe('en');
    expect(t('Instances')).toBe('Instances');
  });

  it('ignores a cookie naming a language without a catalogue', () => {
    document.cookie = `${LANGUAGE_COOKIE}=xx; path=/`;
    expect(storedLanguage()).toBe('en');
  });

  it('starts loading the remembered language at once, when its cookie says so', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=de; path=/`;
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.languageReady;
    expect(fresh.i18n.language).toBe('de');
    expect(fresh.t('Instances')).toBe('Instanzen');
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  });
});
