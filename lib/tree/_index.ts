// Values by a 64-bit Polyglot key (two 32-bit halves): open addressing on
// the low half over typed arrays, so that a look-up boxes no number (a Map
// keyed by a 53-bit number hashes a heap number for each position).

const EMPTY = -1;

/** A map from (hi, lo) keys to values: see the comment at the top of the file. */
export class KeyIndex<T> {
  #hi = new Uint32Array(0);
  #lo = new Uint32Array(0);
  readonly #values: T[] = [];
  #slots = new Int32Array(0);
  #mask = 0;

  constructor() {
    this.#grow(1024);
  }

  /** The value of a key, or undefined. */
  get(hi: number, lo: number): T | undefined {
    const slots = this.#slots, mask = this.#mask;
    for (
      let slot = lo & mask, at: number;
      (at = slots[slot]) !== EMPTY;
      slot = (slot + 1) & mask
    ) {
      if (this.#lo[at] === lo && this.#hi[at] === hi) return this.#values[at];
    }
    return undefined;
  }

  /** Adds a key not in the index yet. */
  add(hi: number, lo: number, value: T): void {
    const at = this.#values.length;
    if (at === this.#hi.length) this.#grow(at * 2);
    this.#hi[at] = hi;
    this.#lo[at] = lo;
    this.#values.push(value);
    this.#place(at);
  }

  #place(at: number): void {
    const mask = this.#mask;
    let slot = this.#lo[at] & mask;
    while (this.#slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.#slots[slot] = at;
  }

  #grow(size: number): void {
    const hi = new Uint32Array(size), lo = new Uint32Array(size);
    hi.set(this.#hi);
    lo.set(this.#lo);
    this.#hi = hi;
    this.#lo = lo;
    // Twice as many slots as keys: probes stay short.
    this.#slots = new Int32Array(size * 2).fill(EMPTY);
    this.#mask = size * 2 - 1;
    for (let at = 0; at < this.#values.length; at++) this.#place(at);
  }
}
