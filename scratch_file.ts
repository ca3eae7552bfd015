import { PgnReader } from "./lib/pgn/mod.ts";
const text = Deno.readTextFileSync("tests/testdata/stockfish_games.pgn");
let big = ""; for (let i = 0; i < 12; i++) big += text + "\n";
const bytes = new TextEncoder().encode(big);
const scratch = new Uint8Array(256);
let n = 0;
const t = performance.now();
for (let round = 0; round < 4; round++) {
  const r = new PgnReader();
  const take = (gs: ReturnType<PgnReader["push"]>) => { for (const g of gs) for (const p of g.positions()) n += p.writeFen(scratch, 0); };
  for (let i = 0; i < bytes.length; i += 65536) take(r.push(bytes.subarray(i, i + 65536)));
  take(r.end());
}
console.log(n, (performance.now() - t) / 4, "ms per", (bytes.length / 1e6).toFixed(1), "MB");
