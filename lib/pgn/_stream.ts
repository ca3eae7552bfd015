// A PGN stream's front end, shared by the reader and the walker: bytes or
// text in chunks, decoded, cut into tokens and handed to a game builder.

import type { GameBuilder } from "./_builder.ts";
import { PgnDecoder } from "./_decode.ts";
import { PgnLexer } from "./_lexer.ts";
import { TAG_VALUE_MAX } from "./_tokens.ts";

/** The limits a stream is read with, as the reader's options give them. */
export interface StreamLimits {
  maxComment?: number | undefined;
  maxTagValue?: number | undefined;
}

/**
 * The bytes decoded into one string at most. Chunks come as a zstd block
 * (128 KiB) or a file's read (1 MiB), and a string that large is one V8
 * keeps apart (a large object): under the command's small young generation,
 * decoding chunks whole took 585 ms of reading 100,000 games, and pieces
 * of 16 KiB made the reading 7% faster (docs/db.md).
 */
const DECODED_PIECE = 16 << 10;

/** Chunks to tokens to the builder: see the comment at the top of the file. */
export class PgnStream {
  readonly #builder: GameBuilder;
  readonly #lexer: PgnLexer;
  #decoder: PgnDecoder | null = null;

  /** `at`: where the text starts in a larger one (see PgnLexer). */
  constructor(
    builder: GameBuilder,
    limits: StreamLimits,
    at?: { line: number; column: number },
  ) {
    this.#builder = builder;
    this.#lexer = new PgnLexer(builder, {
      comment: limit(limits.maxComment, 1 << 20, "maxComment"),
      tagValue: limit(limits.maxTagValue, TAG_VALUE_MAX, "maxTagValue"),
    }, at);
  }

  /** Reads the next chunk, text or bytes. */
  push(chunk: string | Uint8Array): void {
    if (typeof chunk === "string") {
      this.#lexer.push(chunk);
      return;
    }
    this.#decoder ??= new PgnDecoder();
    for (let at = 0; at < chunk.length; at += DECODED_PIECE) {
      const piece = chunk.subarray(at, at + DECODED_PIECE);
      this.#lexer.push(this.#decoder.decode(piece));
    }
  }

  /** Ends the stream: the last game is finished. */
  end(): void {
    if (this.#decoder !== null) {
      this.#lexer.push(this.#decoder.decode(new Uint8Array(0), true));
    }
    this.#lexer.end();
    this.#builder.finish();
  }
}

function limit(
  value: number | undefined,
  fallback: number,
  name: string,
): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`Cannot read PGN: ${name} must be a positive integer`);
  }
  return value;
}
