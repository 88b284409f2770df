import { Readable } from 'node:stream';

/** Bytes of a piece that may wait unread before the source is paused. */
const PIECE_BUFFER = 1024 * 1024;

/**
 * Splits one stream into consecutive pieces of `size` bytes without copying or holding more than
 * PIECE_BUFFER: each piece is a Readable fed from the shared source's 'data' events, so a
 * piece's consumer (one segment's PUT) drives the reading, and a chunk across a boundary is cut
 * (a view, no copy) and its rest handed back to the source. Pieces must be consumed in order,
 * each to its end. Events rather than an async iterator: the iterator's promises per 64 KiB
 * chunk, on the source and again on each piece, made a segmented upload through the server a
 * third slower than a single PUT with the machine a third idle (bench:objects).
 */
export class StreamSplitter {
  readonly #source: Readable;
  #piece: { stream: Readable; left: number } | undefined;
  #ended = false;

  constructor(source: Readable | AsyncIterable<Uint8Array>) {
    this.#source =
      source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    // Paused first, so adding the 'data' listener does not start the flow.
    this.#source.pause();
    this.#source.on('data', this.#onData);
    this.#source.on('end', this.#onEnd);
    this.#source.on('error', this.#onError);
  }

  /** Whether the source is known to have nothing more. */
  get ended(): boolean {
    return this.#ended;
  }

  /** The next `size` bytes (fewer if the source ends first). */
  piece(size: number): Readable {
    const stream = new Readable({
      highWaterMark: PIECE_BUFFER,
      read: () => {
        if (this.#piece?.stream === stream) this.#source.resume();
      },
    });
    if (size <= 0 || this.#ended) stream.push(null);
    else this.#piece = { stream, left: size };
    return stream;
  }

  /** Stops reading (a failed upload); the source is left paused, to its owner to drain. */
  async stop(): Promise<void> {
    this.#source.pause();
    this.#source.off('data', this.#onData);
    this.#source.off('end', this.#onEnd);
    this.#source.off('error', this.#onError);
    this.#piece?.stream.destroy();
    this.#piece = undefined;
    this.#ended = true;
  }

  readonly #onData = (chunk: Buffer): void => {
    const piece = this.#piece;
    if (!piece) {
      // Between pieces: kept for the next one.
      this.#source.pause();
      this.#source.unshift(chunk);
      return;
    }
    if (chunk.length < piece.left) {
      piece.left -= chunk.length;
      if (!piece.stream.push(chunk)) this.#source.pause();
      return;
    }
    const rest = chunk.subarray(piece.left);
    this.#piece = undefined;
    this.#source.pause();
    piece.stream.push(rest.length > 0 ? chunk.subarray(0, piece.left) : chunk);
    piece.stream.push(null);
    if (rest.length > 0) this.#source.unshift(rest);
  };

  readonly #onEnd = (): void => {
    this.#ended = true;
    // The source ran out within a piece: that piece is shorter.
    this.#piece?.stream.push(null);
    this.#piece = undefined;
  };

  readonly #onError = (error: Error): void => {
    this.#piece?.stream.destroy(error);
    this.#piece = undefined;
  };
}
