// Turns a FEN placement into a text grid and back, as in the classic
// fen2grid/grid2fen exercise: deno run examples/grid_round_trip.ts [FEN] [MARK]
import { fen2grid, grid2fen } from "@fen/fen";

const fen = Deno.args[0] ??
  "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R";
const mark = Deno.args[1] ?? "+";
const grid = fen2grid(fen, mark);
console.log(grid);
const back = grid2fen(grid, mark);
console.log(back);
console.log(
  back === fen.split(" ")[0] ? "round trip: same" : "round trip: DIFFERENT",
);
