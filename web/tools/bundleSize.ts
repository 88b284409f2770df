/// <reference types="node" />
/**
 * Weighs what the browser loads for a page of the built app (dist/.vite/manifest.json): the
 * entry chunk, the page's lazy chunk and their static imports, JS and CSS, gzipped. The login
 * page must stay ≤ 200 KB (STYLE §3 "bundle-size print"). Run after `npm run build -w @skydeck/web`:
 *   npx tsx web/tools/bundleSize.ts [src/app/LoginPage.tsx ...]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
export const LOGIN_BUDGET_BYTES = 200 * 1024;

export interface PageWeight {
  page: string;
  js: number;
  css: number;
  total: number;
  files: { file: string; gzip: number }[];
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

/** Gzipped JS + CSS of the entry plus the given lazy modules and their static imports. */
export function weighPage(page: string, dist: string = DIST): PageWeight {
  const manifest = JSON.parse(
    readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  if (entry) visit(entry);
  visit(page);
  const weights = [...files].map((file) => ({ file, gzip: gzipSize(file) }));
  const sum = (ext: string): number =>
    weights.filter((w) => w.file.endsWith(ext)).reduce((n, w) => n + w.gzip, 0);
  const js = sum('.js');
  const css = sum('.css');
  return { page, js, css, total: js + css, files: weights.sort((a, b) => b.gzip - a.gzip) };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

function main(): void {
  const pages = process.argv.slice(2);
  let over = false;
  for (const page of pages.length ? pages : ['src/app/LoginPage.tsx']) {
    const w = weighPage(page);
    console.log(`${page}: JS ${kb(w.js)} + CSS ${kb(w.css)} = ${kb(w.total)} gzip`);
    for (const f of w.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
    if (page.endsWith('LoginPage.tsx') && w.total > LOGIN_BUDGET_BYTES) over = true;
  }
  if (over) {
    console.error(`The login page is over its ${kb(LOGIN_BUDGET_BYTES)} budget.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
