import { createHash, randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { ReadStream } from 'node:fs';
import { copyFile, link, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Object data on disk: `<dataDir>/swift/objects/<2 hex>/<uuid>`, written to `tmp/` first and
 * renamed into place, so a half-written upload never becomes an object. Files are immutable once
 * placed (a PUT writes a new one), which lets a copy share its source's file by hard link.
 */
export interface ObjectFiles {
  readonly root: string;
  /** Streams `source` to a temporary file, hashing as it goes; never holds the body in memory. */
  receive(source: AsyncIterable<Buffer>, maxBytes: number): Promise<Received>;
  /** Moves a received file into place; returns its path relative to the root. */
  place(tmp: string): Promise<string>;
  /** A file's content (bytes `start` to `end` inclusive). */
  open(file: string, start?: number, end?: number): ReadStream;
  /** A small file's whole content (an SLO manifest, at most 8 MiB by swift's limit). */
  readSync(file: string): Buffer;
  /** Another name for a file's content (a hard link, else a copy). */
  duplicate(file: string): Promise<string>;
  /** Removes files no row refers to any more; missing files are fine. */
  discard(file: string | null | undefined): void;
  /** Writes a small file synchronously (seeding); returns its relative path. */
  writeSync(content: Buffer): string;
  /** Removes every stored file (the store was reset). */
  wipe(): void;
  /** Removes leftovers of uploads cut short by a stop. */
  clearTemporary(): void;
}

export interface Received {
  readonly tmp: string;
  readonly size: number;
  readonly md5: string;
  /** The upload went over `maxBytes` (the rest was not written). */
  readonly tooLarge: boolean;
}

export const createObjectFiles = (dataDir: string): ObjectFiles => {
  const root = join(dataDir, 'swift');
  const tmpDir = join(root, 'tmp');
  const newRelative = (): string => {
    const id = randomUUID();
    return join('objects', id.slice(0, 2), id);
  };
  const ensureDir = (path: string): void => {
    mkdirSync(dirname(path), { recursive: true });
  };

  return {
    root,
    receive: async (source, maxBytes) => {
      mkdirSync(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const hash = createHash('md5');
      let size = 0;
      let tooLarge = false;
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              if (size > maxBytes) {
                tooLarge = true;
                return;
              }
              hash.update(chunk);
              yield chunk;
            }
          },
          createWriteStream(tmp),
        );
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        throw error;
      }
      return { tmp, size, md5: hash.digest('hex'), tooLarge };
    },
    place: async (tmp) => {
      const relative = newRelative();
      const target = join(root, relative);
      ensureDir(target);
      await rename(tmp, target);
      return relative;
    },
    open: (file, start, end) => createReadStream(join(root, file), { start, end }),
    readSync: (file) => readFileSync(join(root, file)),
    duplicate: async (file) => {
      const relative = newRelative();
      const target = join(root, relative);
      ensureDir(target);
      try {
        await link(join(root, file), target);
      } catch {
        await copyFile(join(root, file), target);
      }
      return relative;
    },
    discard: (file) => {
      if (!file) return;
      rmSync(join(root, file), { force: true });
    },
    writeSync: (content) => {
      const relative = newRelative();
      const target = join(root, relative);
      ensureDir(target);
      writeFileSync(target, content);
      return relative;
    },
    wipe: () => {
      rmSync(root, { recursive: true, force: true });
    },
    clearTemporary: () => {
      rmSync(tmpDir, { recursive: true, force: true });
    },
  };
};

/** The content of a synthetic (scale-seeded) object: a line naming it, repeated. */
export const syntheticContent = (name: string, size: number): Buffer => {
  const line = Buffer.from(`synthetic object ${name}\n`, 'utf8');
  const out = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += line.length) line.copy(out, offset);
  return out;
};

export const syntheticStream = (name: string, size: number, start = 0, end = size - 1): Readable =>
  Readable.from([syntheticContent(name, size).subarray(start, end + 1)]);

export const md5Hex = (content: Buffer | string): string =>
  createHash('md5').update(content).digest('hex');
