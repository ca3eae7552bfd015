// `fen puzzles` through the real program: puzzles found in games with
// [%eval] (tests/testdata/puzzles/tactics.pgn and skewer.pgn, annotated by
// fen analyse at 300,000 nodes)
// and in the same games without them, each puzzle checked again with
// Stockfish at twice the nodes (every solver move the only move by the
// generator's winning-chances margin, or a mate in one), none a
// one-mover, mates ending in checkmate; the same puzzles every run and
// with --jobs 2; the formats; lichess's puzzle CSV read and filtered.
// The engine tests skip, saying why, without Stockfish.

import assert from "node:assert/strict";
import { CLI, runFen } from "../cli/_harness.ts";
import { FAKE_ENGINE, interruptedAfter, SIX_GAMES } from "../_fake_engine.ts";
import { holdEnv } from "../_env_lock.ts";
import { findStockfish, runEngine } from "../_stockfish.ts";
import { parseFen, stringifyFen } from "../../lib/fen/mod.ts";
import { playMoves, positionStatus } from "../../lib/moves/mod.ts";

const stockfish = findStockfish();
if (stockfish === null) {
  console.warn("puzzles Stockfish tests skipped: no stockfish");
}
const ALL = ["--allow-all"];
const DATA = new URL("../testdata/puzzles/", import.meta.url).pathname;
const TACTICS = `${DATA}tactics.pgn`;
const LICHESS_CSV = `${DATA}lichess_puzzles.csv`;
const NODES = 50_000;
const HEADER =
  "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";
const LEGAL_MATE = "g4d1 c4f7 e8e7 c3d5";

/** The rows of a CSV output, its header checked. */
function rows(stdout: string): string[][] {
  const lines = stdout.trimEnd().split("\n");
  assert.equal(lines[0], HEADER);
  return lines.slice(1).map((line) => line.split(","));
}

/** lichess's winning chances of a UCI score from the side to move. */
function chances(kind: string, value: number): number {
  if (kind === "mate") return value > 0 ? 1 : -1;
  return 2 / (1 + Math.exp(-0.00368208 * value)) - 1;
}

/** Stockfish's two best lines at `nodes`: move, score kind and value. */
async function bestTwo(
  fen: string,
  moves: string[],
  nodes: number,
): Promise<{ move: string; kind: string; value: number }[]> {
  const run = await runEngine(stockfish!, [
    "uci",
    "setoption name MultiPV value 2",
    "ucinewgame",
    `position fen ${fen} moves ${moves.join(" ")}`,
    `go nodes ${nodes}`,
  ], (line) => line.startsWith("bestmove"));
  const last = new Map<string, { move: string; kind: string; value: number }>();
  for (const line of run.lines) {
    const m = / multipv (\d) score (cp|mate) (-?\d+).* pv (\S+)/.exec(line);
    if (m !== null) {
      last.set(m[1], { move: m[4], kind: m[2], value: Number(m[3]) });
    }
  }
  return [...last.keys()].sort().map((k) => last.get(k)!);
}

/** Each solver move is the only move at `nodes`, as the generator decides it. */
async function assertOnlyMoves(fen: string, moves: string[], nodes: number) {
  for (let i = 1; i < moves.length; i += 2) {
    const [best, second] = await bestTwo(fen, moves.slice(0, i), nodes);
    assert.equal(best.move, moves[i], `move ${i}: the engine's best`);
    if (second === undefined) continue;
    const mateInOne = best.kind === "mate" && best.value === 1;
    const margin = chances(best.kind, best.value) -
      chances(second.kind, second.value);
    assert.ok(
      mateInOne || margin > 0.7,
      `move ${i} ${moves[i]}: ${margin} apart from ${second.move}`,
    );
  }
}

