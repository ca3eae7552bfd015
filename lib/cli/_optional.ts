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
 * The PNG renderer. The one-file bundle leaves the rasterizer out (esbuild
 * cannot bundle its WebAssembly import), so it says where PNG works.
 */
export async function loadPng(): Promise<PngRenderer> {
  let png: typeof import("../png.ts");
  try {
    png = await import("../png.ts");
  } catch (error) {
    throw new Stop(
      `--format png needs the rasterizer, which this build of fen leaves out: run cli.ts or the compiled binary (${
        reason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  try {
    return await png.createPngRenderer();
  } catch (error) {
    throw new Stop(
      `cannot load the PNG rasterizer (npm:@resvg/resvg-wasm): ${
        reason(error)
      }`,
      EXIT.ioError,
    );
  }
}

/** The GIF renderer, like PNG's: left out of the bundle, said so. */
export async function loadGif(settings: Settings): Promise<GifRun> {
  let gif: typeof import("../gif/mod.ts");
  try {
    gif = await import("../gif/mod.ts");
  } catch (error) {
    throw new Stop(
      `--format gif needs the rasterizer, which this build of fen leaves out: run cli.ts or the compiled binary (${
        reason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  let renderer;
  try {
    renderer = await gif.createGifRenderer();
  } catch (error) {
    throw new Stop(
      `cannot load the GIF renderer: ${reason(error)}`,
      EXIT.ioError,
    );
  }
  return {
    renderer,
    white: settings.gif.white,
    black: settings.gif.black,
    delay: settings.gif.delay,
    frames: gif.gameFrames,
    player: gif.gamePlayer,
  };
}

/** Readers of text boards for `--from grid`, with the `--empty` mark. */
export async function boardReaders(
  settings: Settings,
): Promise<Reading["boards"]> {
  const { BoardTextReader } = await import("../board_text.ts");
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
