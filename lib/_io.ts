// Buffered synchronous I/O for the command. Output is encoded straight into
// one reused buffer (TextEncoder.encodeInto): building and joining strings
// per record cost twice the time and three times the memory here.

/** What the command needs from its surroundings; `Deno` itself is one. */
export interface CliIo {
  /** Standard input, read in large chunks. */
  stdin: { readSync(buffer: Uint8Array): number | null };
  /** Standard output. */
  stdout: { writeSync(data: Uint8Array): number };
  /** Standard error, for diagnostics. */
  stderr: { writeSync(data: Uint8Array): number };
  /** Writes a file (only `--out-dir` does). */
  writeTextFileSync(path: string, data: string): void;
  /** Makes a folder and its parents (only `--out-dir` does). */
  mkdirSync(path: string, options: { recursive: boolean }): void;
  /** Asks for a permission (only `--out-dir` does). */
  permissions: {
    requestSync(
      descriptor: { name: "write"; path: string },
    ): { state: string };
  };
}

const encoder = new TextEncoder();

/** Writes all of `data`, however many calls it takes. */
export function writeAll(
  sink: { writeSync(data: Uint8Array): number },
  data: Uint8Array,
): void {
  let offset = 0;
  while (offset < data.length) {
    offset += sink.writeSync(data.subarray(offset));
  }
}

/** Writes `text` to `sink` at once, unbuffered (diagnostics). */
export function writeText(
  sink: { writeSync(data: Uint8Array): number },
  text: string,
): void {
  writeAll(sink, encoder.encode(text));
}

/** A byte buffer in front of a sink, flushed when full and at the end. */
export class Output {
  readonly buffer: Uint8Array;
  length = 0;
  readonly #sink: { writeSync(data: Uint8Array): number };

  constructor(sink: { writeSync(data: Uint8Array): number }, size = 1 << 16) {
    this.#sink = sink;
    this.buffer = new Uint8Array(size);
  }

  /** Makes room for `bytes` more bytes, flushing if needed. */
  reserve(bytes: number): void {
    if (this.length + bytes > this.buffer.length) this.flush();
  }

  /** Appends a string. */
  write(text: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    if (text.length * 3 > this.buffer.length - this.length) {
      this.flush();
      if (text.length * 3 > this.buffer.length) {
        writeAll(this.#sink, encoder.encode(text));
        return;
      }
    }
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length))
      .written;
  }

  /** Sends what is buffered. */
  flush(): void {
    if (this.length > 0) {
      const length = this.length;
      this.length = 0;
      writeAll(this.#sink, this.buffer.subarray(0, length));
    }
  }
}

/**
 * Calls `onLine(text, start, end, lineNumber)` for every line of `stdin`
 * (the line is `text.slice(start, end)`, left unsliced for speed),
 * reading 16 KiB at a time so memory stays flat however long the input:
 * a chunk read while records allocate should die young, not be promoted. A
 * line's end excludes its `\r\n` or `\n`; a last line without one counts.
 */
export function forEachLine(
  stdin: { readSync(buffer: Uint8Array): number | null },
  onLine: (text: string, start: number, end: number, line: number) => void,
): void {
  const chunk = new Uint8Array(1 << 14);
  const decoder = new TextDecoder();
  let rest = "";
  let line = 0;
  for (;;) {
    const n = stdin.readSync(chunk);
    const done = n === null || n === 0;
    const text = rest +
      (done
        ? decoder.decode()
        : decoder.decode(chunk.subarray(0, n), { stream: true }));
    let start = 0;
    for (;;) {
      const newline = text.indexOf("\n", start);
      if (newline < 0) break;
      const end = newline > start && text.charCodeAt(newline - 1) === 13
        ? newline - 1
        : newline;
      onLine(text, start, end, ++line);
      start = newline + 1;
    }
    rest = start === 0 ? text : text.slice(start);
    if (done) break;
  }
  if (rest.length > 0) {
    const end = rest.charCodeAt(rest.length - 1) === 13
      ? rest.length - 1
      : rest.length;
    onLine(rest, 0, end, ++line);
  }
}
