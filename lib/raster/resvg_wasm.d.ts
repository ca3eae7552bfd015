/** Turns an SVG document into PNG bytes, at the document's own size. */
export type SvgToPng = (svg: string) => Uint8Array;

/**
 * Loads and initializes resvg once per process; later calls share it.
 *
 * @returns The rasterizer.
 */
export function loadResvg(): Promise<SvgToPng>;

/** An image's size and its pixels, 4 bytes (RGBA, not premultiplied) each. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Turns an SVG document into pixels, at the document's own size. */
export type SvgToPixels = (svg: string) => Raster;

/**
 * Loads resvg as {@linkcode loadResvg} does (sharing its one instance) and
 * returns a rasterizer that gives pixels instead of PNG bytes.
 *
 * @returns The rasterizer.
 */
export function loadResvgPixels(): Promise<SvgToPixels>;
