import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { CloudContext } from '../../core/service';

/** The single store of the demo cloud: glance's filesystem backend, store id `fs`. */
export const STORE_ID = 'fs';
export const STORE_DESCRIPTION = 'Filesystem store';
/** glance's `[DEFAULT] hashing_algorithm`. */
export const HASH_ALGO = 'sha512';
/** glance's `[DEFAULT] image_size_cap` default, 1 TiB. */
export const DEFAULT_IMAGE_SIZE_CAP = 1099511627776;

export const imagesDir = (ctx: CloudContext): string => join(ctx.options.dataDir, 'images');
export const imageFile = (ctx: CloudContext, id: string): string => join(imagesDir(ctx), id);
export const stagingFile = (ctx: CloudContext, id: string): string =>
  join(imagesDir(ctx), 'staging', id);

export const removeFile = (path: string): void => {
  rmSync(path, { force: true });
};

/** The data written: size and the hashes glance records (md5 `checksum`, sha512 `os_hash_value`). */
export interface WrittenData {
  readonly size: number;
  readonly checksum: string;
  readonly hash: string;
  /** The first bytes, for the format inspector. */
  readonly head: Buffer;
}

/** Thrown when more than `cap` bytes arrive (glance's ImageSizeLimitExceeded). */
export class SizeLimitExceeded extends Error {
  constructor() {
    super('The provided image is too large.');
    this.name = 'SizeLimitExceeded';
  }
}

const HEAD_BYTES = 4096;

/** The client went away before the body ended. */
export class UploadAborted extends Error {
  constructor() {
    super('The request body ended early.');
    this.name = 'UploadAborted';
  }
}

/**
 * Streams `source` into `target` (through a temporary file renamed at the end, so a crash never
 * leaves a partial image under its final name), computing size and hashes on the way. Memory use
 * is bounded by the stream buffers whatever the size: the source is paused while the file
 * catches up. Going over `cap` stops writing but leaves the source readable (drained), so the
 * caller can still answer 413 on the same connection.
 */
export const writeStreamed = async (
  source: Readable,
  target: string,
  cap: number,
): Promise<WrittenData> => {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.part-${randomUUID()}`;
  const md5 = createHash('md5');
  const sha = createHash(HASH_ALGO);
  let size = 0;
  let head = Buffer.alloc(0);
  const out = createWriteStream(partial);
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: Error): void => {
        if (failed) return;
        failed = true;
        source.off('data', onData);
        source.off('end', onEnd);
        source.off('close', onClose);
        // Whatever is still coming is read and dropped.
        source.resume();
        out.destroy();
        reject(error);
      };
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size > cap) {
          fail(new SizeLimitExceeded());
          return;
        }
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        }
        md5.update(chunk);
        sha.update(chunk);
        if (!out.write(chunk)) {
          source.pause();
          out.once('drain', () => {
            if (!failed) source.resume();
          });
        }
      };
      const onEnd = (): void => {
        source.off('close', onClose);
        out.end();
      };
      const onClose = (): void => fail(new UploadAborted());
      source.on('data', onData);
      source.once('end', onEnd);
      source.once('close', onClose);
      source.once('error', (error: Error) => fail(error));
      out.once('error', (error: Error) => fail(error));
      out.once('finish', () => {
        if (!failed) resolve();
      });
    });
    renameSync(partial, target);
  } catch (error) {
    removeFile(partial);
    throw error;
  }
  return { size, checksum: md5.digest('hex'), hash: sha.digest('hex'), head };
};

/** Writes a small in-memory payload (seed data, snapshots) with the same bookkeeping. */
export const writeBuffer = (target: string, data: Buffer): WrittenData => {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
  return {
    size: data.length,
    checksum: createHash('md5').update(data).digest('hex'),
    hash: createHash(HASH_ALGO).update(data).digest('hex'),
    head: data.subarray(0, HEAD_BYTES),
  };
};

export const fileSize = (path: string): number | undefined => {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
};

/**
 * The virtual size glance's format inspector reads while data is written: from the header of
 * qcow2, vmdk and vdi images, the data size of raw ones; unknown (null) otherwise.
 */
export const inspectVirtualSize = (
  diskFormat: string | null,
  head: Buffer,
  size: number,
): number | null => {
  switch (diskFormat) {
    case 'raw':
      return size;
    case 'qcow2':
      if (head.length >= 32 && head.readUInt32BE(0) === 0x514649fb) {
        return Number(head.readBigUInt64BE(24));
      }
      return null;
    case 'vmdk':
      if (head.length >= 20 && head.toString('latin1', 0, 4) === 'KDMV') {
        return Number(head.readBigUInt64LE(12)) * 512;
      }
      return null;
    case 'vdi':
      if (head.length >= 0x178 && head.readUInt32LE(0x40) === 0xbeda107f) {
        return Number(head.readBigUInt64LE(0x170));
      }
      return null;
    default:
      return null;
  }
};

/** A minimal but well-formed qcow2 v3 header announcing `virtualSize`, padded to `length` bytes. */
export const qcow2Payload = (virtualSize: number, length: number, seed: string): Buffer => {
  const data = Buffer.alloc(Math.max(length, 104));
  data.writeUInt32BE(0x514649fb, 0); // "QFI\xfb"
  data.writeUInt32BE(3, 4); // version
  data.writeBigUInt64BE(BigInt(virtualSize), 24);
  data.writeUInt32BE(16, 20); // cluster_bits: 64 KiB clusters
  data.writeUInt32BE(104, 100); // header_length
  // Deterministic filler so every seeded image has its own checksum.
  let block = createHash('sha512').update(seed).digest();
  for (let offset = 512; offset < data.length; offset += block.length) {
    block.copy(data, offset);
    block = createHash('sha512').update(block).digest();
  }
  return data;
};
