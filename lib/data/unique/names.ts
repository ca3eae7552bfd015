// The names of the dedupe levels and record kinds, apart from the code that
// uses them: the command's option table lists them as choices and is loaded
// by the one-shot diagram, which must not load the chess rules.

/**
 * The dedupe levels, from the strictest to the loosest:
 *
 * | level      | two records are the same when they have the same ...                    |
 * | ---------- | ----------------------------------------------------------------------- |
 * | `record`   | six fields                                                              |
 * | `epd`      | four fields: the counters do not count                                  |
 * | `position` | four fields, an en-passant square counting only when a pawn of the side to move stands beside the pushed pawn (as the Polyglot key counts it) |
 * | `castling` | placement, side to move and castling rights                             |
 * | `side`     | placement and side to move                                              |
 * | `board`    | placement                                                               |
 *
 * @example The strictest level first
 * ```ts
 * import { POSITION_KEY_LEVELS } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * assert.equal(POSITION_KEY_LEVELS[0], "record");
 * assert.equal(POSITION_KEY_LEVELS.length, 6);
 * ```
 */
export const POSITION_KEY_LEVELS = [
  "record",
  "epd",
  "position",
  "castling",
  "side",
  "board",
] as const;

/**
 * The kinds of record `--only` selects and `--stats` counts. A record is
 * `invalid` (not FEN), or `legal` or `illegal`; a legal record may also be
 * `check`, `checkmate` (also a check) or `stalemate`.
 *
 * @example The kinds in order
 * ```ts
 * import { RECORD_KINDS } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(RECORD_KINDS.slice(0, 3), ["invalid", "legal", "illegal"]);
 * ```
 */
export const RECORD_KINDS = [
  "invalid",
  "legal",
  "illegal",
  "check",
  "checkmate",
  "stalemate",
] as const;
