import assert from "node:assert/strict";
import {
  movesBytes,
  movesOf,
  MovesReplay,
  packMove,
  unpackMove,
} from "../../../lib/db/moves.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { parsePgn } from "../../../lib/pgn/mod.ts";

Deno.test("moves pack in two bytes each and replay to the game's SAN", () => {
  const [game] = parsePgn(
    "1. e4 d5 2. exd5 c6 3. dxc6 Qd6 4. cxb7 Kd8 5. bxa8=N Qh2 6. Nf3 Qg1 7. Rxg1 e5 *",
  );
  const codes = game.mainline.moves.map((m) =>
    packMove(
      m.uci.slice(0, 2) as "e2",
      m.uci.slice(2, 4) as "e4",
      { promotion: m.uci[4] ?? null },
    )
  );
  const bytes = movesBytes(codes);
  assert.equal(bytes.length, 2 * codes.length);
  assert.deepEqual(movesOf(bytes), codes);
  assert.equal(unpackMove(codes[8]), "b7a8n");
  const replay = new MovesReplay();
  replay.load(game.start, "chess");
  const sans = movesOf(bytes).map((code, i) =>
    replay.play(code, { ply: i + 1, san: true })
  );
  assert.deepEqual(sans, game.mainline.moves.map((m) => m.san));
});

Deno.test("a Chess960 castling is kept as king takes rook", () => {
  const start = parseFen("7k/8/8/8/8/8/8/RK2R3 w A - 0 1", {
    rules: "chess960",
  } as never);
  const replay = new MovesReplay();
  replay.load(start, "chess960");
  assert.equal(
    replay.play(packMove("b1", "a1"), { ply: 1, san: true }),
    "O-O-O",
  );
  assert.equal(replay.cells[58], "K".charCodeAt(0)); // c1
  assert.equal(replay.turn, "b");
});
