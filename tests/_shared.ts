// What several test files and benches share, written once: the seeded PRNG
// and the published perft table.

/** mulberry32: a small seeded 32-bit PRNG, floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One position of tests/testdata/perft.json and its published counts. */
export interface PerftEntry {
  name: string;
  /** Where the counts were published. */
  source?: string;
  chess960?: boolean;
  fen: string;
  /** Leaf nodes by depth. */
  perft: Record<string, number>;
}

/** The published perft table (tests/testdata/perft.json). */
export const PERFT: readonly PerftEntry[] = JSON.parse(
  await Deno.readTextFile(new URL("testdata/perft.json", import.meta.url)),
);
