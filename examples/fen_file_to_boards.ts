// Prints the '.' board of every record in a FEN file, an empty line between
// boards, and names the lines it cannot read:
// deno run --allow-read examples/fen_file_to_boards.ts games.fen
import { fen2grid, FenSyntaxError } from "@fen/fen";

const path = Deno.args[0] ?? new URL("./positions.fen", import.meta.url);
const lines = (await Deno.readTextFile(path)).split(/\r?\n/);
const boards: string[] = [];
for (const [index, line] of lines.entries()) {
  if (line.trim() === "") continue;
  try {
    boards.push(fen2grid(line, "."));
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    console.error(`line ${index + 1}: ${error.message}`);
  }
}
console.log(boards.join("\n\n"));