Deno.test({
  name:
    "fen puzzles finds the mate of Legal's game from its [%eval]: lichess's CSV row with its themes, a mate at the end, each solver move the only move at twice the nodes",
  ignore: stockfish === null,
  async fn() {
    const run = await runFen(
      ["puzzles", "--nodes", String(NODES), TACTICS],
      { permissions: ALL },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const found = rows(run.stdout);
    assert.equal(found.length, 1, run.stdout);
    const [
      id,
      fen,
      moves,
      rating,
      deviation,
      popularity,
      plays,
      themes,
      url,
      tags,
    ] = found[0];
    // the tagger's themes, as lichess tags a mate in two on f7
    assert.equal(themes, "attackingF2F7 mate mateIn2 short");
    assert.match(id, /^[0-9A-Za-z]{8}$/);
    assert.equal(
      fen,
      "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5",
    );
    assert.equal(moves, LEGAL_MATE);
    assert.deepEqual([rating, deviation, popularity, plays, tags], [
      "",
      "",
      "",
      "",
      "",
    ]);
    // the ply the solver faces, as lichess's GameUrl has it
    assert.equal(url, "https://lichess.org/LegalMt1#10");
    const line = moves.split(" ");
    assert.ok(line.length >= 3, "not a one-mover");
    const end = playMoves(parseFen(fen), line).position;
    assert.equal(positionStatus(end, { countMoves: false }).checkmate, true);
    await assertOnlyMoves(fen, line, 2 * NODES);
  },
});

Deno.test({
  name:
    "fen puzzles finds the bishop's skewer of an analysed game: an advantage puzzle, each solver move the only move at twice the nodes, the queen won",
  ignore: stockfish === null,
  async fn() {
    const nodes = 100_000;
    const run = await runFen(
      ["puzzles", "--nodes", String(nodes), `${DATA}skewer.pgn`],
      { permissions: ALL },
    );
    assert.equal(run.code, 0, run.stderr);
    const found = rows(run.stdout);
    assert.equal(found.length, 1, run.stdout);
    const [, fen, moves, , , , , , url] = found[0];
    assert.equal(fen, "3q4/r5pp/4k3/8/8/3B4/PP3PPP/3R2K1 b - - 0 30");
    assert.equal(moves, "d8g8 d3c4 e6f6 c4g8");
    assert.equal(url, "https://lichess.org/Skewer01#60");
    const line = moves.split(" ");
    assert.ok(line.length >= 3, "not a one-mover");
    // the solver's last move takes the queen
    const end = playMoves(parseFen(fen), line).position;
    assert.equal(end.board.filter((p) => p === "q").length, 0);
    await assertOnlyMoves(fen, line, 2 * nodes);
  },
});

Deno.test({
  name:
    "fen puzzles analyses games without [%eval] first and finds the same puzzle, the same every run and with --jobs 2",
  ignore: stockfish === null,
  async fn() {
    const bare = (await Deno.readTextFile(TACTICS))
      .replace(/\{[^}]*\}/g, "").replace(/\([^()]*\)/g, "")
      .replace(/[?!]+/g, "");
    const first = await runFen(
      ["puzzles", "--nodes", String(NODES), "-"],
      { permissions: ALL, stdin: bare },
    );
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(rows(first.stdout).map((r) => r[2]), [LEGAL_MATE]);
    const again = await runFen(
      ["puzzles", "--nodes", String(NODES), "--jobs", "2", "-"],
      { permissions: ALL, stdin: bare },
    );
    assert.equal(again.stdout, first.stdout);
    const withEvals = await runFen(
      ["puzzles", "--nodes", String(NODES), TACTICS],
      { permissions: ALL },
    );
    // the same game, the same ply: the same id
    assert.equal(rows(withEvals.stdout)[0][0], rows(first.stdout)[0][0]);
  },
});

