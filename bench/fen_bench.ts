/**
 * Throughput of @fen/fen against chessops and chess.js over the corpus of
 * bench/corpus.ts (generated on the first run), every implementation in one
 * process and one run.
 *
 * ```sh
 * deno bench --allow-read --allow-write bench/fen_bench.ts
 * ```
 *
 * Every iteration of every entry processes one slice of SLICE (1,000)
 * records, and each entry walks the same slices in the same order from the
 * start of the corpus, so the work per iteration is the same across the
 * entries of a group: records/s = SLICE × iter/s. The @fen/fen entry is the
 * baseline of each group, so the summary under the group gives its ratio
 * against every peer (ratios of records/s, taken in the same run). Goals:
 *
 * | group           | @fen/fen                | against                         | goal       |
 * | --------------- | ----------------------- | ------------------------------- | ---------- |
 * | parse           | parseFen                | chessops parseFen               | 6x faster  |
 * | parse           | parseFen                | chess.js validateFen            | 5x faster  |
 * | parse+stringify | parseFen+stringifyFen   | chessops parseFen+makeFen       | 6x faster  |
 * | fen2grid        | fen2grid                | chessops parseFen+grid (bits)   | 15x faster |
 *
 * Without goals: `read+write bytes` (the batch command's `--format fen` per
 * record against the string path and chessops) and `status` (what
 * `--check` asks of a legal record, with and without counting the moves).
 *
 * `--filter` matches entry names, not groups, so the names carry a word
 * that keeps a group whole: `--filter parse` runs the parse and
 * parse+stringify groups with all their peers, `--filter grid` the fen2grid
 * and grid2fen groups.
 *
 * The hand-written loops without validation are the practical limit, as
 * bench/_streamer.ts is for whole processes (bench/process.sh).
 *
 * @module
 */

import { validateFen } from "chess.js";
import type { Board } from "chessops/board";
import {
  makeFen as chessopsMakeFen,
  parseFen as chessopsParseFen,
} from "chessops/fen";
import { parseFen, stringifyFen } from "../lib/fen/mod.ts";
import { FenReader } from "../lib/fen/reader.ts";
import { writeFenBytes } from "../lib/fen/bytes.ts";
import { isLegalPosition } from "../lib/legality/mod.ts";
import { positionStatus } from "../lib/chess/status.ts";
import { fen2grid, grid2fen } from "../lib/fen/grid.ts";
import { renderSvg } from "../lib/svg/mod.ts";
import { loadCorpus } from "./corpus.ts";
import { rotating, SLICE, slices } from "./_slices.ts";

const corpus = await loadCorpus();
if (corpus.length < SLICE) {
  throw new Error(`the corpus has ${corpus.length} records, need ${SLICE}`);
}
const fenSlices = slices(corpus);
const gridSlices = fenSlices.map((slice) => slice.map((fen) => fen2grid(fen)));
// The legal positions of the corpus, for the status group.
const positionSlices = slices(
  corpus.map((fen) => parseFen(fen)).filter((p) => isLegalPosition(p)),
);
const encoder = new TextEncoder();
const NO_COUNT = { countMoves: false } as const;

// Results are folded into this so that no work can be optimized away.
let sink = 0;

// ---------------------------------------------------------------------------
// Reference implementations

// chessops Board to the 71-character grid of fen2grid, "*" for empty, two
// ways. The idiomatic one asks the Board for each square; the fast one walks
// the bits of its role and color SquareSets (about 1 us less per board): the
// ratio to quote is against that one, so that it is not flattered by a slow
// peer.
const ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"] as const;
const ROLE_CODE: Record<string, number> = {
  pawn: 112,
  knight: 110,
  bishop: 98,
  rook: 114,
  queen: 113,
  king: 107,
};
const EMPTY_GRID: number[] = Array.from(
  { length: 71 },
  (_, o) => o % 9 === 8 ? 10 : 42,
);
const chessopsCodes: number[] = EMPTY_GRID.slice();

function chessopsGridBySquare(board: Board): string {
  const codes = chessopsCodes;
  for (let row = 0, o = 0; row < 8; row++, o++) {
    for (let file = 0, square = (7 - row) * 8; file < 8; file++, o++) {
      const piece = board.get(square + file);
      codes[o] = piece === undefined
        ? 42
        : ROLE_CODE[piece.role] - (piece.color === "white" ? 32 : 0);
    }
  }
  return String.fromCharCode.apply(null, codes);
}

