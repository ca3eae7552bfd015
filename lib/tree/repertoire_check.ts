/**
 * Games checked against a repertoire: where each left the preparation. A
 * game stays in the repertoire while each move it plays is one prepared in
 * the position it is played from, that position found by its key wherever
 * the repertoire reaches it (a transposition is prepared). The first move
 * that is not is the game's exit: yours (a deviation) or the opponent's (a
 * surprise, a gap in the repertoire); a position where nothing is prepared
 * is the end of a line, not an exit.
 *
 * @module
 */

import { PgnWalker } from "../pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import type { PgnError } from "../pgn/errors.ts";
import { polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { parseFen } from "../fen/mod.ts";
import { toSan } from "../moves/play.ts";
import type { RecordView } from "../record_view.ts";
import { type Repertoire, type RepertoireNode, uciOf } from "./repertoire.ts";

/** How a game left the repertoire (see the comment at the top of the file). */
export type CheckExit =
  /** You played a move that was not prepared. */
  | "deviation"
  /** The opponent played a move the repertoire has no answer to. */
  | "surprise"
  /** The game went past the end of a prepared line. */
  | "end"
  /** The game ended inside the preparation. */
  | "inside"
  /** The game never reached a position of the repertoire. */
  | "outside";

/** Each kind of exit: one definition for the summaries and the docs. */
export const CHECK_EXITS: readonly CheckExit[] = [
  "deviation",
  "surprise",
  "end",
  "inside",
  "outside",
];

/** A move, in SAN and UCI. */
export interface CheckMove {
  san: string;
  uci: string;
}

/** Where one game left the repertoire. */
export interface CheckResult {
  /** The game's number in its input (the first is 1). */
  game: number;
  /** The White and Black tags ("?" when missing). */
  white: string;
  black: string;
  /** Your colour in the game. */
  you: "white" | "black";
  /** How it left. */
  exit: CheckExit;
  /** The ply of the last position in preparation (0: the game's start). */
  plies: number;
  /** The ply it reached the repertoire at (0 unless it started outside). */
  entered: number;
  /** The last position inside it (its FEN), null for `outside`. */
  fen: string | null;
  /** The repertoire's line to that position. */
  line: string;
  /** The move that left (null for `inside`, `outside`). */
  played: CheckMove | null;
  /** The moves prepared where it left. */
  prepared: CheckMove[];
}

/** Whose games are checked, and as which side. */
export interface CheckOptions {
  /** Your side in every game. */
  color?: "white" | "black";
  /** Your name: your side is the one whose White or Black tag it is (any case). */
  player?: string;
}

/**
 * One game followed through the repertoire, position by position: the
 * walker's and the full reader's games go through the same steps.
 */
export class GameCheck {
  readonly #repertoire: Repertoire;
  readonly #key = new Uint32Array(2);
  #node: RepertoireNode | null = null;
  /** The game's ply, and that of the last position in preparation. */
  #ply = 0;
  #plies = 0;
  #entered = 0;
  /** The result once the game has left, else null. */
  result: CheckResult | null = null;
  #you: "white" | "black" = "white";
  #game = 0;
  #white = "?";
  #black = "?";

  constructor(repertoire: Repertoire) {
    this.#repertoire = repertoire;
  }

  /** Starts a game, with your colour in it, at its first position. */
  start(game: PgnGame, you: "white" | "black", view: RecordView): void {
    this.#game = game.number;
    this.#white = game.tags.get("White") ?? "?";
    this.#black = game.tags.get("Black") ?? "?";
    this.#you = you;
    this.#ply = this.#plies = this.#entered = 0;
    this.result = null;
    polyglotKeyHalves(view, this.#key);
    this.#node = this.#repertoire.get(this.#key[0], this.#key[1]) ?? null;
  }

  /**
   * The position after a move of the game (ply > 0), while the game has
   * not left.
   *
   * @returns Whether it is still inside.
   */
  step(view: RecordView, uci: () => string): boolean {
    const node = this.#node;
    const ply = ++this.#ply;
    polyglotKeyHalves(view, this.#key);
    const hi = this.#key[0], lo = this.#key[1];
    if (node === null) {
      // Outside so far (a set-up start): it enters at the first position
      // of the repertoire it reaches.
      this.#node = this.#repertoire.get(hi, lo) ?? null;
      if (this.#node !== null) this.#plies = this.#entered = ply;
      return true;
    }
    const moves = node.moves;
    for (let k = 0; k < moves.length; k++) {
      const next = moves[k].node;
      if (next.lo === lo && next.hi === hi) {
        this.#node = next;
        this.#plies = ply;
        return true;
      }
    }
    const mover = node.turn === "w" ? "white" : "black";
    const exit = moves.length === 0
      ? "end"
      : mover === this.#you
      ? "deviation"
      : "surprise";
    const played = uci();
    this.result = this.#exit(exit, {
      uci: played,
      san: toSan(parseFen(node.fen), played),
    });
    return false;
  }

  /** Ends the game: inside the preparation if it never left. */
  end(): CheckResult {
    return this.result ??= this.#exit(
      this.#node === null ? "outside" : "inside",
      null,
    );
  }

  #exit(exit: CheckExit, played: CheckMove | null): CheckResult {
    const node = this.#node;
    return {
      game: this.#game,
      white: this.#white,
      black: this.#black,
      you: this.#you,
      exit,
      plies: this.#plies,
      entered: this.#entered,
      fen: node?.fen ?? null,
      line: node?.line ?? "",
      played,
      prepared: node === null || exit === "inside"
        ? []
        : node.moves.map(({ san, uci }) => ({ san, uci })),
    };
  }
}

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/**
 * The plies of each game that are followed: one past the repertoire's
 * longest line when every line starts from the standard start (a game can
 * stay no longer), all when a chapter starts from a set-up position (a game
 * may reach it at any ply). A game set up from a FEN tag is followed as far
 * as any.
 */
