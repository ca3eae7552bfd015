// Prints the '.' board of every record in a FEN file, an empty line between
// boards, and names the lines it cannot read. One FenReader reads every
// line where it lies in the text (no slicing), skips blank and `#` lines as
// the `fen` command does, and the boards are written as bytes into one
// buffer (no string per board), as `fen --format board` writes them:
// deno run --allow-read examples/fen_file_to_boards.ts games.fen
import { FenReader, FenSyntaxError, writeGridBytes } from "@fen/fen";

const path = Deno.args[0] ?? new URL("./positions.fen", import.meta.url);
const text = await Deno.readTextFile(path);
const reader = new FenReader();
const dot = new TextEncoder().encode(".");
const ROOM = 1 + 64 * dot.length + 8; // a blank line, then a board
const out = new Uint8Array(1 << 16);
let at = 0;
let boards = 0;
let start = 0;
for (let line = 1; start < text.length; line++) {
  const newline = text.indexOf("\n", start);
  const end = newline < 0 ? text.length : newline;
  const last = end > start && text[end - 1] === "\r" ? end - 1 : end;
  if (!reader.isSkippedLine(text, start, last)) {
    try {
      reader.read(text, start, last);
      if (at + ROOM > out.length) at = flush(at);
      if (boards++ > 0) out[at++] = 10;
      at = writeGridBytes(reader.cells, dot, false, out, at);
    } catch (error) {
      if (!(error instanceof FenSyntaxError)) throw error;
      console.error(`line ${line}: ${error.message}`);
    }
  }
  start = end + 1;
}
flush(at);

/** Writes the first `length` bytes of the buffer to stdout; returns 0. */
function flush(length: number): number {
  for (let done = 0; done < length;) {
    done += Deno.stdout.writeSync(out.subarray(done, length));
  }
  return 0;
}
