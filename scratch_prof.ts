import { PgnReader } from "./lib/pgn/mod.ts";
const text = Deno.readTextFileSync("tests/testdata/stockfish_games.pgn")
  .replace(/ \{[^}]*\}/g, "");
let n = 0;
for (let i = 0; i < 80; i++) {
  const r = new PgnReader();
  for (const g of [...r.push(text), ...r.end()]) {
    for (const p of g.positions()) {
      const f = p.fen;
      n += f.charCodeAt(f.length >> 1);
    }
  }
}
console.log(n);
