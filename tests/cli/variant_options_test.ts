// `--moves`, `--repair`, `--only`, `--match` and EPD's `--uci`/`--san`
// under `--variant`: played and judged by the variant's rules, through the
// real program (stdout, stderr and exit code together). Opening names stay
// standard chess's, and the refusal says why.

import assert from "node:assert/strict";
import { runFen, runFenBytes } from "./_harness.ts";
import { readGif } from "../_gif.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/** The real program's code, stdout and stderr. */
async function fen(args: string[], stdin?: string): Promise<unknown[]> {
  const run = await runFen(args, stdin === undefined ? {} : { stdin });
  return [run.code, run.stdout, run.stderr];
}

Deno.test("--variant crazyhouse --moves: a drop from the pocket, and the capture that fills it", async () => {
  assert.deepEqual(
    await fen([
      "--variant",
      "crazyhouse",
      "--format",
      "fen",
      "--moves",
      "N@f3 e5 Nxe5",
      `${START}[N] w KQkq - 0 1`,
    ]),
    [0, "rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKBNR[P] b KQkq - 0 2\n", ""],
  );
});

Deno.test("--variant crazyhouse --moves --format pgn: the game names its variant", async () => {
  const [code, stdout, stderr] = await fen([
    "--variant",
    "crazyhouse",
    "--moves",
    "e4 d5 exd5 Qxd5 @e4",
    `${START}[] w KQkq - 0 1`,
    "--format",
    "pgn",
  ]);
  assert.deepEqual([code, stderr], [0, ""]);
  assert.match(
    stdout as string,
    /\[Variant "Crazyhouse"\]\n\[SetUp "1"\]\n\[FEN "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR\[\] w KQkq - 0 1"\]\n\n1\. e4 d5 2\. exd5 Qxd5 3\. @e4 \*\n/,
  );
});

Deno.test("--variant atomic --moves: a capture explodes the pieces around it", async () => {
  // Nxf7 takes the pawn and blows up the knight, the king, bishop and knight
  assert.deepEqual(
    await fen([
      "--variant",
      "atomic",
      "--format",
      "fen",
      "--moves",
      "Nf3 d5 Ng5 e6 Nxf7",
      `${START} w KQkq - 0 1`,
    ]),
    [0, "rnbq3r/ppp3pp/4p3/3p4/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3\n", ""],
  );
});

