// @ts-self-types="./gifenc.d.ts"
// Loads gifenc (npm, MIT) on first use: its palette quantizer (PnnQuant)
// and its LZW encoder. The specifiers are held in a variable so that no
// module graph reaches npm: a command that makes no GIF never downloads or
// resolves the package (see resvg_wasm.js). gifenc's frame writer cannot
// place a frame at an offset, which animated frames need, so _writer.ts
// writes the file's blocks and takes only the LZW coder from here.

const GIFENC = "npm:gifenc@1.0.3";

// The loaded modules of the process, kept as the first call's promise (and
// dropped again if it fails, so that a later call can retry).
let loading = null;

export function loadGifenc() {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load() {
  // The package's ES modules (its main file is CommonJS).
  const [quantize, palettize, lzw, stream] = await Promise.all([
    import(`${GIFENC}/src/pnnquant2.js`),
    import(`${GIFENC}/src/palettize.js`),
    import(`${GIFENC}/src/lzwEncode.js`),
    import(`${GIFENC}/src/stream.js`),
  ]);
  return {
    quantize: quantize.default,
    applyPalette: palettize.applyPalette,
    lzwEncode: lzw.default,
    createStream: stream.default,
  };
}
