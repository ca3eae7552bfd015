// The chart as PNG, through the rasterizer the PNG boards use (loaded
// only for --graph-format png). The rasterizer is given no fonts, so the
// PNG has no caption: the SVG chart has it.

import { loadResvg } from "../_resvg_wasm.js";

/** The PNG of an SVG chart. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  return (await loadResvg())(svg);
}
