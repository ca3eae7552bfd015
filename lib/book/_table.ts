// The count table `polyglot make-book` keeps, with its rules exactly: one
// entry per (position key, move) in the order each was first seen, a game
// count `n` and a score `sum` (2 a win, 1 a draw or an unknown result, 0 a
// loss, for the side that moved), both halved for every move of a position
// as soon as one of its moves reaches 16,384 games; then the filter
// (min-game, min-score, one colour, no zero weight) and the order (key, then
// weight from high to low, then first seen). Entries live in typed arrays
// (23 bytes each) with an open-addressing index on the key's low bits.

/** Where polyglot halves a position's counts (its COUNT_MAX). */
export const COUNT_MAX = 16384;

/** What of a table's entries is kept, and how they are weighed. */
export interface TableFilter {
  minGame: number;
  /** A fraction from 0 to 1, as polyglot divides its percent by 100. */
  minScore: number;
  /** 0 both colours, 1 only White's moves, 2 only Black's. */
  only: 0 | 1 | 2;
  uniform: boolean;
}

const NIL = -1;

/** Polyglot's count table: see the comment at the top of the file. */
export class CountTable {
  size = 0;
  #alloc = 0;
  #mask = 0;
  hi = new Uint32Array(0);
  lo = new Uint32Array(0);
  move = new Uint16Array(0);
  n = new Uint16Array(0);
  sum = new Uint16Array(0);
  /** 0 White to move, 1 Black. */
  colour = new Uint8Array(0);
  #index = new Int32Array(0);

  constructor(alloc = 1024) {
    this.#grow(alloc);
  }

  /** Whether the table holds `limit` entries or more. */
  full(limit: number): boolean {
    return this.size >= limit;
  }

  /** Counts one move: `score` 2 a win, 1 a draw, 0 a loss for the mover. */
  add(
    hi: number,
    lo: number,
    move: number,
    score: number,
    colour: number,
  ): void {
    const pos = this.#find(hi, lo, move, colour);
    const n = ++this.n[pos];
    this.sum[pos] += score;
    if (n >= COUNT_MAX) this.#halve(hi, lo);
  }

  /** Puts an entry as a spilled table left it (its counts as they were). */
  restore(
    hi: number,
    lo: number,
    move: number,
    counts: { n: number; sum: number; colour: number },
  ): void {
    const pos = this.#find(hi, lo, move, counts.colour);
    this.n[pos] = counts.n;
    this.sum[pos] = counts.sum;
  }

  /** The entry of (key, move), made at the end if new. */
  #find(hi: number, lo: number, move: number, colour: number): number {
    const index = this.#index, mask = this.#mask;
    let slot = lo & mask;
    for (
      let pos: number;
      (pos = index[slot]) !== NIL;
      slot = (slot + 1) & mask
    ) {
      if (
        this.lo[pos] === lo && this.hi[pos] === hi && this.move[pos] === move
      ) {
        return pos;
      }
    }
    if (this.size === this.#alloc) {
      this.#grow(this.#alloc * 2);
      slot = lo & this.#mask;
      while (this.#index[slot] !== NIL) slot = (slot + 1) & this.#mask;
    }
    const pos = this.size++;
    this.hi[pos] = hi;
    this.lo[pos] = lo;
    this.move[pos] = move;
    this.n[pos] = 0;
    this.sum[pos] = 0;
    this.colour[pos] = colour;
    this.#index[slot] = pos;
    return pos;
  }

  /** Halves the counts of every move of a position, rounding up. */
  #halve(hi: number, lo: number): void {
    const index = this.#index, mask = this.#mask;
    for (
      let slot = lo & mask, pos: number;
      (pos = index[slot]) !== NIL;
      slot = (slot + 1) & mask
    ) {
      if (this.lo[pos] === lo && this.hi[pos] === hi) {
        this.n[pos] = (this.n[pos] + 1) >> 1;
        this.sum[pos] = (this.sum[pos] + 1) >> 1;
      }
    }
  }

  #grow(alloc: number): void {
    const size = this.size;
    this.hi = grown(this.hi, new Uint32Array(alloc), size);
    this.lo = grown(this.lo, new Uint32Array(alloc), size);
    this.move = grown(this.move, new Uint16Array(alloc), size);
    this.n = grown(this.n, new Uint16Array(alloc), size);
    this.sum = grown(this.sum, new Uint16Array(alloc), size);
    this.colour = grown(this.colour, new Uint8Array(alloc), size);
    this.#alloc = alloc;
    this.#mask = alloc * 2 - 1;
    const index = new Int32Array(alloc * 2).fill(NIL);
    const mask = this.#mask;
    for (let pos = 0; pos < size; pos++) {
      let slot = this.lo[pos] & mask;
      while (index[slot] !== NIL) slot = (slot + 1) & mask;
      index[slot] = pos;
    }
    this.#index = index;
  }

  /**
   * The entries polyglot writes, in its order: the kept ones (its
   * keep_entry), by key, then weight from high to low, then first seen
   * (glibc's qsort is a merge sort, stable, on these sizes).
   */
  sorted(filter: TableFilter): { order: Uint32Array; weight: Uint16Array } {
    const weight = new Uint16Array(this.size);
    const kept: number[] = [];
    for (let pos = 0; pos < this.size; pos++) {
      const w = this.#keep(pos, filter);
      if (w > 0) {
        weight[pos] = w;
        kept.push(pos);
      }
    }
    const hi = this.hi, lo = this.lo;
    kept.sort((a, b) =>
      hi[a] !== hi[b]
        ? hi[a] - hi[b]
        : lo[a] !== lo[b]
        ? lo[a] - lo[b]
        : weight[b] - weight[a] || a - b
    );
    return { order: Uint32Array.from(kept), weight };
  }

  /** The weight polyglot writes for an entry, or 0 when it drops it. */
  #keep(pos: number, filter: TableFilter): number {
    const n = this.n[pos], sum = this.sum[pos];
    if (n < filter.minGame || sum === 0) return 0;
    if (sum / n / 2 < filter.minScore) return 0;
    const colour = this.colour[pos];
    if (
      (filter.only === 1 && colour === 1) || (filter.only === 2 && colour === 0)
    ) {
      return 0;
    }
    return filter.uniform ? 1 : sum;
  }

  /** Empties the table, keeping its storage. */
  clear(): void {
    this.size = 0;
    this.#index.fill(NIL);
  }
}

function grown<T extends Uint32Array | Uint16Array | Uint8Array>(
  old: T,
  fresh: T,
  size: number,
): T {
  fresh.set(old.subarray(0, size) as never);
  return fresh;
}
