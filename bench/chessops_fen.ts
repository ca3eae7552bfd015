/**
 * The chessops reference of bench/process.sh for `fen --format fen -`:
 * each line of stdin through chessops parseFen and makeFen, one record a
 * line on stdout. An invalid line is reported on stderr; the exit code is
 * then 2, as the command's.
 *
 * ```sh
 * deno run bench/chessops_fen.ts < records.fen
 * ```
 *
 * @module
 */

import { makeFen, parseFen } from "chessops/fen";
import { mapLines } from "./_lines.ts";

let code = 0;
mapLines((line, number) => {
  const setup = parseFen(line);
  if (setup.isOk) return makeFen(setup.value);
  console.error(`line ${number}: invalid FEN-string: ${setup.error.message}`);
  code = 2;
  return "";
});
Deno.exit(code);
