/**
 * What two decoders of the same bytes agree on, handed on as soon as both
 * have given it. A salvage of a corrupt zstd frame uses it: a corrupt block
 * may decode without a fault in one decoder and not in the other (libzstd
 * reads changed literals as literals; fzstd reads on past an entropy table
 * that libzstd refuses, and gave 5.8 MB of garbage after the first 5.6 MB of
 * an 11.4 MB text), so only the bytes both decoded alike are handed on.
 *
 * @module
 */

/** One decoder's bytes not yet matched with the other's, in order. */
class Side {
  readonly parts: Uint8Array[] = [];
  /** It faulted or ended: it will give nothing more. */
  done = false;
}

/** Two decoders' outputs, compared as they come. */
export class Agreement {
  readonly #give: (data: Uint8Array) => void;
  readonly #sides: readonly [Side, Side] = [new Side(), new Side()];
  #parted = false;

  /** @param give Receives the bytes both decoders gave, in order. */
  constructor(give: (data: Uint8Array) => void) {
    this.#give = give;
  }

  /**
   * What decoder `which` (0 or 1) is given its output by.
   *
   * @param which The decoder.
   * @returns Its output callback.
   */
  ondata(which: 0 | 1): (data: Uint8Array) => void {
    const side = this.#sides[which];
    return (data) => {
      if (this.#parted || data.length === 0) return;
      side.parts.push(data);
      this.#match();
    };
  }

  /**
   * Decoder `which` gives nothing more (it faulted or ended).
   *
   * @param which The decoder.
   */
  end(which: 0 | 1): void {
    this.#sides[which].done = true;
  }

  /**
   * Whether more input could still be agreed on: they have not parted, and
   * neither ended with bytes the other has not matched yet.
   */
  get open(): boolean {
    const [a, b] = this.#sides;
    if (this.#parted || (a.done && b.done)) return false;
    const ended = a.done ? a : b.done ? b : null;
    return ended === null || ended.parts.length > 0;
  }

  /** Hands on the bytes both sides have, up to where they differ. */
  #match(): void {
    const [a, b] = this.#sides;
    while (a.parts.length > 0 && b.parts.length > 0) {
      const x = a.parts[0], y = b.parts[0];
      const n = Math.min(x.length, y.length);
      let same = 0;
      while (same < n && x[same] === y[same]) same++;
      // a view: each decoder gives bytes of its own, which it keeps no more
      if (same > 0) this.#give(x.subarray(0, same));
      if (same < n) {
        this.#parted = true;
        a.parts.length = 0;
        b.parts.length = 0;
        return;
      }
      for (const [side, part] of [[a, x], [b, y]] as const) {
        if (part.length === n) side.parts.shift();
        else side.parts[0] = part.subarray(n);
      }
    }
  }
}
