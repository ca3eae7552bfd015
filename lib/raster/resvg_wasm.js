// @ts-self-types="./resvg_wasm.d.ts"
// Loads resvg (npm @resvg/resvg-wasm, MPL-2.0) on first use. This file is
// JavaScript because TypeScript cannot parse a source-phase import yet; its
// types are in resvg_wasm.d.ts. The specifiers are held in a variable so
// that no module graph reaches npm: a command that makes no PNG never
// downloads, resolves or compiles the Wasm. `import.source` compiles it from
// the module cache without any permission.

const RESVG = "npm:@resvg/resvg-wasm@2.6.2";

// The one Wasm instance of the process: wasm-bindgen's glue can be
// initialized only once, so the first call's promise is kept (and dropped
// again if it fails, so that a later call can retry); so are the two
// rasterizers made from it.
let loading = null;

let toPng = null;
let toPixels = null;

export function loadResvg() {
  toPng ??= loadRaster().then(
    (render) => (svg) => render(svg, (image) => image.asPng()),
    (error) => {
      toPng = null;
      throw error;
    },
  );
  return toPng;
}

// The same, but the image's RGBA pixels (the GIF's sprites are cut from them).
export function loadResvgPixels() {
  toPixels ??= loadRaster().then(
    (render) => (svg) =>
      render(svg, (image) => ({
        width: image.width,
        height: image.height,
        pixels: image.pixels,
      })),
    (error) => {
      toPixels = null;
      throw error;
    },
  );
  return toPixels;
}

function loadRaster() {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load() {
  const { initWasm, Resvg } = await import(RESVG);
  await initWasm(await import.source(`${RESVG}/index_bg.wasm`));
  return (svg, take) => {
    const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
    try {
      const image = resvg.render();
      try {
        return take(image);
      } finally {
        image.free();
      }
    } finally {
      resvg.free();
    }
  };
}
