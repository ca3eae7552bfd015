// lib/match's FENPattern placements against pgn-extract's (Debian package
// pgn-extract, -Tf): for each pattern, the same games of the Stockfish
// games from the standard start (a game matches when one of its mainline
// positions does). Skipped, saying why, without pgn-extract.

import assert from "node:assert/strict";
import { compileMatch, GameMatch } from "../../lib/match/mod.ts";
import { PgnWalker } from "../../lib/pgn/walker.ts";
import { stockfishStandardGames } from "../_books.ts";
import { runFen } from "../cli/_harness.ts";
import { legalMoves, parseFen, playMoves } from "../../mod.ts";

const EXTRACT = ["/usr/games/pgn-extract", "/usr/bin/pgn-extract"].find(
  (path) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  },
);
const reason = EXTRACT === undefined
  ? "pgn-extract is not installed (Debian package pgn-extract)"
  : null;
if (reason !== null) console.warn(`match oracle skipped: ${reason}`);

const PATTERNS = [
  "*/*/*/*/*/*/*/*",
  "?????rk?/*/*/*/*/*/*/*",
  "8/8/*/*/*/*/*/*",
  "*/*/*/*/3[Pp]*/*/*/*",
  "*/*/*/*/*/*/*/R3K2R",
  "[^Kk]*/*/*/*/*/*/*/*",
  "*/*/*/*/*/*/*/!!!!!!!!",
  "*/*/?!?!?!?!/*/*/*/*/*",
  "*/*/*/*/*/*/PPP*/??KR????",
  "r*/p*/*/*/*/*/*/*",
  "*/*/*/*/*/2[Nn]*/*/*",
  "*/*/*/3A*/*/*/*/*",
  "*/*/*/*/*/*/*/?[aA]*",
];

