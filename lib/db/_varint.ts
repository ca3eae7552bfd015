// Unsigned and zigzag varints (7 bits a byte, low first), the packing of
// the explorer's counts: small counts take a byte.

const encoder = new TextEncoder();

/** Bytes being written, grown as needed. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(size = 64) {
    this.bytes = new Uint8Array(size);
  }

  /** Writes `value` (a whole number from 0 to 2^53) as a varint. */
  uint(value: number): void {
    if (this.length + 10 > this.bytes.length) this.#grow();
    let v = value;
    while (v >= 128) {
      this.bytes[this.length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }

  /** Writes a whole number of either sign (zigzag). */
  int(value: number): void {
    this.uint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  /** Writes one byte (0 to 255) as it is. */
  byte(value: number): void {
    if (this.length === this.bytes.length) this.#grow();
    this.bytes[this.length++] = value;
  }

  /** Writes bytes as they are. */
  raw(bytes: Uint8Array): void {
    while (this.length + bytes.length + 10 > this.bytes.length) this.#grow();
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /**
   * Writes the bytes of `bytes` from `from` to before `to` as they are; a
   * short range a byte at a time (no view of it made: a tag's name or
   * value, a row's bytes, for every game or row of an import).
   */
  range(bytes: Uint8Array, from: number, to: number): void {
    const length = to - from;
    while (this.length + length > this.bytes.length) this.#grow();
    if (length > 64) this.bytes.set(bytes.subarray(from, to), this.length);
    else {
      const out = this.bytes;
      for (let k = from, at = this.length; k < to; k++) out[at++] = bytes[k];
    }
    this.length += length;
  }

  /** Writes a text's UTF-8; its length in bytes. */
  text(text: string): number {
    while (this.length + 3 * text.length > this.bytes.length) this.#grow();
    const { written } = encoder.encodeInto(
      text,
      this.bytes.subarray(this.length),
    );
    this.length += written;
    return written;
  }

  /** The bytes written, copied. */
  done(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.length);
  }

  /**
   * The bytes written, not copied: valid until the next write, for a
   * reader that copies them at once (SQLite binding a value, a packer).
   * A copy is a new buffer, a microsecond or two each: at a game's bytes
   * or a row's, a tenth of a second an import of 100,000 games.
   */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  #grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2 + 16);
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }
}

/** Bytes being read. */
export class ByteReader {
  readonly bytes: Uint8Array;
  at = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** Whether bytes are left. */
  get more(): boolean {
    return this.at < this.bytes.length;
  }

  /** Reads a varint. */
  uint(): number {
    let value = 0, scale = 1, byte;
    do {
      if (this.at >= this.bytes.length) throw new RangeError("truncated");
      byte = this.bytes[this.at++];
      value += (byte & 127) * scale;
      scale *= 128;
    } while (byte >= 128);
    return value;
  }

  /** Reads `size` bytes as they are. */
  take(size: number): Uint8Array {
    if (this.at + size > this.bytes.length) throw new RangeError("truncated");
    this.at += size;
    return this.bytes.subarray(this.at - size, this.at);
  }

  /** Reads a zigzag varint. */
  int(): number {
    const v = this.uint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }
}
