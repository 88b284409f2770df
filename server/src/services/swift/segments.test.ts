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
});
