// `fen book probe`: a book's moves for each position given, as text or JSON.

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import {
  eachInput,
  type SubcommandArgs,
  wholeOption,
  writeText,
} from "./args.ts";
import { tryParseFen } from "../fen/mod.ts";
import { polyglotKey } from "../data/polyglot/mod.ts";
import { escapeText } from "../_quote.ts";
import { openBook } from "./_book_files.ts";
import { type BookMove, bookMoves } from "../book/probe.ts";

/** Runs `fen book probe`. */
export async function probeCommand(
  args: SubcommandArgs,
  io: CliIo,
): Promise<number> {
  const [path, ...records] = args.operands;
  if (path === undefined) throw new UsageError("a book file is needed");
  const json = args.values.get("format")?.[0] === "json";
  const minWeight = wholeOption(args, "min-weight", {
    fallback: 1,
    min: 0,
    max: 65535,
  });
  const { book, close } = openBook(path);
  let code: number = EXIT.ok;
  const probe = (line: string): void => {
    const record = line.trim();
    if (record === "") return;
    const fields = record.split(/\s+/);
    // FEN or EPD: the four fields a key depends on, and counters if given.
    const counters = /^[0-9]+$/.test(fields[4] ?? "") &&
        /^[0-9]+$/.test(fields[5] ?? "")
      ? fields.slice(4, 6)
      : ["0", "1"];
    const parsed = tryParseFen([...fields.slice(0, 4), ...counters].join(" "));
    if (!parsed.ok) {
      writeText(
        io.stderr,
        `fen: book probe: ${JSON.stringify(escapeText(record))}: ${
          escapeText(parsed.error.message)
        }\n`,
      );
      code = EXIT.invalidFen;
      return;
    }
    const moves = bookMoves(book, parsed.position, { minWeight });
    const key = polyglotKey(parsed.position).toString(16).padStart(16, "0");
    writeText(
      io.stdout,
      json ? jsonLine(record, key, moves) : textBlock(record, key, moves),
    );
  };
  try {
    if (records.length > 0) records.forEach(probe);
    else await eachLine(io, probe);
  } finally {
    close();
  }
  return code;
}

/** Reads stdin's lines. */
async function eachLine(
  io: CliIo,
  each: (line: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  await eachInput([], io, (bytes) => {
    const lines = (pending + decoder.decode(bytes, { stream: true })).split(
      "\n",
    );
    pending = lines.pop()!;
    lines.forEach(each);
  });
  each(pending + decoder.decode());
}

function textBlock(record: string, key: string, moves: BookMove[]): string {
  const head = `${escapeText(record)}  (key ${key})\n`;
  if (moves.length === 0) return `${head}  no moves in the book\n`;
  return head +
    moves.map((m) =>
      `  ${m.san.padEnd(8)}${m.uci.padEnd(7)}weight ${
        String(m.weight).padStart(5)
      }  ${m.share.toFixed(1).padStart(5)}%  learn ${m.learn}\n`
    ).join("");
}

function jsonLine(record: string, key: string, moves: BookMove[]): string {
  return JSON.stringify({
    fen: record,
    key,
    moves: moves.map((m) => ({ ...m, share: Math.round(m.share * 100) / 100 })),
  }) + "\n";
}
