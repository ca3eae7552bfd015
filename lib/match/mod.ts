/**
 * Positions found by pattern: pgn-extract's FENPattern syntax for the
 * placement, a material signature (`KRPvKR`, either colour order), and the
 * side to move, compiled once and tested against a record's cells.
 *
 * @module
 */

import type { RecordView } from "../record_view.ts";

export type { RecordView } from "../record_view.ts";
export * from "../types.ts";

/** A compiled pattern: see {@linkcode compileMatch}. */
export interface PositionMatch {
  /** The pattern as given. */
  readonly source: string;
  /**
   * Whether a record matches.
   *
   * @param record The record (its cells, a8 first, and side to move).
   * @returns `true` if it matches.
   */
  test(record: Pick<RecordView, "cells" | "turn">): boolean;
  /**
   * How the record matches, 0 if not: for material, bit 1 when the first
   * side given is White's, bit 2 when it is Black's; 1 for a placement.
   *
   * @param record The record.
   * @returns The bits.
   */
  ways(record: Pick<RecordView, "cells" | "turn">): number;
  /**
   * Whether a game matches as pgn-extract's `-z` decides for material: the
   * same way in three positions in a row, each followed by a move (its
   * default stability of two half-moves: a balance passing in an exchange
   * is not an ending; the final position is not looked at), or else
   * (`false`, placements, as `-Tf`) in any one position.
   */
  readonly material: boolean;
}

/** A pattern that cannot be read: `offset` is where, in the text. */
export class MatchSyntaxError extends SyntaxError {
  /** Where in the pattern (0-based). */
  readonly offset: number;
  /**
   * Makes the error; its message is worded here.
   *
   * @param reason What is wrong.
   * @param offset Where (0-based).
   */
  constructor(reason: string, offset: number) {
    super(`Cannot read the pattern: ${reason} at column ${offset + 1}`);
    this.name = "MatchSyntaxError";
    this.offset = offset;
  }
}

/** One square's test: the char codes it accepts (0 for an empty square). */
type SquareTest = Uint8Array; // 128 entries: 1 where accepted
/** A rank's pattern: square tests, and -1 for `*`. */
type RankPattern = (SquareTest | -1)[];

const WHITE = "KQRBNP", BLACK = "kqrbnp";

/**
 * Compiles a pattern: a FENPattern placement (pgn-extract's: `?` any square,
 * `!` an occupied one, `A` a White piece, `a` a Black one, `*` any number
 * of squares of the rank, `[xyz]` and `[^xyz]` sets of those letters,
 * digits empty squares, piece letters themselves), or a material
 * signature (the pieces of one side, `v`, the other's: `KRPvKR`, `RPvR`,
 * kings optional, counts exact, either side White); either may be followed
 * by ` w` or ` b`, the side to move.
 *
 * @example A rook ending, and White castled long behind pawns
 * ```ts
 * import { compileMatch } from "@fen/fen/match";
 * import { FenReader } from "@fen/fen/fen-reader";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("8/5k2/8/3R4/8/1P6/2K5/4r3 b - - 0 50");
 * assert.ok(compileMatch("KRPvKR").test(reader));
 * assert.ok(compileMatch("krvkrp b").test(reader));
 * assert.ok(!compileMatch("KRPvKR w").test(reader));
 * assert.ok(compileMatch("*\/*\/*\/*\/*\/*\/*\/*").test(reader));
 * assert.ok(compileMatch("*\/*\/*\/*\/*\/?P*\/??K*\/*").test(reader));
 * ```
 *
 * @param text The pattern.
 * @returns The compiled pattern.
 * @throws {MatchSyntaxError} If it is neither.
 */
export function compileMatch(text: string): PositionMatch {
  const trimmed = text.trim();
  const side = /\s+([wb])$/.exec(trimmed);
  const body = side === null ? trimmed : trimmed.slice(0, side.index);
  const turn = side?.[1] ?? null;
  const placement = body.includes("/");
  const board = placement ? placementTest(body) : materialTest(body);
  const ways = (record: Pick<RecordView, "cells" | "turn">): number =>
    turn === null || record.turn === turn ? board(record.cells) : 0;
  return {
    source: text,
    material: !placement,
    ways,
    test: (record) => ways(record) !== 0,
  };
}

/**
 * How many positions in a row, each followed by a move, a material balance
 * holds for a game to match: pgn-extract's `-z` counts the positions
 * before its match (two by default, its "stability" in half-moves) and
 * matches at the next one that still holds, so three in all.
 */
const MATERIAL_RUN = 3;

