/** fzstd's streaming decoder: `push` hands decoded bytes to `ondata`, and throws at a fault. */
export interface FzstdDecompress {
  push(chunk: Uint8Array, final?: boolean): void;
}

/** The part of fzstd used here. */
export interface Fzstd {
  Decompress: new (ondata: (data: Uint8Array) => void) => FzstdDecompress;
}

/** fzstd, loaded once per process. */
export function loadFzstd(): Promise<Fzstd>;