export function checkedPlies(repertoire: Repertoire): number {
  if (repertoire.roots.some((root) => root.fen !== START)) return Infinity;
  return repertoire.longestLine() + 1;
}

/**
 * Your colour in `game`: the one given, or the side whose tag is
 * `player`'s name; null when neither tag is.
 */
export function colorIn(
  game: PgnGame,
  options: CheckOptions,
): "white" | "black" | null {
  if (options.player === undefined) return options.color ?? "white";
  const name = options.player.toLowerCase();
  const white = game.tags.get("White")?.toLowerCase() === name;
  const black = game.tags.get("Black")?.toLowerCase() === name;
  if (options.color !== undefined) {
    return (options.color === "white" ? white : black) ? options.color : null;
  }
  return white ? "white" : black ? "black" : null;
}

/** What a {@linkcode RepertoireCheck} hands on. */
export interface CheckVisitor {
  /** A game checked. */
  result(result: CheckResult): void;
  /** A game left out: not the player's. */
  skipped(game: PgnGame): void;
  /** A game that cannot be read (left out). */
  error(error: PgnError): void;
}

/**
 * Games checked as they stream: each is played only as far as the
 * repertoire's longest line goes (one ply past it), the rest read and not
 * played, so that checking costs less than counting a tree of the same
 * games.
 */
export class RepertoireCheck {
  readonly #walker: PgnWalker;
  readonly #check: GameCheck;
  readonly #options: CheckOptions;
  readonly #visitor: CheckVisitor;
  /** Whether the game being read is followed still. */
  #inside = false;
  #counted = false;

