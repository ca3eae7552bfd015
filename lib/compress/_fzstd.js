// @ts-self-types="./_fzstd.d.ts"
// Loads fzstd (npm, MIT), the pure-JS zstd decoder, on first use: it decodes
// the frames too large to decode whole, and what precedes a fault. The
// specifier is held in a variable so that no module graph reaches npm: a
// run that reads no such frame never downloads or resolves the package
// (see ../_resvg_wasm.js).

const FZSTD = "npm:fzstd@0.1.1";

// The loaded module of the process, kept as the first call's promise (and
// dropped again if it fails, so that a later call can retry).
let loading = null;

export function loadFzstd() {
  loading ??= import(FZSTD).catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}