Deno.test({
  name: "a FENPattern finds the games pgn-extract -Tf finds",
  ignore: reason !== null,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-match-" });
    try {
      const pgn = stockfishStandardGames();
      Deno.writeTextFileSync(`${dir}/games.pgn`, pgn);
      let found = 0;
      for (const pattern of PATTERNS) {
        const { stdout } = new Deno.Command(EXTRACT!, {
          args: ["-s", `-Tf${pattern}`, `${dir}/games.pgn`],
        }).outputSync();
        const expected = [
          ...new TextDecoder().decode(stdout).matchAll(/\[Round "([0-9]+)"\]/g),
        ]
          .map((m) => Number(m[1]));
        const match = new GameMatch(compileMatch(pattern));
        const actual: number[] = [];
        const walker = new PgnWalker({
          position(position) {
            if (position.ply === 0) match.start();
            match.position(position.view());
          },
          end(game) {
            if (match.matched) actual.push(Number(game.tags.get("Round")));
          },
        });
        walker.push(pgn);
        walker.end();
        assert.deepEqual(actual, expected, pattern);
        found += actual.length;
      }
      // the patterns find some games and miss others
      assert.ok(found > 100 && found < PATTERNS.length * 75, `${found}`);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "fen --from pgn --match keeps the games pgn-extract -Tf keeps",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-match-" });
    try {
      Deno.writeTextFileSync(`${dir}/games.pgn`, stockfishStandardGames());
      const rounds = (text: string) =>
        [...text.matchAll(/\[Round "([0-9]+)"\]/g)].map((m) => Number(m[1]));
      for (
        const pattern of [
          "?????rk?/*/*/*/*/*/*/*",
          "8/8/*/*/*/*/*/*",
          "*/*/*/*/*/2[Nn]*/*/*",
        ]
      ) {
        const theirs = new Deno.Command(EXTRACT!, {
          args: ["-s", `-Tf${pattern}`, `${dir}/games.pgn`],
        }).outputSync();
        const ours = await runFen([
          "--from",
          "pgn",
          "--match",
          pattern,
          "--format",
          "pgn",
          "--input",
          `${dir}/games.pgn`,
        ], { permissions: [`--allow-read=${dir}`] });
        assert.equal(ours.stderr, "");
        assert.equal(ours.code, 0);
        const expected = rounds(new TextDecoder().decode(theirs.stdout));
        assert.ok(expected.length > 5 && expected.length < 75, pattern);
        assert.deepEqual(
          rounds(ours.stdout),
          expected,
          pattern,
        );
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

/** Material as pgn-extract's -z file writes it: `KRPPvKR` is `r1p2 r1` (a repeated letter is not counted there). */
function endingLine(signature: string): string {
  const side = (pieces: string) => {
    const counts = new Map<string, number>();
    for (const c of pieces.toLowerCase()) {
      if (c !== "k") counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    return [...counts].map(([c, n]) => `${c}${n}`).join("") || "k";
  };
  const [one, two] = signature.split("v");
  return `${side(one)} ${side(two)}\n`;
}

Deno.test({
  name:
    "a material signature finds the games pgn-extract -z finds, in games without a promotion",
  ignore: reason !== null,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-match-" });
    try {
      // pgn-extract counts material from the moves and credits a promoted
      // piece to the side that did not promote: games with a promotion are
      // left out of the comparison.
      const pgn = stockfishStandardGames().trim().split(/\n\n(?=\[Event)/)
        .filter((game) => !/[a-h][18]=?[QRBN]/.test(game.split("\n\n")[1]))
        .join("\n\n") + "\n";
      Deno.writeTextFileSync(`${dir}/games.pgn`, pgn);
      let found = 0;
      const signatures = [
        "BPvK",
        "BPRRvP",
        "NRvBP",
        "PvPPR",
        "NPPRRvPPR",
        "PPQvBPPPQ",
        "BvBPP",
        "PPvPPPPR",
        "RPvR",
      ];
      for (const signature of signatures) {
        Deno.writeTextFileSync(`${dir}/ending.txt`, endingLine(signature));
        const { stdout } = new Deno.Command(EXTRACT!, {
          args: ["-s", `-z${dir}/ending.txt`, `${dir}/games.pgn`],
        }).outputSync();
        const expected = [
          ...new TextDecoder().decode(stdout).matchAll(/\[Round "([0-9]+)"\]/g),
        ].map((m) => Number(m[1]));
        const match = new GameMatch(compileMatch(signature));
        const actual: number[] = [];
        const walker = new PgnWalker({
          position(position) {
            if (position.ply === 0) match.start();
            match.position(position.view());
          },
          end(game) {
            if (match.matched) actual.push(Number(game.tags.get("Round")));
          },
        });
        walker.push(pgn);
        walker.end();
        assert.deepEqual(actual, expected, signature);
        found += actual.length;
      }
      assert.ok(found >= 8, `${found} games found`);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

/**
 * Games of random legal moves (no promotion; captures taken half the time,
 * so that they reach endings), each with its number in its Round tag: from
 * the standard start, and from starts with pieces taken away (a FEN tag,
 * which pgn-extract counts its material from).
 */
function randomGames(count: number, seed: number): string {
  let state = seed;
  const random = () =>
    (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const games: string[] = [];
  for (let g = 1; g <= count; g++) {
    const fen = g % 2 === 1 ? null : thinnedStart(random);
    let position = parseFen(
      fen ?? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    const sans: string[] = [];
    for (let ply = 0; ply < 240; ply++) {
      let moves = legalMoves(position, { notation: "san" })
        .filter((move) => !move.includes("="));
      const captures = moves.filter((move) => move.includes("x"));
      if (captures.length > 0 && random() < 0.5) moves = captures;
      if (moves.length === 0) break;
      const move = moves[Math.floor(random() * moves.length)];
      sans.push(ply % 2 === 0 ? `${ply / 2 + 1}. ${move}` : move);
      position = playMoves(position, [move]).position;
    }
    const tags = fen === null ? "" : `[SetUp "1"]\n[FEN "${fen}"]\n`;
    games.push(`[Round "${g}"]\n${tags}\n${sans.join(" ")} *\n`);
  }
  return games.join("\n");
}

/** The standard start with each piece but the kings taken away at random, half of them. */
function thinnedStart(random: () => number): string {
  const ranks = ["rnbqkbnr", "pppppppp", "PPPPPPPP", "RNBQKBNR"].map((rank) =>
    [...rank].map((c) => c === "k" || c === "K" || random() < 0.5 ? c : "1")
      .join("").replace(/1+/g, (run) => String(run.length))
  );
  return `${ranks[0]}/${ranks[1]}/8/8/8/8/${ranks[2]}/${ranks[3]} w - - 0 1`;
}

/** Each position's material, as a signature (`KRPvKR`, White first). */
function balances(pgn: string): Map<string, number> {
  const seen = new Map<string, number>();
  const walker = new PgnWalker({
    position(position) {
      const sides = ["K", "K"];
      for (const piece of "QRBNP") {
        for (const cell of position.view().cells) {
          if (cell === piece.charCodeAt(0)) sides[0] += piece;
          if (cell === piece.toLowerCase().charCodeAt(0)) sides[1] += piece;
        }
      }
      const balance = sides.join("v");
      seen.set(balance, (seen.get(balance) ?? 0) + 1);
    },
    end() {},
  });
  walker.push(pgn);
  walker.end();
  return seen;
}

/** The rounds of the games pgn-extract -z keeps for a balance. */
function extracted(signature: string, dir: string): number[] {
  Deno.writeTextFileSync(`${dir}/ending.txt`, endingLine(signature));
  const { stdout } = new Deno.Command(EXTRACT!, {
    args: ["-s", `-z${dir}/ending.txt`, `${dir}/games.pgn`],
  }).outputSync();
  return [...new TextDecoder().decode(stdout).matchAll(/\[Round "([0-9]+)"\]/g)]
    .map((m) => Number(m[1]));
}

Deno.test({
  name:
    "fen --from pgn --match by material keeps the games pgn-extract -z keeps, on random games from the start and from a FEN",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-match-" });
    try {
      const pgn = randomGames(240, 36);
      Deno.writeTextFileSync(`${dir}/games.pgn`, pgn);
      // the balances the games pass through most, of up to 10 pieces
      const signatures = [...balances(pgn)]
        .filter(([balance]) => balance.length <= 11)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 40).map(([balance]) => balance);
      let found = 0;
      for (const [i, signature] of signatures.entries()) {
        const expected = extracted(signature, dir);
        const match = new GameMatch(compileMatch(signature));
        const actual: number[] = [];
        const walker = new PgnWalker({
          position(position) {
            if (position.ply === 0) match.start();
            if (position.depth === 0) match.position(position.view());
          },
          end(game) {
            if (match.matched) actual.push(Number(game.tags.get("Round")));
          },
        });
        walker.push(pgn);
        walker.end();
        assert.deepEqual(actual, expected, signature);
        found += actual.length;
        if (i % 5 !== 0) continue;
        // and through the real program
        const run = await runFen([
          "--from",
          "pgn",
          "--match",
          signature,
          "--format",
          "pgn",
          "--input",
          `${dir}/games.pgn`,
        ], { permissions: [`--allow-read=${dir}`] });
        assert.deepEqual(
          [run.code, run.stderr, rounds(run.stdout)],
          [0, "", expected],
          signature,
        );
      }
      // the balances find some games and miss others
      assert.ok(found > 200 && found < signatures.length * 240, `${found}`);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "where a pawn promoted, pgn-extract -z credits the new piece to the other side, and fen --match counts the board",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-match-" });
    try {
      // after a8=Q the board is KQR against KP
      Deno.writeTextFileSync(
        `${dir}/games.pgn`,
        '[Round "1"]\n[FEN "8/P6p/6k1/8/8/8/8/4K2R w - - 0 1"]\n\n' +
          "1. a8=Q h6 2. Qb7 h5 3. Qc6+ Kg5 4. Qd5+ Kg4 *\n",
      );
      const fen = async (signature: string) =>
        rounds(
          (await runFen([
            "--from",
            "pgn",
            "--match",
            signature,
            "--format",
            "pgn",
            "--input",
            `${dir}/games.pgn`,
          ], { permissions: [`--allow-read=${dir}`] })).stdout,
        );
      assert.deepEqual(
        [extracted("KQRvKP", dir), await fen("KQRvKP")],
        [[], [1]],
      );
      assert.deepEqual(
        [extracted("KRPvKQ", dir), await fen("KRPvKQ")],
        [[1], []],
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

/** The Round tags of PGN text, as numbers. */
function rounds(text: string): number[] {
  return [...text.matchAll(/\[Round "([0-9]+)"\]/g)].map((m) => Number(m[1]));
}
