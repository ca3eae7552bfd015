// A seeded generator for tests that draw many cases: the same cases every
// run, so a failure names one that comes back.

/** A generator of whole numbers below `n`, the same every run for `seed`. */
export function randomOf(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}
