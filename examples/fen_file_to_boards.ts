// Prints the '.' board of every record in a FEN file, an empty line between
// boards, and names the lines it cannot read. One FenReader reads every
// line where it lies in the text (no slicing), the way the `fen` command's
// stream does: deno run --allow-read examples/fen_file_to_boards.ts games.fen
import { FenReader, FenSyntaxError } from "@fen/fen";

const path = Deno.args[0] ?? new URL("./positions.fen", import.meta.url);
const text = await Deno.readTextFile(path);
const reader = new FenReader();
const boards: string[] = [];
let start = 0;
for (let line = 1; start < text.length; line++) {
  const newline = text.indexOf("\n", start);
  const end = newline < 0 ? text.length : newline;
  const last = end > start && text[end - 1] === "\r" ? end - 1 : end;
  if (text.slice(start, last).trim() !== "") {
    try {
      reader.read(text, start, last);
      boards.push(board(reader.cells));
    } catch (error) {
      if (!(error instanceof FenSyntaxError)) throw error;
      console.error(`line ${line}: ${error.message}`);
    }
  }
  start = end + 1;
}
console.log(boards.join("\n\n"));

/** Eight rows of eight: the piece letters, '.' for an empty square. */
function board(cells: readonly number[]): string {
  let rows = "";
  for (let k = 0; k < 64; k++) {
    rows += cells[k] === 0 ? "." : String.fromCharCode(cells[k]);
    if ((k & 7) === 7 && k < 63) rows += "\n";
  }
  return rows;
}
