// What `fen analyse` reads: the files named (or stdin) as PGN games or as
// FEN/EPD records, one per line, chosen by --from or by the first
// character that is not a space ('[' or a move number: PGN).

import type { CliIo } from "../cli/_io.ts";
import { type PgnGame, PgnReader } from "../pgn/mod.ts";

/** A game, or a record line. */
export type InputItem =
  | { kind: "game"; game: PgnGame; source: string }
  | { kind: "record"; text: string; line: number; source: string };

async function readSource(
  source: { read(buffer: Uint8Array): Promise<number | null> },
): Promise<string> {
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(1 << 16);
  for (;;) {
    const n = await source.read(buffer);
    if (n === null) break;
    chunks.push(buffer.slice(0, n));
  }
  const all = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(all);
}

/** Whether text is PGN: its first non-space character starts a tag or a move number. */
export function looksLikePgn(text: string): boolean {
  return /^\s*(\[|\{|1\.)/.test(text);
}

/**
 * The items of every input, in order.
 *
 * @throws {Deno.errors.NotFound} and other errors of reading a file.
 */
export async function readInputs(
  inputs: readonly string[],
  from: "fen" | "epd" | "pgn" | null,
  io: CliIo,
): Promise<InputItem[]> {
  const items: InputItem[] = [];
  const names = inputs.length === 0 ? ["-"] : inputs;
  for (const name of names) {
    let text: string;
    if (name === "-") text = await readSource(io.stdin);
    else {
      const file = await io.open(name, { read: true });
      try {
        text = await readSource(file);
      } finally {
        file.close();
      }
    }
    const source = name === "-" ? "stdin" : name;
    if (from === "pgn" || (from === null && looksLikePgn(text))) {
      // A game that cannot be read comes with its error and the moves
      // before it; the reader goes on with the next.
      const reader = new PgnReader();
      for (const game of [...reader.push(text), ...reader.end()]) {
        items.push({ kind: "game", game, source });
      }
      continue;
    }
    text.split("\n").forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.trimStart().startsWith("#")) return;
      items.push({ kind: "record", text: line.trim(), line: i + 1, source });
    });
  }
  return items;
}
