// What formats write with, by the names their `needs` give: the types
// alone, apart from their loaders (libraries.ts), so that the formats
// registry names them without importing the run's settings.

import type { PngRenderer } from "../raster/png.ts";
import type { PolyglotHasher } from "../data/polyglot/mod.ts";
import type { renderSvg } from "../svg/mod.ts";
import type { GifRun } from "./format_gif.ts";
import type { GameOpening } from "./format_data.ts";

/** What formats of games use of the PGN library. */
export type PgnModule = Pick<
  typeof import("../pgn/mod.ts"),
  "stringifyPgn" | "PgnGame"
>;

/** What formats write with, by the names their `needs` give. */
export interface Libraries {
  /** The SVG drawing (its options checked first). */
  draw: typeof renderSvg;
  /** The PNG renderer. */
  png: PngRenderer;
  /** The GIF renderer, with the run's GIF settings. */
  gif: GifRun;
  /** The PGN library, for formats that write games. */
  pgn: PgnModule;
  /** Polyglot keys. */
  keys: PolyglotHasher;
  /** The same, or `null` unless `--json-fields` asks JSON for them. */
  keysIfAsked: PolyglotHasher | null;
  /** The opening of a record (a game's, as it goes). */
  openings: GameOpening;
  /** The same, or `null` unless `--opening` asks JSON for it. */
  openingsIfAsked: GameOpening | null;
}

/** The name of a library a format may need. */
export type LibraryName = keyof Libraries;
