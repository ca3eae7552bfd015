/**
 * What the repertoire subcommands read: the repertoire operand, the
 * colour option, and the words of a failure of the games read.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { type ParsedArgs, valueOf } from "../program/args.ts";
import { SubcommandError } from "./args.ts";
import { frameOf } from "../program/frame.ts";
import {
  PgnRepertoireReader,
  Repertoire,
  RepertoireError,
} from "../tree/repertoire.ts";
import { openBook } from "./_book_files.ts";

/**
 * Reads the repertoire operand: a Polyglot book when its name ends in
 * `.bin` and it starts as one, else text through the frame (compressed or not): `fen tree`'s
 * lines when it starts with `{`, PGN otherwise.
 *
 * @param path The operand (`-` is stdin).
 * @param options The streams and the subcommand's words.
 * @returns The repertoire.
 * @throws {RepertoireError} When it cannot be read as one.
 */
export async function readRepertoire(
  path: string | undefined,
  { io, program }: { io: CliIo; program: string },
): Promise<Repertoire> {
  if (path === undefined) throw new UsageError("a repertoire file is needed");
  if (await isBook(path, io)) {
    const { book, close } = openBook(path);
    try {
      return Repertoire.fromBook(book);
    } finally {
      close();
    }
  }
  const decoder = new TextDecoder();
  let text = "";
  let pgn: PgnRepertoireReader | null = null;
  // Text throughout: the PGN reader takes text or bytes, not both.
  const take = (piece: string): void => {
    if (pgn !== null) return pgn.push(piece);
    text += piece;
    const first = text.trimStart();
    if (first !== "" && first[0] !== "{") {
      pgn = new PgnRepertoireReader();
      pgn.push(text);
    }
  };
  await frameOf(io, program).read(
    [path],
    (bytes) => take(decoder.decode(bytes, { stream: true })),
  );
  take(decoder.decode());
  const reader = pgn as PgnRepertoireReader | null;
  const repertoire = reader !== null
    ? reader.end()
    : Repertoire.fromTreeLines(text);
  if (repertoire.nodes.length === 0) {
    throw new RepertoireError("the repertoire has no positions");
  }
  return repertoire;
}

/**
 * Whether `path` is taken for a Polyglot book: named `.bin` and starting
 * with bytes text does not have (a book's first key); a file that cannot
 * be opened is the frame's to say so.
 */
async function isBook(path: string, io: CliIo): Promise<boolean> {
  if (!path.endsWith(".bin")) return false;
  let file;
  try {
    file = await io.open(path, { read: true });
  } catch {
    return false;
  }
  try {
    const head = new Uint8Array(16);
    const n = await file.read(head) ?? 0;
    return head.subarray(0, n).some((b) => b < 9 || (b > 13 && b < 32));
  } catch {
    return false;
  } finally {
    file.close();
  }
}

/**
 * `--color`, needed (with `--player` for check, which takes the colour
 * from each game).
 */
export function colorOption(parsed: ParsedArgs): "white" | "black" {
  const color = valueOf(parsed, "color");
  if (color === undefined) {
    throw new UsageError("--color white or --color black is needed");
  }
  return color as "white" | "black";
}

/** A failure of the games read: the subcommand's words, exit 2. */
export function gamesFailure(message: string): SubcommandError {
  return new SubcommandError(message, EXIT.invalidFen);
}
