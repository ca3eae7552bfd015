// Checks every record in a FEN file for syntax and legality and prints one
// verdict per line: deno run --allow-read examples/validate_positions.ts games.fen
import { checkPosition, tryParseFen } from "@fen/fen";

const path = Deno.args[0] ?? new URL("./positions.fen", import.meta.url);
const lines = (await Deno.readTextFile(path)).split(/\r?\n/);
const tally = { legal: 0, illegal: 0, invalid: 0 };
for (const [index, line] of lines.entries()) {
  if (line.trim() === "") continue;
  const result = tryParseFen(line);
  if (!result.ok) {
    tally.invalid++;
    console.log(`${index + 1}: invalid: ${result.error.message}`);
    continue;
  }
  const errors = checkPosition(result.position)
    .filter((problem) => problem.severity === "error");
  if (errors.length === 0) {
    tally.legal++;
    console.log(`${index + 1}: legal`);
  } else {
    tally.illegal++;
    console.log(
      `${index + 1}: illegal: ${errors.map((e) => e.code).join(", ")}`,
    );
  }
}
console.log(
  `${tally.legal} legal, ${tally.illegal} illegal, ${tally.invalid} invalid`,
);
