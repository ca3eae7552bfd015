/**
 * Chess FEN (Forsyth-Edwards Notation) for Deno: parse, validate and write
 * the six fields of a record (and EPD), read records in place from large
 * texts, tell a legal position from an impossible one, convert placements
 * to and from text grids, and draw boards as SVG. No dependencies.
 *
 * Each part is also its own entry point (`@fen/fen/fen`, `@fen/fen/grid`,
 * `@fen/fen/svg`, `@fen/fen/legality`, `@fen/fen/polyglot`,
 * `@fen/fen/unique`, `@fen/fen/repair`, ...), so a program that only parses
 * does not load the legality rules. The opening names (a 420 kB table) are
 * only in `@fen/fen/openings`.
 *
 * @example Parse, write back, draw as a grid
 * ```ts
 * import { fen2grid, parseFen, stringifyFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39");
 * assert.equal(position.fullmoveNumber, 39);
 * assert.equal(stringifyFen(position), "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39");
 * assert.equal(fen2grid("8/8/8/8/8/8/8/8", ".").split("\n").length, 8);
 * ```
 *
 * @module
 */

export * from "./lib/types.ts";
export * from "./lib/chess/variant_names.ts";
export * from "./lib/errors.ts";
export * from "./lib/fen/mod.ts";
export * from "./lib/fen/reader.ts";
export * from "./lib/fen/epd.ts";
export * from "./lib/fen/bytes.ts";
export * from "./lib/fen/grid.ts";
export * from "./lib/svg/css_color.ts";
export * from "./lib/legality/mod.ts";
export * from "./lib/moves/mod.ts";
export * from "./lib/pgn/mod.ts";
export * from "./lib/text/board_text.ts";
export * from "./lib/svg/mod.ts";
export * from "./lib/text/unicode.ts";
export * from "./lib/record_view.ts";
export * from "./lib/data/polyglot/mod.ts";
export * from "./lib/data/unique/mod.ts";
export * from "./lib/data/repair.ts";
export * from "./lib/data/epd_moves.ts";
export * from "./lib/moves/perft_divide.ts";
export * from "./lib/puzzle/themes.ts";
