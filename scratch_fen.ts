import { PgnReader } from "./lib/pgn/mod.ts";
import { Replay } from "./lib/pgn/_replay.ts";
import { CODE } from "./lib/pgn/_replay.ts";
const text = Deno.readTextFileSync("tests/testdata/stockfish_games.pgn");
const r = new PgnReader();
const games = [...r.push(text), ...r.end()];
const bytes = new Uint8Array(128);
const codes: number[] = [];
function viaBytes(rp: Replay): string {
  const end = rp.writeFen(bytes, 0, "always");
  codes.length = end;
  for (let i = 0; i < end; i++) codes[i] = bytes[i];
  return String.fromCharCode.apply(null, codes);
}
function run(kind: number): number {
  let sink = 0;
  for (const g of games) {
    const rp = new Replay();
    rp.load(g.start, g.chess960);
    for (const m of g.mainline.moves) {
      rp.play((m as any)[CODE]);
      const f = kind === 0 ? rp.fen("always") : viaBytes(rp);
      sink += f.charCodeAt(f.length >> 1);
    }
  }
  return sink;
}
for (let round = 0; round < 5; round++) {
  for (const k of [0, 1]) {
    const t = performance.now();
    for (let i = 0; i < 10; i++) run(k);
    console.log(
      k === 0 ? "rank cache" : "bytes",
      ((performance.now() - t) / 10).toFixed(2),
      "ms",
    );
  }
}
