/// <reference types="node" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches from dist/ (fonts and images other than SVG are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

/** What {@link precompressDir} wrote, per file (sizes in bytes). */
export interface Precompressed {
  file: string;
  size: number;
  br?: number;
  gzip?: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, at the highest
 * levels (done once per build, so the server never compresses per request). A variant that would
 * not be smaller is left out; the server then answers with the next encoding or the file itself.
 * index.html is skipped: the server rewrites it on every answer. Dotted folders (.vite/) are
 * build metadata, never served.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await listFiles(dir)).filter((path) => {
    const rel = relative(dir, path);
    return COMPRESSIBLE.test(rel) && rel !== 'index.html' && !/(^|\/)\./.test(rel);
  });
  return Promise.all(
    files.map(async (path): Promise<Precompressed> => {
      const data = await readFile(path);
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const result: Precompressed = { file: relative(dir, path), size: data.length };
      if (br.length < data.length) {
        await writeFile(`${path}.br`, br);
        result.br = br.length;
      }
      if (gzipped.length < data.length) {
        await writeFile(`${path}.gz`, gzipped);
        result.gzip = gzipped.length;
      }
      return result;
    }),
  );
}

/** Vite build plugin: pre-compresses the output once it is written (served with preCompressed). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'skydeck-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const done = await precompressDir(outDir);
      const sum = (key: 'size' | 'br' | 'gzip'): number =>
        done.reduce((n, f) => n + (f[key] ?? 0), 0);
      const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
      logger?.info(
        `pre-compressed ${done.length} files: ${kb(sum('size'))} → ${kb(sum('br'))} br, ${kb(sum('gzip'))} gzip`,
      );
    },
  };
}
