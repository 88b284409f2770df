/**
 * Splits one stream into consecutive pieces of `size` bytes without copying or holding more than
 * the chunk in hand: each piece is an async iterable that pulls from the shared source until its
 * share is read, so a piece's consumer (one segment's PUT) drives the reading. Pieces must be
 * consumed in order, each to its end.
 */
export class StreamSplitter {
  readonly #source: AsyncIterator<Uint8Array>;
  #leftover: Uint8Array | undefined;
  #ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Whether the source is known to have nothing more. */
  get ended(): boolean {
    return this.#ended && this.#leftover === undefined;
  }

  /** The next `size` bytes (fewer if the source ends first). */
  piece(size: number): AsyncIterable<Uint8Array> {
    const next = async (): Promise<Uint8Array | undefined> => {
      if (this.#leftover) {
        const chunk = this.#leftover;
        this.#leftover = undefined;
        return chunk;
      }
      if (this.#ended) return undefined;
      const result = await this.#source.next();
      if (result.done) {
        this.#ended = true;
        return undefined;
      }
      return result.value;
    };
    const keep = (rest: Uint8Array): void => {
      this.#leftover = rest;
    };
    return {
      async *[Symbol.asyncIterator]() {
        let remaining = size;
        while (remaining > 0) {
          const chunk = await next();
          if (chunk === undefined) return;
          if (chunk.length > remaining) {
            yield chunk.subarray(0, remaining);
            keep(chunk.subarray(remaining));
            return;
          }
          remaining -= chunk.length;
          yield chunk;
        }
      },
    };
  }

  /** Stops the source (a failed upload). */
  async stop(): Promise<void> {
    this.#ended = true;
    this.#leftover = undefined;
    await this.#source.return?.();
  }
}