function chessopsGridByBits(board: Board): string {
  const codes = chessopsCodes;
  for (let o = 0; o < 71; o++) codes[o] = EMPTY_GRID[o];
  const whiteLo = board.white.lo;
  const whiteHi = board.white.hi;
  for (const role of ROLES) {
    const code = ROLE_CODE[role];
    // square 0 is a1, 63 is h8; the grid starts at a8
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? board[role].lo : board[role].hi;
      const white = half === 0 ? whiteLo : whiteHi;
      while (bits !== 0) {
        const bit = 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const square = half * 32 + bit;
        codes[(7 - (square >> 3)) * 9 + (square & 7)] = (white >>> bit) & 1
          ? code - 32
          : code;
      }
    }
  }
  return String.fromCharCode.apply(null, codes);
}

// The least a placement-to-grid conversion can do: no validation at all.
const minimalCodes: number[] = new Array(71).fill(10);

function minimalFen2grid(fen: string): string {
  const codes = minimalCodes;
  let o = 0;
  for (let i = 0; i < fen.length; i++) {
    const c = fen.charCodeAt(i);
    if (c === 32) break;
    if (c === 47) codes[o++] = 10;
    else if (c <= 57) { for (let n = c - 48; n > 0; n--) codes[o++] = 42; }
    else codes[o++] = c;
  }
  return String.fromCharCode.apply(null, codes);
}

// The least a grid-to-placement conversion can do: no validation at all.
function minimalGrid2fen(grid: string): string {
  let fen = "";
  let run = 0;
  for (let i = 0; i < grid.length; i++) {
    const c = grid.charCodeAt(i);
    if (c === 42) {
      run++;
      continue;
    }
    if (run > 0) fen += run;
    run = 0;
    fen += c === 10 ? "/" : grid[i];
  }
  if (run > 0) fen += run;
  return fen;
}

// ---------------------------------------------------------------------------
// parse

