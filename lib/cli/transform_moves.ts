// `--moves`: the record becomes the position after the moves (and, for the
// formats of games, the game they make, suffixes kept as badges). The other
// transforms are in transform_data.ts and transform_counts.ts.

import type {
  MoveError,
  PlayedMove,
  playMoves,
  UnplayablePositionError,
} from "../moves/mod.ts";
import type { PgnGame, PgnMove } from "../pgn/mod.ts";
import { stringifyFen } from "../fen/mod.ts";
import { INITIAL_FEN, type Position, type Rules } from "../types.ts";
import type { Transform } from "./pipeline.ts";
import { type Diagnostics, lowered } from "./diagnostics.ts";
import type { Current } from "./record.ts";

/** What {@linkcode MovesTransform} plays moves with (loaded on demand). */
export interface MovesModule {
  playMoves: typeof playMoves;
  MoveError: typeof MoveError;
  UnplayablePositionError: typeof UnplayablePositionError;
}

/** What {@linkcode MovesTransform} makes games with (loaded for formats of games). */
export type GamesModule = Pick<
  typeof import("../pgn/mod.ts"),
  "PgnGame" | "annotationNag"
>;

/** `--moves`: the record becomes the position after them. */
export class MovesTransform implements Transform {
  readonly #moves: string;
  /** The run's rules; a game's own (its Variant tag) win for its positions. */
  readonly #rules: Rules;
  readonly #module: MovesModule;
  readonly #diagnostics: Diagnostics;

  readonly #games: GamesModule | null;
  /** Each move's `!`, `?`, `!?`... as written, for a game's badges. */
  readonly #suffixes: readonly string[];

  /**
   * @param moves The moves, as `--moves` gives them.
   * @param parts How to play them, where to say what went wrong, and the
   * PGN library when the format writes games (the record then carries the
   * game the moves make).
   */
  constructor(
    moves: string,
    parts: {
      rules: Rules;
      module: MovesModule;
      diagnostics: Diagnostics;
      games: GamesModule | null;
    },
  ) {
    this.#moves = moves;
    this.#rules = parts.rules;
    this.#module = parts.module;
    this.#diagnostics = parts.diagnostics;
    this.#games = parts.games;
    this.#suffixes = parts.games === null ? [] : suffixesOf(moves);
  }

  apply(record: Current): boolean {
    const { playMoves, MoveError, UnplayablePositionError } = this.#module;
    const rules = record.game?.rules ?? this.#rules;
    const position = record.position();
    // The record's position object is refilled by the next record: a game
    // keeps a copy of its start.
    const start = this.#games === null ? null : structuredClone(position);
    let result;
    try {
      result = playMoves(position, this.#moves, { rules });
    } catch (error) {
      if (
        !(error instanceof MoveError ||
          error instanceof UnplayablePositionError)
      ) throw error;
      this.#diagnostics.refusedMove(
        lowered(error.message),
        record.where,
        record.span,
      );
      return false;
    }
    record.rewrite(result.position);
    record.played = result.moves.map(({ uci, san }) => ({ uci, san }));
    const last = result.moves.at(-1);
    record.lastMove = last === undefined ? null : `${last.from}${last.to}`;
    if (this.#games !== null && start !== null) {
      record.game = this.#gameOf(start, result.moves, rules);
    }
    return true;
  }

  /**
   * The game the moves played make from `start`, under the rules they were
   * played by, each move's suffix kept as its NAG. Its tags are what a PGN
   * export of it would give it: `SetUp` and `FEN` unless it starts from the
   * standard position (a variant's rules add its `Variant` tag as written).
   */
  #gameOf(
    start: Position,
    played: readonly PlayedMove[],
    rules: Rules,
  ): PgnGame {
    const { PgnGame, annotationNag } = this.#games!;
    const moves = played.map(({ san, uci }, i): PgnMove => {
      const nag = annotationNag(this.#suffixes[i] ?? "");
      return {
        san,
        uci,
        comments: [],
        nags: nag === undefined ? [] : [nag],
        variations: [],
        clock: null,
        emt: null,
        eval: null,
        shapes: [],
      };
    });
    const fen = stringifyFen(start);
    const tags = new Map<string, string>(
      fen === INITIAL_FEN ? [] : [["SetUp", "1"], ["FEN", fen]],
    );
    return new PgnGame({
      start,
      rules,
      tags,
      mainline: { comments: [], moves },
      result: "*",
    });
  }
}

/**
 * The suffix annotation of each move in `--moves` text (`Qh5?!` gives
 * `?!`), in the order the moves are played: tokens split as the move
 * library splits them, move numbers (`1.`, `3...`) dropped.
 */
function suffixesOf(moves: string): string[] {
  const found: string[] = [];
  for (const token of moves.split(/\s+/)) {
    const move = token.replace(/^\d+\.+/, "");
    if (move !== "") found.push(/[!?]{1,2}$/.exec(move)?.[0] ?? "");
  }
  return found;
}
