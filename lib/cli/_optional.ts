// The command's optional parts, each loaded only when an option asks for it
// (the PNG and GIF renderers, the readers of text boards), and the one
// error that stops a run before its first record when one cannot load.

import type { PngRenderer } from "../png.ts";
import type { GifRun } from "./_gif_format.ts";
import type { Reading } from "./_sources.ts";
import { EXIT, type ExitCode } from "./exit.ts";
import { UsageError } from "./options.ts";
import { reason } from "./out_dir.ts";
import type { Settings } from "./settings.ts";

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
        reason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  try {
    return await load.create(module);
  } catch (error) {
    throw new Stop(
      `cannot load ${load.name}: ${reason(error)}`,
      EXIT.ioError,
    );
  }
}

/** The PNG renderer. */
export function loadPng(): Promise<PngRenderer> {
  return loadRenderer("png", {
    module: () => import("../png.ts"),
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
  const drawing = settings.format === "png" || settings.format === "gif"
    ? { ...settings.svg, style: "vector" as const }
    : settings.svg;
  const problem = checkSvgOptions(drawing);
  if (problem !== null) throw new UsageError(`cannot render SVG: ${problem}`);
  return renderSvg;
}
