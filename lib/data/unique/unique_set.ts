// A set of keys in fixed memory: 64-bit hashes in one open-addressing
// table allocated up front, so deduplicating a stream of any length never
// grows, and the bound and its cost are stated rather than discovered.

import { avalanche } from "./_mix.ts";

/** The default {@linkcode UniqueSetOptions.capacity}: 4,194,304 keys. */
const DEFAULT_CAPACITY = 1 << 22;
/** The most {@linkcode UniqueSetOptions.capacity} can be: 2 ** 28 keys (4 GiB). */
const MAX_CAPACITY = 1 << 28;

/**
 * Options for {@linkcode UniqueSet}.
 *
 * @example A small set
 * ```ts
 * import { UniqueSet, type UniqueSetOptions } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const options: UniqueSetOptions = { capacity: 1000 };
 * assert.equal(new UniqueSet(options).capacity, 1024);
 * ```
 */
export interface UniqueSetOptions {
  /**
   * Keys the set remembers at most, rounded up to a power of two (at
   * least 1,024, at most 2 ** 28). The table takes 16 bytes per key of
   * capacity, allocated at once: 64 MiB for the default 4,194,304.
   */
  capacity?: number;
}

/**
 * The 64-bit hash of `bytes` into `out[0]` (high) and `out[1]` (low), as
 * {@linkcode UniqueSet} hashes keys: two 32-bit multiplicative lanes over
 * the bytes, each finished with MurmurHash3's avalanche and mixed into the
 * other. Not cryptographic.
 *
 * @example Equal bytes, equal hashes
 * ```ts
 * import { hashKeyBytes } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode("8/8/8/8/8/8/8/8 w");
 * const a = new Uint32Array(2);
 * const b = new Uint32Array(2);
 * hashKeyBytes(bytes, a);
 * hashKeyBytes(bytes.subarray(0, 15), b);
 * assert.notDeepEqual([...a], [...b]);
 * hashKeyBytes(bytes.slice(), b);
 * assert.deepEqual([...a], [...b]);
 * ```
 *
 * @param bytes The key's bytes.
 * @param out Receives the two halves.
 */
export function hashKeyBytes(bytes: Uint8Array, out: Uint32Array): void {
  hashInto(bytes, bytes.length, out);
}

// Three positional arguments: called once per key, where an options object
// would be an allocation per record.
function hashInto(bytes: Uint8Array, end: number, out: Uint32Array): void {
  let h1 = 0x811c9dc5 ^ end;
  let h2 = 0x9747b28c;
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    h1 = Math.imul(h1 ^ b, 0x01000193);
    h2 = Math.imul(h2 ^ b, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = avalanche(h1 ^ Math.imul(h2, 0x27d4eb2f));
  h2 = avalanche(h2 ^ h1);
  out[0] = h1 >>> 0;
  out[1] = h2 >>> 0;
}

/**
 * Which keys a stream has seen, in memory fixed when the set is made: a
 * table of 64-bit hashes (open addressing, at most half full).
 *
 * - **Memory**: 16 bytes per key of {@linkcode UniqueSet.capacity},
 *   allocated at once, never grown.
 * - **False positives**: two different keys with the same 64-bit hash make
 *   the second look seen. For `n` keys the chance that any pair collides is
 *   about `n * n / 2 ** 65`: 1 in 3.7 million for a million keys, 1 in 37
 *   for a billion (beyond any capacity).
 * - **Beyond the capacity**: a key not seen before is still reported new
 *   (`add` returns `true`) but not remembered, and
 *   {@linkcode UniqueSet.overflow} counts it: a later duplicate of it passes
 *   as new. Nothing is dropped silently: a caller reports `overflow > 0`.
 *
 * @example Keeping the first occurrence
 * ```ts
 * import { UniqueSet } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const set = new UniqueSet({ capacity: 1024 });
 * const encoder = new TextEncoder();
 * const seen = ["a", "b", "a"].map((text) => {
 *   const bytes = encoder.encode(text);
 *   return set.add(bytes, bytes.length);
 * });
 * assert.deepEqual(seen, [true, true, false]);
 * assert.equal(set.size, 2);
 * ```
 */
export class UniqueSet {
  /** Keys the set remembers at most. */
  readonly capacity: number;
  // slot k's two halves side by side ([2k] high, [2k + 1] low): a probe
  // reads one cache line, not one in each of two arrays
  readonly #slots: Uint32Array;
  readonly #mask: number;
  readonly #hash: Uint32Array = new Uint32Array(2);
  #size = 0;
  #overflow = 0;

  /**
   * An empty set.
   *
   * @param options The capacity.
   * @throws {RangeError} If `capacity` is not a positive integer up to 2 ** 28.
   */
  constructor(options: UniqueSetOptions = {}) {
    const wanted = options.capacity ?? DEFAULT_CAPACITY;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_CAPACITY) {
      throw new RangeError(
        `Cannot make a unique set: capacity must be an integer from 1 to ${MAX_CAPACITY}, not ${wanted}`,
      );
    }
    let capacity = 1024;
    while (capacity < wanted) capacity *= 2;
    this.capacity = capacity;
    this.#slots = new Uint32Array(capacity * 4);
    this.#mask = capacity * 2 - 1;
  }

  /** Keys remembered. */
  get size(): number {
    return this.#size;
  }

  /** Keys reported new after the set was full, and not remembered. */
  get overflow(): number {
    return this.#overflow;
  }

  /**
   * Adds the key `bytes[0..end)`.
   *
   * @param bytes The key's bytes (a `PositionKeyWriter`'s buffer).
   * @param end Its length.
   * @returns `true` if the key was not seen before.
   */
  add(bytes: Uint8Array, end: number): boolean {
    const hash = this.#hash;
    hashInto(bytes, end, hash);
    return this.addHash(hash[0], hash[1]);
  }

  /**
   * Adds a key by its 64-bit hash (a Polyglot key, say), as two halves.
   *
   * @param hi The high 32 bits.
   * @param lo The low 32 bits.
   * @returns `true` if the hash was not seen before.
   */
  addHash(hi: number, lo: number): boolean {
    // 0:0 marks an empty slot; the one key hashing to it takes 0:1
    if (hi === 0 && lo === 0) lo = 1;
    const slots = this.#slots;
    const mask = this.#mask;
    let slot = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    for (;; slot = (slot + 1) & mask) {
      const h = slots[2 * slot];
      const l = slots[2 * slot + 1];
      if (h === 0 && l === 0) break; // the first empty slot: where it goes
      if (h === hi >>> 0 && l === lo >>> 0) return false;
    }
    if (this.#size === this.capacity) {
      this.#overflow++;
      return true;
    }
    slots[2 * slot] = hi;
    slots[2 * slot + 1] = lo;
    this.#size++;
    return true;
  }
}
