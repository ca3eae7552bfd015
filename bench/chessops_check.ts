/**
 * The chessops reference of bench/process.sh for `fen --check -`: each
 * line of stdin through chessops parseFen and Chess.fromSetup (its legality
 * checks), printing `line N: legal` or the reason, as the command does. An
 * invalid line is reported on stderr; the exit code is then 2 (invalid) or
 * 3 (illegal), as the command's.
 *
 * ```sh
 * deno run bench/chessops_check.ts < records.fen
 * ```
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { mapLines } from "./_lines.ts";

let code = 0;
mapLines((line, number) => {
  const setup = parseFen(line);
  if (setup.isErr) {
    console.error(`line ${number}: invalid FEN-string: ${setup.error.message}`);
    code = 2;
    return "";
  }
  const position = Chess.fromSetup(setup.value);
  if (position.isOk) return `line ${number}: legal`;
  if (code === 0) code = 3;
  return `line ${number}: error ${position.error.message}`;
});
Deno.exit(code);
