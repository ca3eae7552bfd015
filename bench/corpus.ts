/**
 * A deterministic corpus of FEN records for the benchmarks: seeded random
 * legal games played with chess.js, one six-field record after every ply.
 *
 * ```sh
 * deno run --allow-write --allow-read bench/corpus.ts [--records N] [--seed S] [--out PATH]
 * ```
 *
 * Defaults: 200,000 records, seed 1, `bench/data/corpus.fen` (gitignored).
 * The output depends only on the seed, the record count (the corpus for N
 * records is the first N lines of any larger one with the same seed) and the
 * chess.js version in deno.lock. `tests/testdata/sample.fen` is
 * `--records 1000 --out tests/testdata/sample.fen`.
 *
 * @module
 */

import { Chess } from "chess.js";
import { mulberry32 } from "../tests/_shared.ts";

/** Records in the default corpus. */
export const DEFAULT_RECORDS = 200_000;
/** Seed of the default corpus and of `tests/testdata/sample.fen`. */
export const DEFAULT_SEED = 1;
/** Fewest plies a game runs unless it ends first. */
export const MIN_PLIES = 40;
/** Most plies a game runs. */
export const MAX_PLIES = 200;

const CORPUS_URL = new URL("./data/corpus.fen", import.meta.url);

export { mulberry32 };

// chess.js internals used by the fast path. Its public `moves()` and
// `move()` build SAN strings and before/after FENs for every candidate move
// and filter legality by making each pseudo-legal move; that costs ~300 us
// per ply. Drawing a random pseudo-legal move and rejecting it (without
// replacement) until one leaves the king safe picks uniformly among the
// legal moves with the same legality test chess.js itself uses (`_moves`
// with `legal: true` filters by `_makeMove` + `_isKingAttacked`), in about
// 8 us per ply.
export interface ChessInternals {
  _turn: "w" | "b";
  _moves(options: { legal: boolean }): unknown[];
  _makeMove(move: unknown): void;
  _undoMove(): unknown;
  _isKingAttacked(color: "w" | "b"): boolean;
  _incPositionCount(): void;
}

/** Whether chess.js still has the internals {@linkcode playFast} uses. */
export function hasInternals(chess: unknown): chess is ChessInternals {
  const c = chess as Record<string, unknown>;
  return typeof c._moves === "function" &&
    typeof c._makeMove === "function" &&
    typeof c._undoMove === "function" &&
    typeof c._isKingAttacked === "function" &&
    typeof c._incPositionCount === "function" &&
    (c._turn === "w" || c._turn === "b");
}

/** Plays one ply with the fast path; returns false if there is no legal move. */
export function playFast(chess: ChessInternals, random: () => number): boolean {
  const moves = chess._moves({ legal: false });
  const us = chess._turn;
  while (moves.length > 0) {
    const i = Math.floor(random() * moves.length);
    chess._makeMove(moves[i]);
    if (!chess._isKingAttacked(us)) {
      chess._incPositionCount(); // as Chess#move does, for threefold
      return true;
    }
    chess._undoMove();
    moves[i] = moves[moves.length - 1];
    moves.pop();
  }
  return false;
}

/** Plays one ply with the public API (slow; used if the internals change). */
function playPublic(chess: Chess, random: () => number): boolean {
  const moves = chess.moves();
  if (moves.length === 0) return false;
  chess.move(moves[Math.floor(random() * moves.length)]);
  return true;
}

/** Options for {@linkcode generateCorpus}. */
export interface CorpusOptions {
  /** How many records to produce. */
  records?: number;
  /** The PRNG seed. */
  seed?: number;
}

/**
 * Plays seeded random games from the starting position and returns the
 * six-field FEN after every ply. A game stops at checkmate, stalemate, a
 * draw by the fifty-move rule, insufficient material or threefold
 * repetition, or at a ply cap drawn uniformly from 40 to 200.
 */
