// openingOf and openingOfLine on known lines and transpositions; the
// committed table against what scripts/gen_openings.ts makes of lichess's
// chess-openings (run when CHESS_OPENINGS names a checkout of it, skipped
// otherwise).

import assert from "node:assert/strict";
import { parseFen } from "../../../../lib/fen/mod.ts";
import { playMoves } from "../../../../lib/moves/play.ts";
import {
  OPENING_COUNT,
  openingOf,
  openingOfLine,
} from "../../../../lib/data/openings/mod.ts";
import { OPENINGS_TSV } from "../../../../lib/data/openings/_table.ts";
import { INITIAL_FEN } from "../../../../lib/types.ts";
import { moduleText, readRows } from "../../../../scripts/gen_openings.ts";

const start = parseFen(INITIAL_FEN);
const after = (moves: string) => playMoves(start, moves).position;

Deno.test("openingOf: known lines", () => {
  const cases: [string, string, string][] = [
    ["e4 e5 Nf3 Nc6 Bc4", "C50", "Italian Game"],
    [
      "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
      "B90",
      "Sicilian Defense: Najdorf Variation",
    ],
    ["d4 d5 c4", "D06", "Queen's Gambit"],
    ["e4 e6", "C00", "French Defense"],
    ["Nf3", "A04", "Zukertort Opening"],
  ];
  for (const [moves, eco, name] of cases) {
    assert.deepEqual(
      [openingOf(after(moves))?.eco, openingOf(after(moves))?.name],
      [eco, name],
      moves,
    );
  }
});

Deno.test("openingOf: a transposition finds the same opening", () => {
  const qgd = openingOf(after("d4 Nf6 c4 e6 Nc3 d5"));
  const english = openingOf(after("c4 e6 Nc3 d5 d4 Nf6"));
  assert.notEqual(qgd, null);
  assert.deepEqual(english, qgd);
  assert.match(qgd!.name, /^Queen's Gambit Declined/);
});

Deno.test("openingOf: counters and an unusable en-passant square do not matter", () => {
  const position = after("e4 e5"); // playMoves keeps e6 as the record says
  assert.equal(position.enPassant, "e6");
  const same = {
    ...position,
    enPassant: null,
    halfmoveClock: 7,
    fullmoveNumber: 40,
  };
  assert.equal(openingOf(position)?.name, "King's Pawn Game");
  assert.deepEqual(openingOf(same), openingOf(position));
});

Deno.test("openingOf: unnamed and unplayable positions give null", () => {
  assert.equal(openingOf(start), null);
  assert.equal(openingOf(parseFen("8/8/8/8/8/8/8/4K3 w - - 0 1")), null);
});

Deno.test("openingOfLine: the last named position of a game", () => {
  assert.equal(
    openingOfLine(
      start,
      "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3",
    )?.eco,
    "B90",
  );
  assert.equal(openingOfLine(start, []), null);
});

Deno.test("the table: every line's position is one opening", () => {
  const lines = OPENINGS_TSV.split("\n");
  assert.equal(lines.length, OPENING_COUNT);
  for (const line of lines.filter((_, k) => k % 37 === 0)) {
    const [eco, name, epd] = line.split("\t");
    const found = openingOf(parseFen(`${epd} 0 1`));
    assert.deepEqual([found?.eco, found?.name], [eco, name], epd);
  }
});

// The lichess TSVs the PGN tests use (tests/testdata/chess_openings, CC0),
// or another checkout that CHESS_OPENINGS names.
const checkout = Deno.env.get("CHESS_OPENINGS") ??
  new URL("../../../testdata/chess_openings", import.meta.url).pathname;
Deno.test({
  name: "the committed table is what scripts/gen_openings.ts makes",
  async fn() {
    const committed = await Deno.readTextFile(
      new URL("../../../../lib/data/openings/_table.ts", import.meta.url),
    );
    const commit = /chess-openings at (\w+)\)/.exec(committed)?.[1] ?? "";
    const made = moduleText(
      await readRows(checkout!),
      `github.com/lichess-org/chess-openings at ${commit}`,
    );
    assert.equal(made, committed);
  },
});
