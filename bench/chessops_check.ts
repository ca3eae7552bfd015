/**
 * The chessops reference of bench/process.sh for `fen --check -`: each
 * line of stdin through chessops parseFen and Chess.fromSetup (its legality
 * checks), printing `line N: legal` or the reason, as the command does.
 * With `--status`, a legal position's state follows as the command's
 * `info` lines (check and checkers, checkmate, stalemate, insufficient
 * material, the 50- and 75-move rules), from chessops' own answers. An
 * invalid line is reported on stderr; the exit code is then 2 (invalid) or
 * 3 (illegal), as the command's.
 *
 * ```sh
 * deno run bench/chessops_check.ts [--status] < records.fen
 * ```
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { makeSquare } from "chessops/util";
import { mapLines } from "./_lines.ts";

const withStatus = Deno.args.includes("--status");

/** The command's `info` lines for a legal position. */
function statusLines(position: Chess, prefix: string): string {
  const ctx = position.ctx();
  const side = position.turn === "white" ? "White" : "Black";
  const mate = position.isCheckmate(ctx);
  let out = `${prefix}legal`;
  if (mate) out += `\n${prefix}info checkmate: ${side} is checkmated`;
  else if (ctx.checkers.nonEmpty()) {
    const from = Array.from(ctx.checkers, makeSquare).sort().join(", ");
    out += `\n${prefix}info check: ${side} is in check from ${from}`;
  }
  if (position.isStalemate(ctx)) {
    out += `\n${prefix}info stalemate: ${side} has no legal move`;
  }
  if (position.isInsufficientMaterial()) {
    out +=
      `\n${prefix}info insufficient-material: neither side has mating material`;
  }
  // Checkmate and stalemate end the game first (FIDE Laws 5.1, 5.2, 9.3).
  const over = mate || position.isStalemate(ctx);
  if (position.halfmoves >= 150 && !over) {
    out +=
      `\n${prefix}info seventy-five-moves: 75 moves without a capture or pawn move: the game is drawn`;
  } else if (position.halfmoves >= 100 && !over) {
    out +=
      `\n${prefix}info fifty-moves: 50 moves without a capture or pawn move: a draw may be claimed`;
  }
  return out;
}

let code = 0;
mapLines((line, number) => {
  const setup = parseFen(line);
  if (setup.isErr) {
    console.error(`line ${number}: invalid FEN-string: ${setup.error.message}`);
    code = 2;
    return "";
  }
  const position = Chess.fromSetup(setup.value);
  if (position.isOk) {
    return withStatus
      ? statusLines(position.value, `line ${number}: `)
      : `line ${number}: legal`;
  }
  if (code === 0) code = 3;
  return `line ${number}: error ${position.error.message}`;
});
Deno.exit(code);