/**
 * Whether a game matches, as pgn-extract decides: one of its positions
 * matches a placement, or a material balance holds the same way in three
 * positions in a row, each followed by a move (see
 * {@linkcode PositionMatch.material}). Feed it the game's positions in
 * order, from its start, after {@linkcode GameMatch.start}.
 *
 * @example A rook ending reached and kept
 * ```ts
 * import { compileMatch, GameMatch } from "@fen/fen/match";
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn(
 *   '[FEN "4k3/8/8/8/8/8/1n6/1R2K1R1 w - - 0 1"]\n\n1. Rxb2 Kd7 2. Kd2 Ke7 3. Ke3 *',
 * );
 * const match = new GameMatch(compileMatch("KRRvK"));
 * match.start();
 * for (const position of game.positions()) match.position(position.view());
 * assert.ok(match.matched);
 * ```
 */
export class GameMatch {
  readonly #match: PositionMatch;
  /** Positions in a row matched each way (material). */
  #runs = [0, 0];
  /** The last position's ways, counted when a move follows it (material). */
  #pending = -1;
  /** Whether the game fed so far matches. */
  matched = false;

  /**
   * Makes a matcher for one pattern, used game after game.
   *
   * @param match The compiled pattern.
   */
  constructor(match: PositionMatch) {
    this.#match = match;
  }

  /** Forgets the game: the next position is a game's start. */
  start(): void {
    this.#runs[0] = this.#runs[1] = 0;
    this.#pending = -1;
    this.matched = false;
  }

  /**
   * The game's next position.
   *
   * @param record The position.
   */
  position(record: Pick<RecordView, "cells" | "turn">): void {
    if (this.matched) return;
    const ways = this.#match.ways(record);
    if (!this.#match.material) {
      this.matched = ways !== 0;
      return;
    }
    // A move followed the pending position: it counts now.
    const pending = this.#pending;
    this.#pending = ways;
    if (pending < 0) return;
    const runs = this.#runs;
    for (let k = 0; k < 2; k++) {
      runs[k] = (pending & (1 << k)) !== 0 ? runs[k] + 1 : 0;
      if (runs[k] >= MATERIAL_RUN) this.matched = true;
    }
  }
}

function placementTest(body: string): (cells: readonly number[]) => number {
  const ranks = body.split("/");
  if (ranks.length !== 8) {
    throw new MatchSyntaxError(
      `a placement pattern has 8 ranks, not ${ranks.length}`,
      0,
    );
  }
  let offset = 0;
  const compiled = ranks.map((rank) => {
    const pattern = rankPattern(rank, offset);
    offset += rank.length + 1;
    return pattern;
  });
  return (cells) => {
    for (let r = 0; r < 8; r++) {
      if (!rankMatches(compiled[r], 0, cells, r * 8)) return 0;
    }
    return 1;
  };
}

/** Whether squares `at..8` of a rank match the pattern from `p` (backtracking over `*`). */
function rankMatches(
  pattern: RankPattern,
  p: number,
  cells: readonly number[],
  row: number,
  at = 0,
): boolean {
  for (; p < pattern.length; p++) {
    const test = pattern[p];
    if (test === -1) {
      for (let skip = at; skip <= 8; skip++) {
        if (rankMatches(pattern, p + 1, cells, row, skip)) return true;
      }
      return false;
    }
    if (at >= 8 || test[cells[row + at]] !== 1) return false;
    at++;
  }
  return at === 8;
}

function rankPattern(rank: string, offset: number): RankPattern {
  const out: RankPattern = [];
  for (let i = 0; i < rank.length; i++) {
    const c = rank[i];
    if (c === "*") out.push(-1);
    else if (c >= "1" && c <= "8") {
      for (let k = 0; k < Number(c); k++) out.push(accepting(""));
    } else if (c === "[") {
      const end = rank.indexOf("]", i);
      if (end < 0) throw new MatchSyntaxError("a [ without its ]", offset + i);
      const inside = rank.slice(i + 1, end);
      const negated = inside.startsWith("^");
      const letters = expand(negated ? inside.slice(1) : inside, offset + i);
      out.push(
        negated ? accepting(WHITE + BLACK, letters, true) : accepting(letters),
      );
      i = end;
    } else out.push(accepting(expand(c, offset + i), "", false, c));
  }
  return out;
}

/** The piece letters a pattern letter stands for. */
function expand(letters: string, offset: number): string {
  let out = "";
  for (const c of letters) {
    if (c === "A") out += WHITE;
    else if (c === "a") out += BLACK;
    else if (c === "!") out += WHITE + BLACK;
    else if (c === "?") out += WHITE + BLACK + " ";
    else if ((WHITE + BLACK).includes(c)) out += c;
    else {
      throw new MatchSyntaxError(
        `${JSON.stringify(c)} is no piece letter or pattern character`,
        offset,
      );
    }
  }
  return out;
}

