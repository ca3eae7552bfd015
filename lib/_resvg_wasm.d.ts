/** Turns an SVG document into PNG bytes, at the document's own size. */
export type SvgToPng = (svg: string) => Uint8Array;

/**
 * Loads and initializes resvg once per process; later calls share it.
 *
 * @returns The rasterizer.
 */
export function loadResvg(): Promise<SvgToPng>;
