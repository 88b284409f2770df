/// <reference types="node" />
/**
 * Lists the English catalogue's keys another language lacks, and entries whose {{placeholders}}
 * differ from the English ones: `npm run i18n:missing -w @skydeck/web` (default: de, or name the
 * language; `-- --prune` drops entries of texts no longer used). Exits 1 when something is
 * missing, so it can gate a release.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SRC_DIR, hasKey, readCatalog, scanKeys } from './i18nKeys';

/** The {{name}} placeholders of a text, sorted, so order changes in a translation are fine. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

export interface Gaps {
  missing: string[];
  /** Keys whose translation has other placeholders than the English text. */
  mismatched: string[];
}

export function translationGaps(
  source: Record<string, string>,
  target: Record<string, string>,
): Gaps {
  const missing: string[] = [];
  const mismatched: string[] = [];
  for (const [key, english] of Object.entries(source)) {
    const text = target[key];
    if (text === undefined || !text.trim()) missing.push(key);
    else if (placeholders(text).join() !== placeholders(english).join()) mismatched.push(key);
  }
  return { missing, mismatched };
}

export function catalogFile(language: string): string {
  return join(SRC_DIR, 'locales', language, 'translation.json');
}

function main(): void {
  const language = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'de';
  const target = readCatalog(catalogFile(language));
  const { missing, mismatched } = translationGaps(readCatalog(), target);
  // Keys the source already uses but nobody has synced into English yet count too.
  for (const { key } of scanKeys().uses) {
    if (hasKey(target, key) || missing.includes(key)) continue;
    if (key.includes('{{count}}')) {
      for (const form of [`${key}_one`, `${key}_other`])
        if (!missing.includes(form)) missing.push(form);
    } else missing.push(key);
  }
  // JSON lines: paste-ready for the translator ("key": "").
  // Entries of texts neither English nor the source has any more (reworded or removed).
  const used = new Set(scanKeys().uses.flatMap(({ key }) => [key, `${key}_one`, `${key}_other`]));
  const english = readCatalog();
  const leftovers = Object.keys(target).filter((key) => !(key in english) && !used.has(key));
  if (process.argv.includes('--prune') && leftovers.length > 0) {
    const kept = Object.fromEntries(
      Object.entries(target).filter(([key]) => !leftovers.includes(key)),
    );
    writeFileSync(catalogFile(language), `${JSON.stringify(kept, null, 2)}\n`);
  } else {
    for (const key of leftovers)
      console.error(`no longer used (--prune drops it): ${JSON.stringify(key)}`);
  }
  for (const key of missing) console.log(`${JSON.stringify(key)}: "",`);
  for (const key of mismatched) console.error(`placeholders differ: ${JSON.stringify(key)}`);
  console.error(
    `${language}: ${missing.length} missing, ${mismatched.length} with other placeholders`,
  );
  if (missing.length > 0 || mismatched.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
