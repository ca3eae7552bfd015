/**
 * Polyglot opening books: made from games as `polyglot make-book` makes
 * them ({@linkcode BookMaker}), probed ({@linkcode PolyglotBook}), merged
 * and dumped, and the format's 16-byte entries read and written.
 *
 * @module
 */

export * from "../types.ts";
export * from "./entry.ts";
export * from "./make.ts";
export * from "./probe.ts";
export * from "./merge.ts";
export * from "./dump.ts";
