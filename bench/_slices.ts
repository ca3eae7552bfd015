// The corpus as the benches feed it: whole slices of SLICE records, and a
// cursor per bench entry so each call gets the next slice.

/** Records per slice: one bench iteration is one slice. */
export const SLICE = 1000;

/** The corpus cut into whole slices (a partial last slice is dropped). */
export function slices<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i + SLICE <= items.length; i += SLICE) {
    out.push(items.slice(i, i + SLICE));
  }
  return out;
}

/** A cursor of its own for one bench entry: the next slice on each call. */
export function rotating<T>(all: T[][]): () => T[] {
  let next = 0;
  return () => {
    const slice = all[next];
    next = next + 1 === all.length ? 0 : next + 1;
    return slice;
  };
}
