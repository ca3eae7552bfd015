/**
 * The practical limit of a FEN filter written in Deno, for bench/process.sh:
 * reads stdin 1 MiB at a time as bytes, checks only each line's placement
 * (8 ranks of 8 squares, piece letters and digits 1-8) and writes the board
 * as `fen --format board -` does (8 lines of 8 characters, `.` for empty,
 * an empty line between boards), or with `--echo` the line itself. No
 * strings, no objects per record: whatever a real FEN command does beyond
 * this is the cost of parsing, validating and formatting the other fields.
 *
 * ```sh
 * deno run bench/_streamer.ts [--echo] < records.fen > boards.txt
 * ```
 *
 * An invalid placement is reported on stderr with its line number, and the
 * exit code is then 2, as the command's.
 *
 * @module
 */

const CHUNK = 1 << 20;
const DOT = 46;
const NEWLINE = 10;

// 1 for the twelve piece letters, by byte.
const IS_PIECE = new Uint8Array(256);
for (const letter of "pnbrqkPNBRQK") IS_PIECE[letter.charCodeAt(0)] = 1;

/** A 1 MiB output buffer in front of stdout. */
class Out {
  readonly bytes = new Uint8Array(CHUNK);
  length = 0;

  reserve(n: number): void {
    if (this.length + n > this.bytes.length) this.flush();
  }

  flush(): void {
    let offset = 0;
    while (offset < this.length) {
      offset += Deno.stdout.writeSync(
        this.bytes.subarray(offset, this.length),
      );
    }
    this.length = 0;
  }
}

// The squares of the line being checked, reused: filled and read within one
// synchronous call of boardOf.
const squares = new Uint8Array(64);

/**
 * Checks the placement at `input[start..end)` into `squares`; returns false
 * unless it is 8 ranks of 8 squares ending at a space or the line's end.
 */
function boardOf(input: Uint8Array, start: number, end: number): boolean {
  let square = 0;
  let file = 0;
  let rank = 0;
  let i = start;
  for (; i < end; i++) {
    const c = input[i];
    if (c === 32) break;
    if (c === 47) { // "/"
      if (file !== 8 || ++rank > 7) return false;
      file = 0;
    } else if (c >= 49 && c <= 56) { // "1".."8"
      file += c - 48;
      if (file > 8) return false;
      for (let n = c - 48; n > 0; n--) squares[square++] = DOT;
    } else if (IS_PIECE[c] === 1) {
      if (++file > 8) return false;
      squares[square++] = c;
    } else {
      return false;
    }
  }
  return rank === 7 && file === 8;
}

function writeBoard(out: Out, separate: boolean): void {
  out.reserve(73);
  const bytes = out.bytes;
  let o = out.length;
  if (separate) bytes[o++] = NEWLINE;
  for (let k = 0; k < 64; k++) {
    bytes[o++] = squares[k];
    if ((k & 7) === 7) bytes[o++] = NEWLINE;
  }
  out.length = o;
}

function writeLine(
  out: Out,
  input: Uint8Array,
  start: number,
  end: number,
): void {
  const n = end - start + 1;
  if (n > out.bytes.length) throw new RangeError("line longer than 1 MiB");
  out.reserve(n);
  out.bytes.set(input.subarray(start, end), out.length);
  out.length += n;
  out.bytes[out.length - 1] = NEWLINE;
}

function run(echo: boolean): number {
  const input = new Uint8Array(CHUNK);
  const out = new Out();
  const encoder = new TextEncoder();
  let filled = 0; // bytes in input, from a carried partial line on
  let line = 0;
  let boards = 0;
  let code = 0;
  const onLine = (start: number, end: number): void => {
    line++;
    if (end > start && input[end - 1] === 13) end--;
    if (end === start) return; // blank line
    if (!boardOf(input, start, end)) {
      out.flush();
      Deno.stderr.writeSync(encoder.encode(`line ${line}: invalid\n`));
      code = 2;
    } else if (echo) writeLine(out, input, start, end);
    else writeBoard(out, boards++ > 0);
  };
  for (;;) {
    const n = Deno.stdin.readSync(input.subarray(filled));
    if (n === null || n === 0) break;
    const end = filled + n;
    const view = input.subarray(0, end);
    let start = 0;
    for (let newline; (newline = view.indexOf(NEWLINE, start)) !== -1;) {
      onLine(start, newline);
      start = newline + 1;
    }
    if (start === 0 && end === input.length) {
      throw new RangeError(`line ${line + 1} is longer than 1 MiB`);
    }
    input.copyWithin(0, start, end);
    filled = end - start;
  }
  if (filled > 0) onLine(0, filled);
  out.flush();
  return code;
}

if (import.meta.main) Deno.exit(run(Deno.args.includes("--echo")));
