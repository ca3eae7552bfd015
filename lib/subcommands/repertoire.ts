/**
 * `fen repertoire`: an opening repertoire checked against games (`check`),
 * its gaps and rare lines counted in games or a database (`gaps`,
 * `prune`), its size (`stats`). Loaded only by `fen repertoire`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { type ParsedArgs, valueOf } from "../program/args.ts";
import { SubcommandError } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import {
  PgnRepertoireReader,
  Repertoire,
  RepertoireError,
} from "../tree/repertoire.ts";
import { openBook } from "./_book_files.ts";
import { REPERTOIRE_SPECS, type RepertoireWord } from "./_repertoire_specs.ts";
import type { Program, ProgramGroup, Subcommand } from "./front_end.ts";

/** The repertoire subcommands' tables (the shell completions are made from them). */
export { REPERTOIRE_SPECS } from "./_repertoire_specs.ts";

/** A repertoire subcommand: its table, and its run with a repertoire's errors worded. */
function repertoireProgram(
  word: RepertoireWord,
  run: (parsed: ParsedArgs, io: CliIo) => Promise<number>,
): Program {
  return {
    spec: REPERTOIRE_SPECS[word],
    run: async (parsed, io) => {
      try {
        return await run(parsed, io);
      } catch (error) {
        if (error instanceof RepertoireError) {
          throw new SubcommandError(escapeText(error.message), EXIT.invalidFen);
        }
        // The frame words the rest in one line (lib/program/frame.ts).
        throw error;
      }
    },
  };
}

const REPERTOIRE_SUBCOMMANDS: Readonly<Record<RepertoireWord, Subcommand>> = {
  check: {
    about: "where each game left the repertoire, and a summary",
    load: async () =>
      repertoireProgram(
        "check",
        (await import("./_repertoire_check.ts")).checkCommand,
      ),
  },
  gaps: {
    about: "the opponents' moves, often played, with no answer prepared",
    load: async () =>
      repertoireProgram(
        "gaps",
        (await import("./_repertoire_counts.ts")).gapsCommand,
      ),
  },
  prune: {
    about: "the repertoire without the lines games rarely reach",
    load: async () =>
      repertoireProgram(
        "prune",
        (await import("./_repertoire_counts.ts")).pruneCommand,
      ),
  },
  stats: {
    about: "a repertoire's size, depth, branches and transpositions",
    load: async () =>
      repertoireProgram(
        "stats",
        (await import("./_repertoire_counts.ts")).statsCommand,
      ),
  },
};

/** `fen repertoire`'s front end: its subcommands. */
export const REPERTOIRE: ProgramGroup = {
  spec: {
    name: "repertoire",
    about:
      "Opening repertoires (PGN with variations, a Polyglot book, a tree):\n" +
      "games checked against them, their gaps and rare lines counted in games\n" +
      "or a database, their size.",
  },
  subcommands: REPERTOIRE_SUBCOMMANDS,
};

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
