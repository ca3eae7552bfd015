// The reader and walker on variant games: the Variant tag's rules or the
// `rules` option's, positions with pockets and counters kept by
// positions(), and the SAN check marks python-chess writes.

import assert from "node:assert/strict";
import { parsePgn, PgnWalker, stringifyPgn } from "../../../lib/pgn/mod.ts";

Deno.test("rules: games without a Variant tag are played by the option's rules; a tag wins", () => {
  const text = "1. Nf3 d5 2. Ng5 h6 3. Nxf7 *\n\n" +
    '[Variant "Standard"]\n\n1. Nf3 d5 2. Ng5 h6 3. Nxf7 *\n';
  const [atomic, standard] = parsePgn(text, { rules: "atomic" });
  assert.deepEqual([atomic.rules, standard.rules], ["atomic", "chess"]);
  assert.equal(atomic.mainline.moves[4].san, "Nxf7#");
  assert.equal(standard.mainline.moves[4].san, "Nxf7");
  // No rules option: standard chess, as before.
  assert.equal(parsePgn("1. e4 *")[0].rules, "chess");
  assert.throws(
    () => parsePgn("1. e4 *", { rules: "shogi" as never }),
    TypeError,
  );
});

Deno.test("positions(): each kept position has its pockets and check counters", () => {
  const [zh] = parsePgn(
    '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n',
  );
  const kept = [...zh.positions()];
  assert.deepEqual(kept[3].toPosition().pockets?.w, {
    p: 1,
    n: 0,
    b: 0,
    r: 0,
    q: 0,
    k: 0,
  });
  assert.equal(
    kept[7].fen,
    "rnb1kbnr/ppp1pppp/8/q2P4/8/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4",
  );
  const [three] = parsePgn(
    '[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *\n',
  );
  const last = [...three.positions()].at(-1)!;
  assert.deepEqual(last.toPosition().remainingChecks, { w: 2, b: 3 });
  assert.ok(last.fen.endsWith(" +1+0"));
});

Deno.test("PgnWalker: the rules option and the tag, as the reader", () => {
  const fens: string[] = [];
  const walker = new PgnWalker({
    position: (position) => void fens.push(position.fen),
    end: () => {},
  }, { rules: "racingkings" });
  walker.push("1. Kh3 Ka3 *\n");
  walker.end();
  assert.deepEqual(fens, [
    "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    "8/8/8/8/8/7K/krbnNBR1/qrbnNBRQ b - - 1 1",
    "8/8/8/8/8/k6K/1rbnNBR1/qrbnNBRQ w - - 2 2",
  ]);
});

Deno.test("stringifyPgn: a variant game read back is the same game", () => {
  const text = '[Variant "Antichess"]\n\n1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6 *\n';
  const [game] = parsePgn(text);
  const [back] = parsePgn(stringifyPgn(game));
  assert.equal(back.rules, "antichess");
  assert.equal(back.error, null);
  assert.deepEqual(
    back.mainline.moves.map((m) => m.san),
    ["e3", "b5", "Bxb5", "c6", "Bxc6", "Nxc6"],
  );
});
