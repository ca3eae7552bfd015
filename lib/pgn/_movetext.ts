// What a symbol of movetext is (a result, an annotation, a move number, an
// `e.p.`, a promotion waiting for its `(Q)`, else a move), and the move
// records made of the moves: the reader's, and the walker's stand-in.

import { CODE, type CodedMove } from "./_replay.ts";
import type { PgnMove, PgnResult } from "./game.ts";

const RESULTS: ReadonlySet<string> = new Set(["1-0", "0-1", "1/2-1/2", "*"]);

/** Suffix annotations and the NAGs the standard gives them (section 8.2.7). */
const SUFFIX_NAGS: Readonly<Record<string, number>> = {
  "!": 1,
  "?": 2,
  "!!": 3,
  "??": 4,
  "!?": 5,
  "?!": 6,
};
const SUFFIX = /[!?]{1,2}$/;
/** Annotation marks at the end of a move, which are not part of its SAN. */
const ANNOTATION = /[!?]+$/;

/** A pawn move to a back rank with no piece named: `e8(Q)` may follow. */
const BARE_PROMOTION = /^[a-h](?:x?[a-h])?[18]$/;
const PROMOTION_PIECE = /^[QRBNqrbn]$/;
const MOVE_NUMBER = /^(?:\d+|\.+)$/;

const EMPTY: readonly never[] = Object.freeze([]);

/** The result a symbol is, or null. */
export function resultOf(text: string): PgnResult | null {
  const first = text.charCodeAt(0);
  // Results start with a digit or are "*": most symbols are tested no further.
  return (first <= 57 || first === 42) && RESULTS.has(text)
    ? text as PgnResult
    : null;
}

/**
 * The NAG of a symbol that is a suffix annotation (`!?`), or undefined: the
 * numbers the PGN standard gives them (section 8.2.7), which the reader
 * stores in `PgnMove.nags` and `stringifyPgn` writes as
 * `$n`. For a game made by hand from moves written with their marks.
 *
 * @example Marks and their NAGs
 * ```ts
 * import { annotationNag } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * assert.equal(annotationNag("!?"), 5);
 * assert.equal(annotationNag("??"), 4);
 * assert.equal(annotationNag("+"), undefined);
 * ```
 *
 * @param text The symbol: `!`, `?`, `!!`, `??`, `!?` or `?!`.
 * @returns Its NAG, or undefined for any other symbol.
 */
export function annotationNag(text: string): number | undefined {
  const first = text.charCodeAt(0);
  return first === 33 || first === 63 ? SUFFIX_NAGS[text] : undefined;
}

/** Whether a symbol is a move number cut from its dot (`1 .`, `1`). */
export function isMoveNumber(text: string): boolean {
  // Digits and dots are below "9"; moves start with a letter.
  return text.charCodeAt(0) <= 57 && MOVE_NUMBER.test(text);
}

/** Whether a symbol is `e.p.` after an en-passant capture. */
export function isEnPassantMark(text: string): boolean {
  return text === "e.p." || text === "ep";
}

/** Whether a symbol is a pawn move to a back rank that names no piece. */
export function isBarePromotion(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return (last === 49 || last === 56) && text.length <= 4 &&
    BARE_PROMOTION.test(text);
}

/** Whether a symbol is the piece of `e8(Q)`. */
export function isPromotionPiece(text: string): boolean {
  return PROMOTION_PIECE.test(text);
}

/** A move's text without the annotation marks after it. */
export function withoutAnnotation(text: string): string {
  return text.replace(ANNOTATION, "");
}

/** The record of a move read, with the NAG of its suffix annotation. */
export function readMove(
  text: string,
  { san, uci, code }: { san: string; uci: string; code: number },
): PgnMove & CodedMove {
  const last = text.charCodeAt(text.length - 1);
  const nag = last === 33 || last === 63
    ? SUFFIX_NAGS[SUFFIX.exec(text)?.[0] ?? ""]
    : undefined;
  return {
    san,
    uci,
    comments: EMPTY,
    nags: nag === undefined ? EMPTY : [nag],
    variations: EMPTY,
    clock: null,
    emt: null,
    eval: null,
    shapes: EMPTY,
    [CODE]: code,
  };
}

/** A line of moves with nothing in it yet. */
export function emptyLine(): { comments: readonly never[]; moves: [] } {
  return { comments: EMPTY, moves: [] };
}

/**
 * What a walker keeps of a move it has played: that there is one (for the
 * NAG, comment and variation rules), and nothing else. Never written to.
 */
export const PLAYED: PgnMove = Object.freeze({
  san: "",
  uci: "",
  comments: EMPTY,
  nags: EMPTY,
  variations: EMPTY,
  clock: null,
  emt: null,
  eval: null,
  shapes: EMPTY,
});