{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chessops parseFen",
    group: "parse",
    fn() {
      for (const fen of next()) {
        sink += chessopsParseFen(fen).unwrap().fullmoves;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen parseFen",
    group: "parse",
    baseline: true,
    fn() {
      for (const fen of next()) sink += parseFen(fen).fullmoveNumber;
    },
  });
}
{
  const next = rotating(fenSlices);
  const strict = { strict: true };
  Deno.bench({
    name: "@fen/fen parseFen strict",
    group: "parse",
    fn() {
      for (const fen of next()) sink += parseFen(fen, strict).fullmoveNumber;
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chess.js validateFen (parse)",
    group: "parse",
    fn() {
      for (const fen of next()) sink += validateFen(fen).ok ? 1 : 0;
    },
  });
}

// ---------------------------------------------------------------------------
// parse+stringify

{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chessops parseFen+makeFen",
    group: "parse+stringify",
    fn() {
      for (const fen of next()) {
        sink += chessopsMakeFen(chessopsParseFen(fen).unwrap()).length;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen parseFen+stringifyFen",
    group: "parse+stringify",
    baseline: true,
    fn() {
      for (const fen of next()) sink += stringifyFen(parseFen(fen)).length;
    },
  });
}

// ---------------------------------------------------------------------------
// read+write bytes: what `fen --format fen -` does per record (a reader's
// cells and fields straight into an output buffer), beside the string path
// it replaced and chessops.

{
  const next = rotating(fenSlices);
  const reader = new FenReader();
  const buffer = new Uint8Array(1 << 16);
  Deno.bench({
    name: "@fen/fen FenReader.read+writeFenBytes",
    group: "read+write bytes",
    baseline: true,
    fn() {
      let at = 0;
      for (const fen of next()) {
        reader.read(fen);
        at = writeFenBytes(reader, buffer, at);
        buffer[at++] = 10;
      }
      sink += at;
    },
  });
}
{
  const next = rotating(fenSlices);
  const buffer = new Uint8Array(1 << 16);
  Deno.bench({
    name: "@fen/fen parseFen+stringifyFen+encodeInto",
    group: "read+write bytes",
    fn() {
      let at = 0;
      for (const fen of next()) {
        at += encoder.encodeInto(
          stringifyFen(parseFen(fen)),
          buffer.subarray(at),
        ).written;
        buffer[at++] = 10;
      }
      sink += at;
    },
  });
}
{
  const next = rotating(fenSlices);
  const buffer = new Uint8Array(1 << 16);
  Deno.bench({
    name: "chessops parseFen+makeFen+encodeInto",
    group: "read+write bytes",
    fn() {
      let at = 0;
      for (const fen of next()) {
        at += encoder.encodeInto(
          chessopsMakeFen(chessopsParseFen(fen).unwrap()),
          buffer.subarray(at),
        ).written;
        buffer[at++] = 10;
      }
      sink += at;
    },
  });
}

// ---------------------------------------------------------------------------
// status: what `fen --check` asks of a legal record (text output only needs
// whether there is a move; JSON shows the count).

{
  const next = rotating(positionSlices);
  Deno.bench({
    name: "@fen/fen positionStatus, countMoves false",
    group: "status",
    baseline: true,
    fn() {
      for (const position of next()) {
        sink += positionStatus(position, NO_COUNT).legalMoveCount;
      }
    },
  });
}
{
  const next = rotating(positionSlices);
  Deno.bench({
    name: "@fen/fen positionStatus",
    group: "status",
    fn() {
      for (const position of next()) {
        sink += positionStatus(position).legalMoveCount;
      }
    },
  });
}

// ---------------------------------------------------------------------------
// fen2grid

{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chessops parseFen+grid (bitboards)",
    group: "fen2grid",
    fn() {
      for (const fen of next()) {
        sink += chessopsGridByBits(chessopsParseFen(fen).unwrap().board).length;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "chessops parseFen+grid (board.get)",
    group: "fen2grid",
    fn() {
      for (const fen of next()) {
        sink += chessopsGridBySquare(chessopsParseFen(fen).unwrap().board)
          .length;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen fen2grid",
    group: "fen2grid",
    baseline: true,
    fn() {
      for (const fen of next()) sink += fen2grid(fen).length;
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "hand-written fen2grid loop, no validation",
    group: "fen2grid",
    fn() {
      for (const fen of next()) sink += minimalFen2grid(fen).length;
    },
  });
}

// ---------------------------------------------------------------------------
// grid2fen

{
  const next = rotating(gridSlices);
  Deno.bench({
    name: "@fen/fen grid2fen",
    group: "grid2fen",
    baseline: true,
    fn() {
      for (const grid of next()) sink += grid2fen(grid).length;
    },
  });
}
{
  const next = rotating(gridSlices);
  Deno.bench({
    name: "hand-written grid2fen loop, no validation",
    group: "grid2fen",
    fn() {
      for (const grid of next()) sink += minimalGrid2fen(grid).length;
    },
  });
}

// ---------------------------------------------------------------------------
// renderSvg: one board a call, as the command draws it

{
  const next = rotating(
    fenSlices.map((slice) => slice.map((fen) => parseFen(fen))),
  );
  Deno.bench({
    name: "@fen/fen renderSvg(position)",
    group: "renderSvg",
    baseline: true,
    fn() {
      for (const position of next()) sink += renderSvg(position).length;
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen renderSvg(fen), labels",
    group: "renderSvg",
    fn() {
      for (const fen of next()) {
        sink += renderSvg(fen, { labels: true }).length;
      }
    },
  });
}
{
  const next = rotating(fenSlices);
  Deno.bench({
    name: "@fen/fen renderSvg(fen), labels, flipped",
    group: "renderSvg",
    fn() {
      for (const fen of next()) {
        sink += renderSvg(fen, { labels: true, flip: true }).length;
      }
    },
  });
}

// The reference loops must agree with the library, or they measure nothing.
for (const fen of fenSlices[0]) {
  const grid = fen2grid(fen);
  const placement = fen.slice(0, fen.indexOf(" "));
  if (
    minimalFen2grid(fen) !== grid ||
    chessopsGridByBits(chessopsParseFen(fen).unwrap().board) !== grid ||
    chessopsGridBySquare(chessopsParseFen(fen).unwrap().board) !== grid ||
    minimalGrid2fen(grid) !== placement || grid2fen(grid) !== placement
  ) {
    throw new Error(`reference loops disagree on ${fen}`);
  }
}

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink); // keep sink observable
});
