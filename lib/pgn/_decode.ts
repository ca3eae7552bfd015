// Bytes to text for PGN files, which the standard says are ISO 8859-1 and
// the world writes in UTF-8: UTF-8 as long as the bytes are valid UTF-8,
// ISO 8859-1 from the first chunk that is not (a Latin-1 file is rarely
// valid UTF-8 beyond its ASCII, and ASCII reads the same either way). The
// "latin1" decoder is the WHATWG one, windows-1252: the same letters as ISO
// 8859-1, and quotes and dashes where ISO 8859-1 has control characters.

/** How many bytes at the end of `bytes` start an unfinished UTF-8 sequence. */
function unfinishedTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = bytes[n - back];
    if ((b & 0xc0) !== 0x80) {
      // A lead byte: is its sequence longer than what is left?
      const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      return size > back ? back : 0;
    }
  }
  return 0;
}

/** One stream's decoder: see the comment at the top of the file. */
export class PgnDecoder {
  #utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  #latin1: TextDecoder | null = null;
  #tail: Uint8Array = new Uint8Array(0);
  /** Whether the stream turned out not to be UTF-8. */
  get latin1(): boolean {
    return this.#latin1 !== null;
  }

  /** The text of the next chunk of bytes; `end` for the last. */
  decode(bytes: Uint8Array, end = false): string {
    const data = this.#tail.length === 0 ? bytes : concat(this.#tail, bytes);
    if (this.#latin1 !== null) {
      this.#tail = new Uint8Array(0);
      return this.#latin1.decode(data);
    }
    const keep = end ? 0 : unfinishedTail(data);
    const whole = keep === 0 ? data : data.subarray(0, data.length - keep);
    try {
      const text = this.#utf8.decode(whole, { stream: true });
      this.#tail = keep === 0
        ? new Uint8Array(0)
        : data.slice(data.length - keep);
      return text;
    } catch {
      this.#latin1 = new TextDecoder("latin1");
      this.#tail = new Uint8Array(0);
      return this.#latin1.decode(data);
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
