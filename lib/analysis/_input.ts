// What `fen analyse` reads, as it comes: the files named (or stdin) as PGN
// games or as FEN/EPD records, one per line, chosen by --from or by the
// first character that is not a space ('[', '{' or a move number: PGN).
// Streamed in chunks, so that a large file is never held whole.

import type { CliIo, Source } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { frameOf, ProgramError, type TextInput } from "../program/frame.ts";
import { escapeText } from "../_quote.ts";
import { osReason } from "../program/messages.ts";
import { type PgnGame, PgnReader } from "../pgn/mod.ts";

/** A game, a record line, or an input that could not be read. */
export type InputItem =
  | { kind: "game"; game: PgnGame; source: string }
  | { kind: "record"; text: string; line: number; source: string }
  | {
    kind: "unreadable";
    source: string;
    /** The whole message, after `fen: analyse: `. */
    message: string;
    code: number;
  };

const CHUNK = 1 << 16;

/** Whether text is PGN: its first non-space character starts a tag, a comment or a move number. */
export function looksLikePgn(text: string): boolean {
  return /^\s*(\[|\{|1\.)/.test(text);
}

async function* chunks(source: Source): AsyncGenerator<Uint8Array> {
  for (;;) {
    const buffer = new Uint8Array(CHUNK);
    const n = await source.read(buffer);
    if (n === null) return;
    if (n > 0) yield buffer.subarray(0, n);
  }
}

/** One input's items: sniffed from its first bytes, then streamed. */
async function* itemsOf(
  source: Source,
  name: string,
  from: "fen" | "epd" | "pgn" | null,
): AsyncGenerator<InputItem> {
  const stream = chunks(source);
  const head: Uint8Array[] = [];
  let text = "";
  const decoder = new TextDecoder();
  // Enough of the start to see its first character that is not a space.
  while (from === null && text.trim() === "") {
    const next = await stream.next();
    if (next.done) break;
    head.push(next.value);
    text += new TextDecoder().decode(next.value, { stream: true });
  }
  if (from === "pgn" || (from === null && looksLikePgn(text))) {
    // A game that cannot be read comes with its error and the moves
    // before it; the reader goes on with the next.
    const reader = new PgnReader();
    for (const chunk of head) {
      for (const game of reader.push(chunk)) {
        yield { kind: "game", game, source: name };
      }
    }
    for await (const chunk of stream) {
      for (const game of reader.push(chunk)) {
        yield { kind: "game", game, source: name };
      }
    }
    for (const game of reader.end()) yield { kind: "game", game, source: name };
    return;
  }
  let rest = "", line = 0;
  const lines = function* (text: string, last: boolean): Generator<InputItem> {
    const parts = (rest + text).split("\n");
    rest = last ? "" : parts.pop() ?? "";
    for (const raw of parts) {
      line++;
      const record = raw.replace(/\r$/, "").trim();
      if (record === "" || record.startsWith("#")) continue;
      yield { kind: "record", text: record, line, source: name };
    }
  };
  for (const chunk of head) {
    yield* lines(decoder.decode(chunk, { stream: true }), false);
  }
  for await (const chunk of stream) {
    yield* lines(decoder.decode(chunk, { stream: true }), false);
  }
  yield* lines(decoder.decode(), true);
}

/**
 * The items of every input, in order, each read through the frame
 * (lib/program/frame.ts: compressed input read, binary refused); an input
 * that cannot be read is an item saying so.
 */
export async function* readInputs(
  inputs: readonly string[],
  from: "fen" | "epd" | "pgn" | null,
  io: CliIo,
): AsyncGenerator<InputItem> {
  const frame = frameOf(io, "analyse");
  for (const name of inputs.length === 0 ? ["-"] : inputs) {
    if (frame.signal !== null) return;
    const source = name === "-" ? "stdin" : name;
    let input: TextInput | null = null;
    try {
      input = await frame.open(name);
      yield* itemsOf(input, source, from);
    } catch (error) {
      yield {
        kind: "unreadable",
        source,
        message: error instanceof ProgramError
          ? error.message
          : `cannot read ${escapeText(source)}: ${osReason(error)}`,
        code: error instanceof ProgramError ? error.exit : EXIT.ioError,
      };
    } finally {
      input?.close();
    }
  }
}
