/**
 * A chessboard as an SVG document: the classic `fen` shell script's
 * drawing, or a self-contained one that needs no font. The code lives in
 * `lib/svg/`; this module keeps the old path working.
 *
 * @module
 */

export * from "./svg/mod.ts";
