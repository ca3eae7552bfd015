import { PgnReader } from "./lib/pgn/mod.ts";
const text = Deno.readTextFileSync("tests/testdata/stockfish_games.pgn");
let n = 0;
for (let i = 0; i < 60; i++) {
  const r = new PgnReader();
  for (const g of [...r.push(text), ...r.end()]) {
    for (const p of g.positions()) {
      n += p.fen.length;
    }
  }
}
console.log(n);