export function generateCorpus(options: CorpusOptions = {}): string[] {
  const records = options.records ?? DEFAULT_RECORDS;
  const random = mulberry32(options.seed ?? DEFAULT_SEED);
  const out: string[] = [];
  let warned = false;
  while (out.length < records) {
    const chess = new Chess();
    const fast = hasInternals(chess);
    if (!fast && !warned) {
      console.error(
        "corpus: chess.js internals not found; using the public API (slower, and a different corpus)",
      );
      warned = true;
    }
    const cap = MIN_PLIES +
      Math.floor(random() * (MAX_PLIES - MIN_PLIES + 1));
    for (let ply = 0; ply < cap && out.length < records; ply++) {
      const played = fast
        ? playFast(chess as unknown as ChessInternals, random)
        : playPublic(chess, random);
      if (!played) break; // checkmate or stalemate
      out.push(chess.fen());
      if (
        chess.isDrawByFiftyMoves() || chess.isInsufficientMaterial() ||
        chess.isThreefoldRepetition()
      ) break;
    }
  }
  return out;
}

/** Writes records one per line (LF, final newline), creating directories. */
export async function writeCorpus(
  path: string | URL,
  records: string[],
): Promise<void> {
  const file = path instanceof URL ? decodeURIComponent(path.pathname) : path;
  const slash = file.lastIndexOf("/");
  if (slash > 0) await Deno.mkdir(file.slice(0, slash), { recursive: true });
  // Write then rename, so an interrupted run leaves no truncated corpus.
  const temporary = `${file}.${Deno.pid}.tmp`;
  await Deno.writeTextFile(temporary, records.join("\n") + "\n");
  await Deno.rename(temporary, file);
}

/**
 * The benchmark corpus, `bench/data/corpus.fen`, generated with the defaults
 * first if it does not exist. Needs `--allow-read` and, the first time,
 * `--allow-write`.
 */
export async function loadCorpus(): Promise<string[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(CORPUS_URL);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    const start = performance.now();
    const records = generateCorpus();
    await writeCorpus(CORPUS_URL, records);
    console.error(
      `corpus: wrote ${records.length} records to ${
        decodeURIComponent(CORPUS_URL.pathname)
      } in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    return records;
  }
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function parseArgs(args: string[]): Required<CorpusOptions> & { out: string } {
  const options = {
    records: DEFAULT_RECORDS,
    seed: DEFAULT_SEED,
    out: decodeURIComponent(CORPUS_URL.pathname),
  };
  const usage =
    "usage: deno run --allow-write --allow-read bench/corpus.ts [--records N] [--seed S] [--out PATH]";
  for (let i = 0; i < args.length; i++) {
    let [flag, value] = args[i].split(/=(.*)/s, 2) as [string, string?];
    if (flag === "--help" || flag === "-h") {
      console.log(usage);
      Deno.exit(0);
    }
    if (value === undefined) value = args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${usage}`);
    if (flag === "--out") {
      options.out = value;
    } else if (flag === "--records" || flag === "--seed") {
      const n = Number(value.replaceAll("_", ""));
      if (!Number.isSafeInteger(n) || n < (flag === "--records" ? 1 : 0)) {
        throw new Error(`${flag} must be an integer, found "${value}"`);
      }
      if (flag === "--records") options.records = n;
      else options.seed = n;
    } else {
      throw new Error(`unknown argument "${args[i]}"\n${usage}`);
    }
  }
  return options;
}

if (import.meta.main) {
  const { records, seed, out } = parseArgs(Deno.args);
  const start = performance.now();
  const corpus = generateCorpus({ records, seed });
  const generated = performance.now();
  await writeCorpus(out, corpus);
  console.log(
    `wrote ${corpus.length} records (seed ${seed}) to ${out}: generated in ${
      ((generated - start) / 1000).toFixed(2)
    } s, written in ${((performance.now() - generated) / 1000).toFixed(2)} s`,
  );
}
