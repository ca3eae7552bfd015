// The libraries a run may need, each loaded only when asked for: a format
// names its own (`needs` in the formats registry) and gets them typed; the
// readers of text boards serve `--from grid`. Also the one error that stops
// a run before its first record when a library cannot load.

import type { PngRenderer } from "../raster/png.ts";
import type { PolyglotHasher } from "../data/polyglot/mod.ts";
import type { GifRun } from "./format_gif.ts";
import { GameOpening } from "./format_data.ts";
import type { Libraries, LibraryName } from "./format_libraries.ts";
import { formatNeeds } from "./format_registry.ts";
import { FORMAT_TABLE } from "./format_table.ts";
import type { Reading } from "./source_text.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { osReason } from "../program/messages.ts";
import type { Settings } from "./option_settings.ts";

/** What a loader has to go on: the settings, and the run's openings. */
export interface LoadContext {
  settings: Settings;
  /** The run's one tracker of openings (the PGN source feeds it too). */
  openings: GameOpening | null;
}

const LOADERS: {
  readonly [K in LibraryName]: (context: LoadContext) => Promise<Libraries[K]>;
} = {
  draw: ({ settings }) => loadDrawing(settings),
  png: async ({ settings }) => {
    await loadDrawing(settings); // the options, checked as the vector drawing
    return loadPng();
  },
  gif: async ({ settings }) => {
    await loadDrawing(settings);
    return loadGif(settings);
  },
  pgn: () => import("../pgn/mod.ts"),
  keys: () => loadKeys(),
  keysIfAsked: ({ settings }) =>
    settings.data.jsonFields.key ? loadKeys() : Promise.resolve(null),
  openings: async ({ openings }) =>
    openings ??
      new GameOpening((await import("../data/openings/mod.ts")).openingOf),
  openingsIfAsked: ({ openings }) => Promise.resolve(openings),
};

async function loadKeys(): Promise<PolyglotHasher> {
  return new (await import("../data/polyglot/mod.ts")).PolyglotHasher();
}

/** Loads the libraries `needs` names, before the first record. */
export async function loadLibraries<N extends LibraryName>(
  needs: readonly N[],
  context: LoadContext,
): Promise<Pick<Libraries, N>> {
  const loaded = [];
  for (const name of needs) loaded.push([name, await LOADERS[name](context)]);
  // Each entry is its name's loader's result: the one place the type is
  // put together.
  return Object.fromEntries(loaded) as Pick<Libraries, N>;
}

/**
 * The run's tracker of openings (`--format opening`, JSON with
 * `--opening`), or `null`: one object, which a PGN source feeds with a
 * game's positions and the formats read.
 */
export async function loadOpenings(
  settings: Settings,
): Promise<GameOpening | null> {
  if (!formatNeeds(settings.format, "openings") && !settings.data.opening) {
    return null;
  }
  return new GameOpening((await import("../data/openings/mod.ts")).openingOf);
}

/** A run that cannot go on: its message and exit code. */
export class Stop extends Error {
  constructor(message: string, readonly code: ExitCode) {
    super(message);
    this.name = "Stop";
  }
}

/**
 * A rasterizing renderer: its module (which the one-file bundle leaves out,
 * since esbuild cannot bundle its WebAssembly, so the message says where it
 * works), then the renderer made from it (which loads npm packages).
 */
async function loadRenderer<M, R>(
  format: "png" | "gif",
  load: {
    module: () => Promise<M>;
    create: (module: M) => Promise<R>;
    /** What could not load, as the message names it. */
    name: string;
  },
): Promise<R> {
  let module: M;
  try {
    module = await load.module();
  } catch (error) {
    throw new Stop(
      `--format ${format} needs the rasterizer, which this build of fen leaves out: run cli.ts or the compiled binary (${
        osReason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  try {
    return await load.create(module);
  } catch (error) {
    throw new Stop(
      `cannot load ${load.name}: ${osReason(error)}`,
      EXIT.ioError,
    );
  }
}

/** The PNG renderer. */
export function loadPng(): Promise<PngRenderer> {
  return loadRenderer("png", {
    module: () => import("../raster/png.ts"),
    create: (png) => png.createPngRenderer(),
    name: "the PNG rasterizer (npm:@resvg/resvg-wasm)",
  });
}

/** The GIF renderer, with the run's GIF settings. */
export function loadGif(settings: Settings): Promise<GifRun> {
  return loadRenderer("gif", {
    module: () => import("../gif/mod.ts"),
    create: async (gif) => ({
      renderer: await gif.createGifRenderer(),
      white: settings.gif.white,
      black: settings.gif.black,
      delay: settings.gif.delay,
      frames: gif.gameFrames,
      player: gif.gamePlayer,
    }),
    name: "the GIF renderer",
  });
}

/** Readers of text boards for `--from grid`, with the `--empty` mark. */
export async function boardReaders(
  settings: Settings,
): Promise<Reading["boards"]> {
  const { BoardTextReader } = await import("../text/board_text.ts");
  const options = settings.emptyGiven ? { empty: settings.empty } : {};
  return () => new BoardTextReader(options);
}

/**
 * The SVG drawing, with the run's diagram options checked first (PNG and
 * GIF are always the vector drawing, so their options are checked as such).
 * Loaded only for diagrams: the piece and glyph outlines are most of the
 * command's code.
 */
export async function loadDrawing(
  settings: Settings,
): Promise<typeof import("../svg/mod.ts").renderSvg> {
  const { checkSvgOptions, renderSvg } = await import("../svg/mod.ts");
  const raster = FORMAT_TABLE[settings.format].raster === true;
  const drawing = raster
    ? { ...settings.svg, style: "vector" as const }
    : settings.svg;
  let problem = checkSvgOptions(drawing);
  if (problem === null && formatNeeds(settings.format, "gif")) {
    const { style: _, accessible: __, badge: ___, ...look } = drawing;
    problem = (await import("../gif/mod.ts")).checkGifOptions(look);
  }
  if (problem !== null) {
    const kind = raster ? settings.format.toUpperCase() : "SVG";
    throw new UsageError(`cannot render ${kind}: ${problem}`);
  }
  return renderSvg;
}
