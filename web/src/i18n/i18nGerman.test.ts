import { describe, expect, it } from 'vitest';
import { hasKey, readCatalog, scanKeys } from '../../tools/i18nKeys';
import { catalogFile, placeholders, translationGaps } from '../../tools/i18nMissing';

// The second language is complete: every key the source uses has a German text with the same
// {{placeholders}}. Fill gaps listed by `npm run i18n:missing -w @skydeck/web`.
describe('German catalogue', () => {
  const english = readCatalog();
  const german = readCatalog(catalogFile('de'));

  it('translates every key the source uses', () => {
    const missing = scanKeys()
      .uses.filter((use) => !hasKey(german, use.key))
      .map((use) => `${use.file}:${use.line} ${use.key}`);
    expect(missing).toEqual([]);
  });

  it('has every English entry, with the same placeholders', () => {
    expect(translationGaps(english, german)).toEqual({ missing: [], mismatched: [] });
  });

  it('has no entries neither English nor the source has (leftovers of removed texts)', () => {
    // A text another change uses before `i18n:sync` put it in English still counts.
    const used = new Set(scanKeys().uses.flatMap(({ key }) => [key, `${key}_one`, `${key}_other`]));
    expect(Object.keys(german).filter((key) => !(key in english) && !used.has(key))).toEqual([]);
  });

  it('is really German, not English copied over', () => {
    const same = Object.keys(german).filter((key) => german[key] === english[key]);
    // Names, protocols and formats (SSH, QCOW2, Docker…) stay as they are, but few else.
    expect(same.length).toBeLessThan(Object.keys(german).length / 10);
  });
});

describe('placeholders', () => {
  it('are compared as a set of names', () => {
    expect(placeholders('{{b}} and {{ a }}')).toEqual(['a', 'b']);
    expect(translationGaps({ 'x {{n}}': 'x {{n}}', y: 'y' }, { 'x {{n}}': 'x {{m}}' })).toEqual({
      missing: ['y'],
      mismatched: ['x {{n}}'],
    });
  });
});