/** A square test accepting `letters` (a space: the empty square), or all but `except`. */
function accepting(
  letters: string,
  except = "",
  negate = false,
  _source = "",
): SquareTest {
  const test = new Uint8Array(128);
  if (negate) {
    for (const c of letters) if (!except.includes(c)) test[c.charCodeAt(0)] = 1;
    return test;
  }
  if (letters === "") test[0] = 1;
  for (const c of letters) test[c === " " ? 0 : c.charCodeAt(0)] = 1;
  return test;
}

function materialTest(body: string): (cells: readonly number[]) => number {
  const match = /^([KQRBNP]*)v([KQRBNP]*)$/i.exec(body);
  if (match === null) {
    throw new MatchSyntaxError(
      "a pattern is a placement with 8 ranks (pgn-extract's FENPattern) or material such as KRPvKR",
      0,
    );
  }
  const one = counts(match[1].toUpperCase()),
    two = counts(match[2].toUpperCase());
  const found = new Int32Array(12);
  return (cells) => {
    found.fill(0);
    for (let s = 0; s < 64; s++) {
      const c = cells[s];
      if (c !== 0) {
        const k = PIECE_INDEX[c];
        if (k >= 0) found[k]++;
      }
    }
    return (same(found, 0, one) && same(found, 6, two) ? 1 : 0) |
      (same(found, 0, two) && same(found, 6, one) ? 2 : 0);
  };
}

/** Counts of Q, R, B, N, P (kings are not counted: each side has one). */
function counts(side: string): number[] {
  return [..."QRBNP"].map((piece) =>
    [...side].filter((c) => c === piece).length
  );
}

function same(found: Int32Array, base: number, want: number[]): boolean {
  for (let k = 0; k < 5; k++) if (found[base + k] !== want[k]) return false;
  return true;
}

/** Char code to index in `found`: White Q R B N P 0-4, Black 6-10; kings -1. */
const PIECE_INDEX: Int8Array = /* @__PURE__ */ (() => {
  const table = new Int8Array(128).fill(-1);
  [..."QRBNP"].forEach((piece, k) => {
    table[piece.charCodeAt(0)] = k;
    table[piece.toLowerCase().charCodeAt(0)] = 6 + k;
  });
  return table;
})();

/**
 * What a game must show at its end to match a pattern anywhere, for a
 * database's prefilters (a count can only fall, a promotion aside, and a
 * pawn that left its home square never comes back).
 */
export interface MatchNeeds {
  /**
   * A material signature's counts of Q, R, B, N, P for its two sides (in
   * either colour order), or `null` for a placement.
   */
  readonly material: readonly [readonly number[], readonly number[]] | null;
  /**
   * A placement's home squares where it accepts no pawn of their side:
   * bit f for White's on the 2nd rank's file f, bit 8 + f for Black's on
   * the 7th. A game whose last position has a pawn there cannot match.
   */
  readonly noHomePawn: number;
}

/**
 * The needs of a pattern (see {@linkcode MatchNeeds}).
 *
 * @example
 * ```ts
 * import { matchNeeds } from "@fen/fen/match";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(matchNeeds("KRPvKR").material, [[0, 1, 0, 0, 1], [0, 1, 0, 0, 0]]);
 * // e2 empty, so White's e-pawn must have left
 * assert.equal(matchNeeds("*\/*\/*\/*\/*\/*\/PPPP1PPP\/*").noHomePawn, 1 << 4);
 * ```
 *
 * @param text The pattern, as {@linkcode compileMatch} reads it.
 * @returns What a matching game's end must show.
 * @throws {MatchSyntaxError} If it is no pattern.
 */
export function matchNeeds(text: string): MatchNeeds {
  compileMatch(text);
  const body = text.trim().replace(/\s+[wb]$/, "");
  if (!body.includes("/")) {
    const [, one, two] = /^([KQRBNP]*)v([KQRBNP]*)$/i.exec(body)!;
    return {
      material: [counts(one.toUpperCase()), counts(two.toUpperCase())],
      noHomePawn: 0,
    };
  }
  const ranks = body.split("/");
  let mask = 0;
  for (const [rank, pawn, shift] of [[6, "P", 0], [1, "p", 8]] as const) {
    const pattern = rankPattern(ranks[rank], 0);
    if (pattern.length !== 8 || pattern.includes(-1)) continue;
    pattern.forEach((test, file) => {
      if (test !== -1 && test[pawn.charCodeAt(0)] !== 1) {
        mask |= 1 << (shift + file);
      }
    });
  }
  return { material: null, noHomePawn: mask };
}
