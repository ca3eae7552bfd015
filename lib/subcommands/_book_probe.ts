// `fen book probe`: a book's moves for each position given, as text or JSON.

import type { CliIo } from "../program/io.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { writeText } from "./args.ts";
import { type ParsedArgs, valueOf, wholeOption } from "../program/args.ts";
import { FenReader } from "../fen/reader.ts";
import { FenSyntaxError } from "../errors.ts";
import { UnplayablePositionError } from "../chess/errors.ts";
import { groupOperands } from "../program/operands.ts";
import { polyglotKey } from "../data/polyglot/mod.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { openBook } from "./_book_files.ts";
import { type BookMove, bookMoves, type PolyglotBook } from "../book/probe.ts";

/** Runs `fen book probe`. */
export async function probeCommand(
  args: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const [path, ...records] = args.operands;
  if (path === undefined) throw new UsageError("a book file is needed");
  const json = valueOf(args, "format") === "json";
  const minWeight = wholeOption(args, "min-weight", {
    fallback: 1,
    min: 0,
    max: 65535,
  });
  const { book, close } = openBook(path);
  const parts: ProbeParts = {
    book,
    reader: new FenReader(),
    minWeight,
    json,
    io,
  };
  let code: ExitCode = EXIT.ok;
  const probe = (line: string): void => {
    code = worse(code, probeRecord(line.trim(), parts));
  };
  try {
    // Records as the main command groups its operands: an unquoted
    // record's words are one record, `-` is stdin.
    const sources = groupOperands(records);
    if (sources.length === 0) await eachLine(io, probe);
    for (const source of sources) {
      // No operand is taken for a file here (groupOperands' default).
      if (source.kind === "stdin") await eachLine(io, probe);
      else if (source.kind === "operand") probe(source.text);
    }
  } finally {
    close();
  }
  return code;
}

/** What probing a record needs: the book, a reader, the options, the streams. */
interface ProbeParts {
  book: PolyglotBook;
  reader: FenReader;
  minWeight: number;
  json: boolean;
  io: CliIo;
}

/**
 * Writes a record's book moves, or says why it has none; returns the exit
 * code it means. The record is read as the main command reads one (a
 * placement alone as White to move with no rights, EPD's operations
 * allowed).
 */
function probeRecord(record: string, parts: ProbeParts): ExitCode {
  const { book, reader, minWeight, json, io } = parts;
  if (reader.isSkippedLine(record)) return EXIT.ok;
  let moves: BookMove[], key: bigint;
  try {
    reader.read(record);
    const position = reader.toPosition();
    moves = bookMoves(book, position, { minWeight });
    key = polyglotKey(position);
  } catch (error) {
    const exit = error instanceof FenSyntaxError
      ? EXIT.invalidFen
      : error instanceof UnplayablePositionError
      ? EXIT.illegalPosition
      : null;
    if (exit === null) throw error;
    writeText(
      io.stderr,
      `fen: book probe: "${escapeText(record, 0, record.length, 100)}": ${
        escapeText((error as Error).message)
      }\n`,
    );
    return exit;
  }
  const hex = key.toString(16).padStart(16, "0");
  writeText(
    io.stdout,
    json ? jsonLine(record, hex, moves) : textBlock(record, hex, moves),
  );
  return EXIT.ok;
}

/** Reads stdin's lines. */
async function eachLine(
  io: CliIo,
  each: (line: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  await frameOf(io, "book probe").read([], (bytes) => {
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
