import assert from "node:assert/strict";
import {
  compileMatch,
  GameMatch,
  MatchSyntaxError,
} from "../../../lib/match/mod.ts";
import { FenReader } from "../../../lib/fen/reader.ts";
import { parsePgn } from "../../../lib/pgn/mod.ts";

const reader = new FenReader();
function matches(pattern: string, fen: string): boolean {
  reader.read(fen);
  return compileMatch(pattern).test(reader);
}

const ROOK_ENDING = "8/5k2/8/3R4/8/1P6/2K5/4r3 b - - 0 50";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Deno.test("a material signature counts every piece but the kings, either side White", () => {
  assert.ok(matches("KRPvKR", ROOK_ENDING));
  assert.ok(matches("RvRP", ROOK_ENDING));
  assert.ok(matches("krvkrp", ROOK_ENDING));
  assert.ok(!matches("KRvKR", ROOK_ENDING)); // the pawn counts
  assert.ok(!matches("KRPPvKR", ROOK_ENDING));
  assert.ok(matches("QRRBBNNPPPPPPPPvQRRBBNNPPPPPPPP", START));
  assert.ok(matches("KvK", "8/8/8/8/8/8/8/K6k w - - 0 1"));
});

Deno.test("the side to move follows the pattern", () => {
  assert.ok(matches("KRPvKR b", ROOK_ENDING));
  assert.ok(!matches("KRPvKR w", ROOK_ENDING));
  assert.ok(matches("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR w", START));
  assert.ok(!matches("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR b", START));
});

Deno.test("FENPattern's characters: ? ! A a * sets, negated sets, digits", () => {
  assert.ok(matches("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR", START));
  assert.ok(matches("????????/!!!!!!!!/8/8/8/8/AAAAAAAA/AAAAAAAA", START));
  assert.ok(matches("aaaaaaaa/aaaaaaaa/*/*/*/*/*/*", START));
  assert.ok(!matches("aaaaaaaa/aaaaaaaa/!*/*/*/*/*/*", START)); // rank 6 is empty
  assert.ok(matches("[rR]*/*/*/*/*/*/*/[^Kk]*", START));
  assert.ok(!matches("[^r]*/*/*/*/*/*/*/*", START));
  assert.ok(matches("*r/*/*/*/*/*/*/*", START)); // * may take seven squares
  assert.ok(matches("r*r/*/*/*/*/*/*/*", START));
  assert.ok(!matches("*/*/*/*/*/*/*/K*", START));
  assert.ok(matches("*/*/*/*/*/*/*/????K???", START));
});

Deno.test("a pattern that cannot be read says why and where", () => {
  assert.throws(() => compileMatch("*/*/*"), MatchSyntaxError);
  assert.throws(
    () => compileMatch("*/*/*/*/*/*/*/[Qq"),
    /a \[ without its \] at column 15/,
  );
  assert.throws(
    () => compileMatch("*/*/*/*/*/*/*/X*"),
    /"X" is no piece letter/,
  );
  assert.throws(() => compileMatch("KRP-KR"), /material such as KRPvKR/);
});

Deno.test("a game matches material held in three positions in a row before a move, as pgn-extract's -z decides", () => {
  const play = (moves: string) => {
    const [game] = parsePgn(
      `[FEN "4k3/8/8/8/8/8/1n6/QR2K3 w - - 0 1"]\n\n${moves} *`,
    );
    const match = new GameMatch(compileMatch("QRvK"));
    match.start();
    for (const position of game.positions()) match.position(position.view());
    return match.matched;
  };
  // after Rxb2 the balance is QR against K; the final position is not looked at
  assert.equal(play("1. Rxb2 Kd7 2. Kd2"), false);
  assert.equal(play("1. Rxb2 Kd7 2. Kd2 Ke7"), true);
});

Deno.test("--match keeps the matching records of a stream, and with --ply all the matching positions", async () => {
  const { runMain } = await import("../../cli/_harness.ts");
  const fens = "8/5k2/8/3R4/8/1P6/2K5/4r3 b - - 0 50\n" + START + "\n" +
    "8/5k2/8/3R4/8/1P6/2K5/4r3 w - - 0 50\n";
  const kept = await runMain(["--match", "KRPvKR b", "--format", "fen", "-"], {
    stdin: fens,
  });
  assert.equal(kept.code, 0);
  assert.equal(kept.stdout, "8/5k2/8/3R4/8/1P6/2K5/4r3 b - - 0 50\n");
  const plies = await runMain(
    [
      "--from",
      "pgn",
      "--ply",
      "all",
      "--match",
      "rnbqkbnr/*/*/*/*/*/*/RNBQKBNR",
      "--format",
      "fen",
      "-",
    ],
    { stdin: "1. e4 e5 2. Nf3 Nc6 *\n" },
  );
  assert.equal(plies.code, 0);
  assert.equal(plies.stdout.trim().split("\n").length, 3); // before Nf3
  const games = await runMain(
    ["--from", "pgn", "--match", "*/*/*/*/*/5N2/*/*", "--format", "fen", "-"],
    { stdin: "1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n1. d4 d5 *\n" },
  );
  assert.equal(games.code, 0);
  // the first game passed a knight on f3 (its last position is written); the second did not
  assert.equal(
    games.stdout,
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n",
  );
  const bad = await runMain(["--match", "*/*", "-"], { stdin: fens });
  assert.equal(bad.code, 1);
  assert.match(
    bad.stderr,
    /^fen: --match "\*\/\*": cannot read the pattern: a placement pattern has 8 ranks, not 2/,
  );
});
