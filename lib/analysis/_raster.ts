// The chart as PNG, through the rasterizer the PNG boards use (loaded
// only for --graph-format png). The rasterizer is given no fonts, so the
// PNG has no caption: the SVG chart has it.

import type { SvgToPng } from "../raster/resvg_wasm.d.ts";

/**
 * The rasterizer's module, named at run time so that a bundle of the
 * command leaves it out (as it leaves out the PNG boards): there it is
 * missing, and --graph-format png says so.
 */
const RASTERIZER = "../raster/resvg_wasm.js";

/** The PNG of an SVG chart. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  let load: () => Promise<SvgToPng>;
  try {
    load = (await import(RASTERIZER)).loadResvg;
  } catch {
    throw new Error(
      "--graph-format png needs the rasterizer, which this build of fen leaves out (run cli.ts from the source, or use --graph-format svg)",
    );
  }
  return (await load())(svg);
}
