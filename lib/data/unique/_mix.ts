// The finalizer both hashes of this folder end with.

/** MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
export function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
