import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  const text = `export const x = [${'"some repeated text", '.repeat(300)}];`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'assets', 'app-1.js'), text);
    writeFileSync(join(dir, 'assets', 'app-1.css'), text);
    writeFileSync(join(dir, 'assets', 'tiny-1.js'), 'x');
    writeFileSync(join(dir, 'assets', 'font-1.woff2'), text);
    writeFileSync(join(dir, 'index.html'), text);
    writeFileSync(join(dir, '.vite', 'manifest.json'), text);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each text asset, decoding to the same bytes', async () => {
    const done = await precompressDir(dir);
    for (const file of ['app-1.js', 'app-1.css']) {
      const path = join(dir, 'assets', file);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(text);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(text);
      const entry = done.find((d) => d.file === join('assets', file));
      expect(entry?.br).toBeLessThan(text.length);
      expect(entry?.gzip).toBeLessThan(text.length);
    }
  });

  it('skips what would not shrink, binary formats, index.html and build metadata', async () => {
    await precompressDir(dir);
    for (const path of [
      'assets/tiny-1.js.br',
      'assets/tiny-1.js.gz',
      'assets/font-1.woff2.br',
      'index.html.br',
      '.vite/manifest.json.br',
    ]) {
      expect(existsSync(join(dir, path)), path).toBe(false);
    }
  });
});