Deno.test({
  name:
    "fen puzzles --format pgn, epd, fen and json: the position the solver faces, the solution",
  ignore: stockfish === null,
  async fn() {
    const out = async (format: string) => {
      const run = await runFen(
        ["puzzles", "--nodes", String(NODES), "--format", format, TACTICS],
        { permissions: ALL },
      );
      assert.equal(run.code, 0, run.stderr);
      return run.stdout;
    };
    const after =
      "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6";
    const pgn = await out("pgn");
    assert.match(pgn, /^\[Event "Puzzle [0-9A-Za-z]{8}"\]\n/);
    assert.ok(pgn.includes('[Site "https://lichess.org/LegalMt1#10"]\n'));
    assert.ok(pgn.includes(`[SetUp "1"]\n[FEN "${after}"]\n`), pgn);
    assert.ok(pgn.endsWith("\n6. Bxf7+ Ke7 7. Nd5# *\n\n"), pgn);
    assert.equal(await out("fen"), after + "\n");
    assert.match(
      await out("epd"),
      /^rn1qkbnr\/ppp2p1p\/3p2p1\/4N3\/2B1P3\/2N5\/PPPP1PPP\/R1BbK2R w KQkq - bm Bxf7\+; id "[0-9A-Za-z]{8}";\n$/,
    );
    const json = JSON.parse(await out("json"));
    assert.deepEqual(json.moves, LEGAL_MATE.split(" "));
    assert.equal(json.rating, null);
  },
});

