/// <reference types="node" />
/**
 * The i18n-completeness guard's engine: finds every literal key the source hands to msg() or
 * t() and compares them with locales/en/translation.json. Used by src/i18n/i18nCompleteness.test.ts;
 * run `npm run i18n:sync -w @skydeck/web` to add missing keys (English value = key).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SRC_DIR = join(WEB_ROOT, 'src');
export const CATALOG_FILE = join(SRC_DIR, 'locales', 'en', 'translation.json');

export interface KeyUse {
  key: string;
  file: string;
  line: number;
}

export interface ScanResult {
  uses: KeyUse[];
  /** t(`...`) calls: translation keys must be plain literals (STYLE rule 10). */
  templateCalls: KeyUse[];
}

// msg('…'), t('…'), i18n.t('…'), with single or double quotes; escapes allowed inside.
const CALL = /\b(?:msg|t)\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|(`))/g;

function unescape(raw: string): string {
  return raw.replace(
    /\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g,
    (_m, esc: string) => {
      if (esc.startsWith('u{')) return String.fromCodePoint(parseInt(esc.slice(2, -1), 16));
      if (esc.startsWith('u') && esc.length === 5)
        return String.fromCharCode(parseInt(esc.slice(1), 16));
      if (esc.startsWith('x') && esc.length === 3)
        return String.fromCharCode(parseInt(esc.slice(1), 16));
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };
      return simple[esc] ?? esc;
    },
  );
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'locales') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

/** Every literal key used under `dir` (tests and test helpers excluded). */
export function scanKeys(dir: string = SRC_DIR): ScanResult {
  const uses: KeyUse[] = [];
  const templateCalls: KeyUse[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) {
      const line = text.slice(0, match.index).split('\n').length;
      const where = { file: relative(WEB_ROOT, file), line };
      if (match[3]) templateCalls.push({ key: '', ...where });
      else uses.push({ key: unescape(match[1] ?? match[2] ?? ''), ...where });
    }
  }
  return { uses, templateCalls };
}

export function readCatalog(file: string = CATALOG_FILE): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** A key is present as itself or, for counted texts, as its plural forms. */
export function hasKey(catalog: Record<string, string>, key: string): boolean {
  return key in catalog || (`${key}_one` in catalog && `${key}_other` in catalog);
}

export function missingKeys(catalog: Record<string, string>, uses: readonly KeyUse[]): KeyUse[] {
  return uses.filter((use) => !hasKey(catalog, use.key));
}

function main(): void {
  const write = process.argv.includes('--write');
  const catalog = readCatalog();
  const { uses, templateCalls } = scanKeys();
  const missing = missingKeys(catalog, uses);
  for (const use of templateCalls)
    console.error(`${use.file}:${use.line}: template literal in t()`);
  for (const use of missing) console.log(`${use.file}:${use.line}: ${JSON.stringify(use.key)}`);
  if (write && missing.length > 0) {
    const next: Record<string, string> = { ...catalog };
    for (const use of missing) {
      // Counted texts get plural forms (i18next looks up key_one / key_other by count).
      if (use.key.includes('{{count}}')) {
        next[`${use.key}_one`] = use.key;
        next[`${use.key}_other`] = use.key;
      } else {
        next[use.key] = use.key;
      }
    }
    const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(CATALOG_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(
      `Added ${new Set(missing.map((m) => m.key)).size} key(s) to ${relative(WEB_ROOT, CATALOG_FILE)}`,
    );
  }
  if (!write && (missing.length > 0 || templateCalls.length > 0)) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