Deno.test("--variant antichess --moves: a capture, when there is one, must be made", async () => {
  const args = ["--variant", "antichess", "--format", "fen", "--moves"];
  assert.deepEqual(
    await fen([...args, "e4 d5 exd5", `${START} w - - 0 1`]),
    [0, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - - 0 2\n", ""],
  );
  assert.deepEqual(
    await fen([...args, "e4 d5 e5", `${START} w - - 0 1`]),
    [
      5,
      "",
      'fen: cannot play move 3 "e5": illegal: a capture must be made (exd5)\n',
    ],
  );
});

Deno.test("--variant racingkings --repair: rights and squares the race has not, dropped", async () => {
  assert.deepEqual(
    await fen([
      "--variant",
      "racingkings",
      "--repair",
      "--explain",
      "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - e3 0 1",
    ]),
    [
      0,
      "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\n",
      "fen: dropped the en-passant square e3 (en-passant square e3: with White to move it must be on rank 6, behind a black pawn that has just advanced two squares)\n",
    ],
  );
  // a check in racing kings cannot be repaired
  const [code, stdout, stderr] = await fen([
    "--variant",
    "racingkings",
    "--repair",
    "7k/8/8/8/8/8/8/K6Q b - - 0 1",
  ]);
  assert.deepEqual([code, stdout], [3, ""]);
  assert.match(
    stderr as string,
    /race-check|in racing kings no move may give check/,
  );
});

Deno.test("--variant --only: legality, checks and stalemates by the variant's rules", async () => {
  assert.deepEqual(
    await fen(
      ["--variant", "racingkings", "--only", "illegal", "-"],
      "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\n7k/8/8/8/8/8/8/K6Q b - - 0 1\n",
    ),
    [0, "7k/8/8/8/8/8/8/K6Q b - - 0 1\n", ""],
  );
  // under standard rules Black, to move, is merely in check
  assert.deepEqual(
    await fen(["--only", "check", "-"], "7k/8/8/8/8/8/8/K6Q b - - 0 1\n"),
    [0, "7k/8/8/8/8/8/8/K6Q b - - 0 1\n", ""],
  );
  // antichess has no check; blocked pawns are its stalemate
  assert.deepEqual(
    await fen(
      ["--variant", "antichess", "--only", "stalemate", "-"],
      "8/8/8/8/8/1p6/1P6/8 w - - 0 1\n4k3/8/8/8/8/8/8/R3K3 b - - 0 1\n",
    ),
    [0, "8/8/8/8/8/1p6/1P6/8 w - - 0 1\n", ""],
  );
});

Deno.test("--variant --match: a material signature without White's king (horde)", async () => {
  const horde =
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
  assert.deepEqual(
    await fen(
      [
        "--variant",
        "horde",
        "--match",
        `${"P".repeat(36)}vKQRRBBNNPPPPPPPP`,
        "--format",
        "fen",
        "-",
      ],
      `${horde}\n4k3/8/8/8/8/8/8/P7 w - - 0 1\n`,
    ),
    [0, `${horde}\n`, ""],
  );
});

Deno.test("--variant crazyhouse --format epd --san / --uci: drops written both ways", async () => {
  const epd = `${START}[N] w KQkq -`;
  for (
    const [notation, given, written] of [
      ["--san", "N@f3", "N@f3"],
      ["--uci", "N@f3", "N@f3"],
      ["--uci", "Nf3", "g1f3"],
      ["--san", "g1f3", "Nf3"],
    ]
  ) {
    assert.deepEqual(
      await fen([
        "--variant",
        "crazyhouse",
        "--format",
        "epd",
        notation,
        `${epd} bm ${given};`,
      ]),
      [0, `${epd} bm ${written};\n`, ""],
      `${notation} ${given}`,
    );
  }
});

Deno.test("--variant: opening names stay standard chess's, and the refusal says why", async () => {
  for (
    const option of [["--opening", "--format", "json"], ["--format", "opening"]]
  ) {
    const [code, stdout, stderr] = await fen([
      "--variant",
      "atomic",
      ...option,
      `${START} w KQkq - 0 1`,
    ]);
    assert.deepEqual([code, stdout], [1, ""]);
    assert.equal(
      stderr,
      `fen: --variant atomic: ${
        option[0] === "--opening" ? "--opening" : "--format opening"
      } names openings from a table of standard chess openings, which has no variant's positions\n`,
    );
  }
});

Deno.test("--variant --stats: legality, checks and mates counted by the variant's rules", async () => {
  const [code, stdout, stderr] = await fen(
    ["--variant", "racingkings", "--stats", "-"],
    "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\n7k/8/8/8/8/8/8/K6Q b - - 0 1\n",
  );
  assert.deepEqual([code, stderr], [0, ""]);
  // standard rules would count two legal records, one in check
  assert.match(
    stdout as string,
    /^records: 2\ninvalid: 0\nlegal: 1\nillegal: 1\nchecks: 0\n/,
  );
});

Deno.test("--variant crazyhouse --moves --format gif: a frame a ply, the drop among them", async () => {
  const { code, stdout, stderr } = await runFenBytes([
    "--variant",
    "crazyhouse",
    "--moves",
    "N@f3 e5",
    "--format",
    "gif",
    `${START}[N] w KQkq - 0 1`,
  ]);
  assert.deepEqual([code, stderr], [0, ""]);
  assert.equal(readGif(stdout).frames.length, 3); // the start and two plies
});

Deno.test("fen --help: --variant lists the variants' table, which the option table does not copy", async () => {
  const { VARIANTS } = await import("../../mod.ts");
  const [code, stdout, stderr] = await fen(["--help"]);
  assert.equal(code, 0);
  assert.equal(stderr, "");
  const text = String(stdout);
  const at = text.indexOf("--variant <name>");
  const entry = text.slice(at, text.indexOf("(default", at)).replace(
    /\s+/g,
    " ",
  );
  const listed = entry.slice(entry.indexOf("): ") + 3, entry.indexOf(", or "))
    .split(", ");
  assert.deepEqual(listed, VARIANTS.map((v) => v.rules));
  // the names come from the table: no list of them is written in the
  // option table
  const table = await Deno.readTextFile(
    new URL("../../lib/cli/option_table.ts", import.meta.url),
  );
  for (let i = 1; i < listed.length; i++) {
    const pair = `${listed[i - 1]}, ${listed[i]}`;
    assert.ok(!table.includes(pair), `"${pair}" in option_table.ts`);
  }
});

Deno.test("--check judges Shredder castling letters by the rules named, else by the letters", async () => {
  const record = "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1";
  for (const options of [[], ["--chess960"], ["--variant", "chess960"]]) {
    assert.deepEqual(
      await fen(["--check", ...options, record]),
      [0, "legal\n", ""],
      options.join(" "),
    );
  }
  const [code, stdout, stderr] = await fen([
    "--check",
    "--variant",
    "chess",
    record,
  ]);
  assert.equal(code, 3);
  assert.equal(stderr, "");
  assert.match(
    String(stdout),
    /^error bad-castling-rights: castling right for the rook on h1: in standard chess the white king castles only from e1, not c1\n/,
  );
});