  constructor(
    repertoire: Repertoire,
    { visitor, ...options }: CheckOptions & { visitor: CheckVisitor },
  ) {
    this.#check = new GameCheck(repertoire);
    this.#options = options;
    this.#visitor = visitor;
    this.#walker = new PgnWalker({
      position: (position) => this.#position(position),
      end: (game) => this.#end(game),
    }, { maxPly: checkedPlies(repertoire) });
  }

  #position(position: PgnPosition): void {
    if (position.ply === 0) {
      const you = colorIn(position.game, this.#options);
      this.#counted = you !== null;
      this.#inside = false;
      if (you === null) return;
      this.#check.start(position.game, you, position.view());
      this.#inside = true;
      return;
    }
    if (!this.#inside) return;
    this.#inside = this.#check.step(position.view(), () => uciOf(position));
  }

  #end(game: PgnGame): void {
    if (game.error !== null) this.#visitor.error(game.error);
    else if (!this.#counted) this.#visitor.skipped(game);
    else this.#visitor.result(this.#check.end());
    this.#counted = false;
  }

  /** Reads the next chunk of PGN, text or bytes (do not mix them). */
  push(chunk: string | Uint8Array): void {
    this.#walker.push(chunk);
  }

  /** Ends the stream. */
  end(): void {
    this.#walker.end();
  }
}

/** The exits of many games at one position of the repertoire. */
export interface ExitsAt {
  /** The position's FEN. */
  fen: string;
  /** The repertoire's line to it. */
  line: string;
  /** Games that left there. */
  games: number;
  /** The moves played there, in SAN, with their games, most first. */
  played: { san: string; games: number }[];
  /** The moves prepared there, in SAN. */
  prepared: string[];
}

/** What many games' checks add up to. */
export interface CheckTotals {
  /** Games checked. */
  games: number;
  /** Games left out as not the player's. */
  skipped: number;
  /** Games left out as unreadable. */
  unreadable: number;
  /** Games by how they left. */
  exits: Record<CheckExit, number>;
  /** Games by the plies they stayed in preparation, fewest plies first. */
  plies: { plies: number; games: number }[];
  /** Your deviations by position, most games first. */
  deviations: ExitsAt[];
  /** The opponents' surprises by position, most games first. */
  surprises: ExitsAt[];
}

/** The summary of many games' checks, added to one game at a time. */
export class CheckSummary {
  #games = 0;
  /** Games left out as not the player's. */
  skipped = 0;
  /** Games left out as unreadable. */
  unreadable = 0;
  readonly #exits = Object.fromEntries(
    CHECK_EXITS.map((exit) => [exit, 0]),
  ) as Record<CheckExit, number>;
  readonly #plies = new Map<number, number>();
  readonly #at = {
    deviation: new Map<string, ExitsAt & { counts: Map<string, number> }>(),
    surprise: new Map<string, ExitsAt & { counts: Map<string, number> }>(),
  };

  /** Adds a game's result. */
  add(result: CheckResult): void {
    this.#games++;
    this.#exits[result.exit]++;
    this.#plies.set(result.plies, (this.#plies.get(result.plies) ?? 0) + 1);
    if (result.exit !== "deviation" && result.exit !== "surprise") return;
    const map = this.#at[result.exit];
    const key = result.fen!;
    let at = map.get(key);
    if (at === undefined) {
      at = {
        fen: key,
        line: result.line,
        games: 0,
        played: [],
        prepared: result.prepared.map((move) => move.san),
        counts: new Map(),
      };
      map.set(key, at);
    }
    at.games++;
    const san = result.played!.san;
    at.counts.set(san, (at.counts.get(san) ?? 0) + 1);
  }

  /** The totals so far. */
  totals(): CheckTotals {
    const ranked = (
      map: Map<string, ExitsAt & { counts: Map<string, number> }>,
    ): ExitsAt[] =>
      [...map.values()].sort((a, b) => b.games - a.games).map((
        { counts, ...at },
      ) => ({
        ...at,
        played: [...counts].map(([san, games]) => ({ san, games })).sort((
          a,
          b,
        ) => b.games - a.games),
      }));
    return {
      games: this.#games,
      skipped: this.skipped,
      unreadable: this.unreadable,
      exits: { ...this.#exits },
      plies: [...this.#plies].sort((a, b) => a[0] - b[0]).map((
        [plies, games],
      ) => ({ plies, games })),
      deviations: ranked(this.#at.deviation),
      surprises: ranked(this.#at.surprise),
    };
  }
}