Deno.test({
  name:
    "fen puzzles keeps no one-mover: Blackburne's game has a won line whose second move is no only move",
  ignore: stockfish === null,
  async fn() {
    const text = await Deno.readTextFile(TACTICS);
    const shilling = text.slice(
      text.indexOf(
        '[Event "Casual game"]\n[Site "https://lichess.org/Shilling"]',
      ),
    );
    const run = await runFen(
      ["puzzles", "--nodes", String(NODES), "-"],
      { permissions: ALL, stdin: shilling },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(rows(run.stdout), []);
  },
});

const CSV_ROW_IDS = (stdout: string) =>
  stdout.trimEnd().split("\n").slice(1).map((l) => l.split(",")[0]);

Deno.test("fen puzzles --from puzzles filters lichess's CSV by theme, rating, popularity and opening", async () => {
  const run = (args: string[]) =>
    runFen(["puzzles", "--from", "puzzles", ...args, LICHESS_CSV], {
      permissions: ALL,
    });
  const forks = await run([
    "--themes",
    "fork,pin",
    "--rating",
    "1500-1800",
    "--format",
    "csv",
  ]);
  assert.equal(forks.code, 0, forks.stderr);
  assert.deepEqual(CSV_ROW_IDS(forks.stdout), ["00143", "0018S"]);
  const popular = await run(["--popularity", "95-", "--format", "csv"]);
  assert.deepEqual(CSV_ROW_IDS(popular.stdout), ["0009B", "0018S"]);
  const opening = await run([
    "--opening",
    "Sicilian_Defense",
    "--format",
    "csv",
  ]);
  assert.deepEqual(CSV_ROW_IDS(opening.stdout), ["000aY"]);
  const fen = await run(["--themes", "fork,pin", "--rating", "1500-1800"]);
  assert.equal(fen.stdout.split("\n").length, 3);
  for (const line of fen.stdout.trimEnd().split("\n")) {
    assert.doesNotThrow(() => parseFen(line), line);
  }
});

Deno.test("fen puzzles --from puzzles writes the position after the first move, EPD with bm the solver's move in SAN; a .csv.zst is read", async () => {
  const csv = await Deno.readTextFile(LICHESS_CSV);
  const row = csv.split("\n").find((l) => l.startsWith("00008,"))!;
  const [, fen, moves] = row.split(",");
  const line = moves.split(" ");
  const played = playMoves(parseFen(fen), line);
  const after = playMoves(parseFen(fen), line.slice(0, 1)).position;
  const epd = await runFen(
    ["puzzles", "--from", "puzzles", "--format", "epd", "-"],
    { permissions: ALL, stdin: row + "\n" },
  );
  assert.equal(epd.code, 0, epd.stderr);
  const fenAfter = (await runFen(
    ["puzzles", "--from", "puzzles", "-"],
    { permissions: ALL, stdin: row + "\n" },
  )).stdout.trimEnd();
  assert.equal(fenAfter, stringifyFen(after));
  assert.equal(
    epd.stdout,
    `${fenAfter.split(" ").slice(0, 4).join(" ")} bm ${
      played.moves[1].san
    }; id "00008";\n`,
  );
  const dir = await Deno.makeTempDir({ prefix: "fen-puzzles-" });
  try {
    const zst = `${dir}/puzzles.csv.zst`;
    const zstd = new Deno.Command("zstd", {
      args: ["-q", "-o", zst, LICHESS_CSV],
    });
    let zipped = false;
    try {
      zipped = (await zstd.output()).success;
    } catch {
      console.warn("the .csv.zst case skipped: no zstd");
    }
    if (zipped) {
      const plain = await runFen(
        ["puzzles", "--from", "puzzles", LICHESS_CSV],
        { permissions: ALL },
      );
      const packed = await runFen(
        ["puzzles", "--from", "puzzles", zst],
        { permissions: ALL },
      );
      assert.equal(packed.code, 0, packed.stderr);
      assert.equal(packed.stdout, plain.stdout);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen puzzles --from puzzles: a line that is not a row is said and left out (exit 2), a filter without --from puzzles and an engine with it are usage errors", async () => {
  const csv = await Deno.readTextFile(LICHESS_CSV);
  const bad = await runFen(
    ["puzzles", "--from", "puzzles", "--format", "csv", "-"],
    { permissions: ALL, stdin: csv + "not,a,row\n" },
  );
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /^fen: puzzles: line \d+: not a puzzle row: 3 columns, not 10; left out\n$/,
  );
  assert.equal(
    CSV_ROW_IDS(bad.stdout).length,
    csv.trimEnd().split("\n").length - 1,
  );
  const usage = await runFen(["puzzles", "--rating", "1500-1800", "-"], {
    permissions: ALL,
    stdin: "",
  });
  assert.equal(usage.code, 1);
  assert.match(
    usage.stderr,
    /--rating filters lichess's puzzle CSV: it needs --from puzzles/,
  );
  const range = await runFen(
    ["puzzles", "--from", "puzzles", "--rating", "1800-1500", "-"],
    { permissions: ALL, stdin: "" },
  );
  assert.equal(range.code, 1);
  assert.match(range.stderr, /low end comes first/);
  // lichess's puzzles are found already: an engine for them is refused,
  // not left unused
  for (const option of [["--engine", "stockfish"], ["--nodes", "5"]]) {
    const unused = await runFen(
      ["puzzles", "--from", "puzzles", ...option, LICHESS_CSV],
      { permissions: ALL },
    );
    assert.equal(unused.code, 1, option[0]);
    assert.equal(unused.stdout, "");
    assert.match(
      unused.stderr,
      new RegExp(
        `^fen: puzzles: ${
          option[0]
        } is for the engine that finds puzzles in games: --from puzzles reads lichess's, found already\n`,
      ),
    );
  }
});

Deno.test("Ctrl-C while games are searched: the engines killed under them are not reported, exit 130", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-puzzles-" });
  const log = `${dir}/go.log`;
  // A search the fake engine answers slowly: the signal comes while games
  // of the window are being searched.
  const release = await holdEnv({
    FAKE_UCI: "ok",
    FAKE_UCI_STATE: dir,
    FAKE_UCI_LOG: log,
    FAKE_UCI_DELAY: "200",
  });
  try {
    const out = await interruptedAfter(
      [CLI, "puzzles", "--engine", FAKE_ENGINE, "--nodes", "1", "-"],
      { input: SIX_GAMES, log, searches: 3 },
    );
    assert.equal(new TextDecoder().decode(out.stderr), "");
    assert.equal(out.code, 130);
    // The games before had no puzzle: still a CSV file, its header.
    assert.equal(new TextDecoder().decode(out.stdout), HEADER + "\n");
  } finally {
    release();
    await Deno.remove(dir, { recursive: true });
  }
});
