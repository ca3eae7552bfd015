/**
 * Throughput of the legality check against chessops over the corpus of
 * bench/corpus.ts (generated on the first run): positions from random legal
 * games, so every check finds nothing, the case a batch `fen --check` meets
 * most.
 *
 * ```sh
 * deno bench --allow-read --allow-write bench/legality_bench.ts
 * ```
 *
 * chessops judges legality in `Chess.fromSetup` (kings, pawns on the back
 * rank, castling rights, the en-passant square, impossible checks), the
 * baseline of each group. As in bench/fen_bench.ts, every iteration of
 * every entry processes one slice of SLICE (1,000) records, walking the same
 * slices in the same order, so the "x faster/slower than" summary lines are
 * ratios of records/s.
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { parseFen as chessopsParseFen } from "chessops/fen";
import type { Setup } from "chessops/setup";
import { parseFen } from "../lib/fen/mod.ts";
import { FenReader } from "../lib/fen/reader.ts";
import {
  checkPosition,
  isLegalPosition,
  PositionChecker,
} from "../lib/legality/mod.ts";
import type { Position } from "../lib/types.ts";
import { loadCorpus } from "./corpus.ts";
import { rotating, SLICE, slices } from "./_slices.ts";

const corpus = await loadCorpus();
if (corpus.length < SLICE) {
  throw new Error(`the corpus has ${corpus.length} records, need ${SLICE}`);
}
const fenSlices = slices(corpus);
const positionSlices: Position[][] = fenSlices.map((slice) =>
  slice.map((fen) => parseFen(fen))
);
const setupSlices: Setup[][] = fenSlices.map((slice) =>
  slice.map((fen) => chessopsParseFen(fen).unwrap())
);

// Results are folded into this so that no work can be optimized away.
let sink = 0;

// ---------------------------------------------------------------------------
// check: positions already parsed, the legality rules alone

{
  const next = rotating(setupSlices);
  Deno.bench({
    name: "chessops Chess.fromSetup",
    group: "check",
    baseline: true,
    fn() {
      for (const setup of next()) sink += Chess.fromSetup(setup).isOk ? 1 : 0;
    },
  });
}
{
  const next = rotating(positionSlices);
  Deno.bench({
    name: "@fen/fen checkPosition",
    group: "check",
    fn() {
      for (const position of next()) sink += checkPosition(position).length;
    },
  });
}
{
  const next = rotating(positionSlices);
  Deno.bench({
    name: "@fen/fen isLegalPosition",
    group: "check",
    fn() {
      for (const position of next()) sink += isLegalPosition(position) ? 1 : 0;
    },
  });
}
{
  const next = rotating(positionSlices);
  const checker = new PositionChecker();
  Deno.bench({
    name: "@fen/fen PositionChecker.check",
    group: "check",
    fn() {
      for (const position of next()) sink += checker.check(position).length;
    },
  });
}

// ---------------------------------------------------------------------------
// parse+check: from the record's text, as a batch check runs

{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chessops parseFen+Chess.fromSetup",
    group: "parse+check",
    baseline: true,
    fn() {
      for (const fen of next()) {
        sink += Chess.fromSetup(chessopsParseFen(fen).unwrap()).isOk ? 1 : 0;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen parseFen+checkPosition",
    group: "parse+check",
    fn() {
      for (const fen of next()) sink += checkPosition(parseFen(fen)).length;
    },
  });
}
{
  const next = rotating(fenSlices);
  const reader = new FenReader();
  const position = parseFen("8/8/8/8/8/8/8/8 w - - 0 1");
  const checker = new PositionChecker();
  Deno.bench({
    name: "@fen/fen FenReader+PositionChecker (reused)",
    group: "parse+check",
    fn() {
      for (const fen of next()) {
        reader.read(fen);
        sink += checker.check(reader.toPosition(position)).length;
      }
    },
  });
}

// Every entry must see the corpus as legal, or they measure different work.
{
  const checker = new PositionChecker();
  for (let i = 0; i < SLICE; i++) {
    const position = positionSlices[0][i];
    if (
      !Chess.fromSetup(setupSlices[0][i]).isOk ||
      checkPosition(position).length > 0 || checker.check(position).length > 0
    ) {
      throw new Error(`not legal for every entry: ${fenSlices[0][i]}`);
    }
  }
}

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink); // keep sink observable
});
