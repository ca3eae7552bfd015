/**
 * What a run of `fen puzzles` is asked to do: the settings its front end
 * makes and the generator, the rows and the CSV reader read.
 *
 * @module
 */

import type { SearchLimit } from "../engine/uci.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import type { PuzzleFilter } from "./filter.ts";
import type { PuzzleLine } from "./puzzle.ts";
import type { PuzzleFormat } from "./rows.ts";

/** What a run of `fen puzzles` was asked to do. */
export interface PuzzlesSettings {
  inputs: string[];
  /** Games to find puzzles in, or lichess's puzzle CSV to filter. */
  from: "pgn" | "puzzles";
  format: PuzzleFormat;
  /** The folder of a sheet's pictures (`--out-dir`), or `null`. */
  outDir: string | null;
  /** The sheet's look: the picture options, over `fen md`'s defaults. */
  look: RenderSvgOptions;
  engine: string | null;
  engineOptions: [string, string][];
  /** Each search's limit, the analysis's and the generator's. */
  limit: SearchLimit;
  jobs: number;
  timeoutMs: number;
  cache: string | null;
  filter: PuzzleFilter;
  /** The theme tagger, or `null` (the Themes column left empty). */
  themes: ((line: PuzzleLine) => readonly string[]) | null;
}
