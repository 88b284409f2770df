import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamSplitter } from './segments';

async function* source(sizes: number[]): AsyncGenerator<Uint8Array> {
  let value = 0;
  for (const size of sizes) {
    yield Uint8Array.from({ length: size }, () => value++ % 256);
  }
}

const collect = async (piece: AsyncIterable<Uint8Array>): Promise<number[]> => {
  const out: number[] = [];
  for await (const chunk of piece) out.push(...chunk);
  return out;
};

describe('StreamSplitter', () => {
  it('cuts a stream into pieces of a size, splitting chunks across the boundary', async () => {
    const splitter = new StreamSplitter(source([3, 5, 4]));
    const first = await collect(splitter.piece(5));
    const second = await collect(splitter.piece(5));
    const third = await collect(splitter.piece(5));
    expect(first).toEqual([0, 1, 2, 3, 4]);
    expect(second).toEqual([5, 6, 7, 8, 9]);
    expect(third).toEqual([10, 11]);
    expect(splitter.ended).toBe(true);
  });

  it('hands the chunks on without copying them', async () => {
    const chunk = new Uint8Array(8);
    const splitter = new StreamSplitter(
      (async function* () {
        yield chunk;
      })(),
    );
    const pieces: Uint8Array[] = [];
    for await (const part of splitter.piece(3)) pieces.push(part);
    expect(pieces[0]?.buffer).toBe(chunk.buffer);
  });

  it('splits a Node stream at any chunking, every byte in order, none lost at a boundary', async () => {
    const sizes = [1, 7, 64, 3, 100, 5, 33, 2, 250, 9];
    const total = sizes.reduce((a, b) => a + b, 0);
    const splitter = new StreamSplitter(source(sizes));
    const pieces: number[][] = [];
    for (let i = 0; i < Math.ceil(total / 37); i++) pieces.push(await collect(splitter.piece(37)));
    expect(pieces.slice(0, -1).every((p) => p.length === 37)).toBe(true);
    expect(pieces.flat()).toEqual(Array.from({ length: total }, (_, i) => i % 256));
  });

  it('reads the source only as fast as a piece is read', async () => {
    const upload = new PassThrough({ highWaterMark: 64 * 1024 });
    const splitter = new StreamSplitter(upload);
    const piece = splitter.piece(64 * 1024 * 1024);
    let accepted = 0;
    // The piece's reader takes one chunk and then stalls: the writer must soon be told to wait.
    piece.once('data', () => piece.pause());
    while (upload.write(Buffer.alloc(16 * 1024)) && accepted < 1000) {
      accepted += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(accepted).toBeLessThan(160);
    expect(piece.readableLength).toBeLessThanOrEqual(2 * 1024 * 1024);
    piece.destroy();
  });

  it('leaves the source paused and whole when stopped, for its owner to drain', async () => {
    const upload = new PassThrough();
    const splitter = new StreamSplitter(upload);
    const piece = splitter.piece(10);
    upload.write(Buffer.alloc(4));
    await new Promise((resolve) => setImmediate(resolve));
    await splitter.stop();
    expect(piece.destroyed).toBe(true);
    expect(upload.destroyed).toBe(false);
    upload.end(Buffer.alloc(6));
    upload.resume();
    await new Promise((resolve) => upload.once('end', resolve));
  });
});
