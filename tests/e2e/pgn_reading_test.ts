// Reading and writing games through the real program, as the peers read
// them (python-chess, chessops, pgn-extract): where games begin and end,
// the spellings people write, comments that survive a round trip, and
// input that is not PGN text. stdout, stderr and the exit code together.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { parsePgn as chessopsParsePgn } from "chessops/pgn";
import type { Node, PgnNodeData } from "chessops/pgn";
import { parsePgn, type PgnLine } from "../../lib/pgn/mod.ts";
import { type Run, runFen, spawnFen } from "../cli/_harness.ts";

/** The program reading games from stdin. */
function fen(args: string[], stdin: string | Uint8Array): Promise<Run> {
  return runFen(["--from", "pgn", ...args, "-"], {
    stdin,
    permissions: ["--allow-read"],
  });
}

const AFTER_E4_E5 =
  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
const AFTER_D4_D5 =
  "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2";
const AFTER_RUY =
  "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

Deno.test("a blank line after movetext ends a game that has no result", async () => {
  const run = await fen(["--format", "fen"], "1. e4 e5\n\n1. d4 d5\n");
  assert.deepEqual(run, {
    code: 0,
    stdout: `${AFTER_E4_E5}\n${AFTER_D4_D5}\n`,
    stderr: "",
  });
});

Deno.test("games with leading whitespace, tags on the move line or none, no results: four games", async () => {
  // The cases of chessops' leading-whitespace test file, in words of our own.
  const text = [
    '[Event "One"]',
    "",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 { tags, a blank line, the moves }",
    "",
    '    [Event "Two"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 { tags and moves on one line }',
    "",
    '    [Event "Three"]',
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 { tags, then the moves on the next line }",
    "",
    "",
    "    1. e4 e5 2. Nf3 Nc6 3. Bb5 { no tags }",
    "",
  ].join("\n");
  const run = await fen(["--format", "fen"], text);
  assert.deepEqual(run, {
    code: 0,
    stdout: `${AFTER_RUY}\n`.repeat(4),
    stderr: "",
  });
});

Deno.test("a tag section with no moves is a game of its own", async () => {
  const run = await fen(
    ["--format", "pgn"],
    '[Event "A"]\n\n[Event "B"]\n',
  );
  const game = (event: string): string =>
    `[Event "${event}"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n` +
    `[White "?"]\n[Black "?"]\n[Result "*"]\n\n*\n`;
  assert.deepEqual(run, {
    code: 0,
    stdout: `${game("A")}\n${game("B")}\n`,
    stderr: "",
  });
});

Deno.test("a rest-of-line comment after the result starts no game: it is the game's", async () => {
  const text = "1. e4 e5 1/2-1/2 ; agreed at once\n\n1. d4 d5 *\n";
  const fens = await fen(["--format", "fen"], text);
  assert.deepEqual(fens, {
    code: 0,
    stdout: `${AFTER_E4_E5}\n${AFTER_D4_D5}\n`,
    stderr: "",
  });
  const pgn = await fen(["--format", "pgn"], text);
  assert.equal(pgn.code, 0, pgn.stderr);
  assert.equal(pgn.stderr, "");
  assert.match(pgn.stdout, /\n1\. e4 e5 \{agreed at once\} 1\/2-1\/2\n/);
  assert.equal(pgn.stdout.match(/\[Event /g)?.length, 2);
});

Deno.test("h8(Q)+ and h8(Q)#: the check and mate marks after a promotion in parentheses", async () => {
  const check = await fen(
    ["--format", "pgn"],
    '[FEN "k7/7P/8/8/8/8/8/K7 w - - 0 1"]\n\n1. h8(Q)+ Ka7 *\n',
  );
  assert.equal(check.stderr, "");
  assert.equal(check.code, 0);
  assert.match(check.stdout, /\n1\. h8=Q\+ Ka7 \*\n\n$/);
  const mate = await fen(
    ["--format", "pgn"],
    '[FEN "k7/7P/1K6/8/8/8/8/8 w - - 0 1"]\n\n1. h8(Q)# 1-0\n',
  );
  assert.equal(mate.stderr, "");
  assert.equal(mate.code, 0);
  assert.match(mate.stdout, /\[Result "1-0"\][^]*\n1\. h8=Q# 1-0\n\n$/);
});

Deno.test("en and em dashes in castling and results: 0–0–0, O—O, 1—0", async () => {
  const run = await fen(
    ["--format", "pgn"],
    '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n\n1. O—O 0–0–0 1—0\n',
  );
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  assert.match(run.stdout, /\[Result "1-0"\][^]*\n1\. O-O O-O-O 1-0\n\n$/);
});

Deno.test("null moves -- and Z0: the side passes, en passant cleared, walked and read whole alike", async () => {
  const text = "1. e4 -- 2. Nf3 Z0 3. d4 *\n";
  // As python-chess plays them.
  const expected = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
    "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2",
    "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3 3",
    "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3",
  ];
  // --format fen walks the game without keeping it; json reads it whole.
  const walked = await fen(["--ply", "all", "--format", "fen"], text);
  assert.deepEqual(walked, {
    code: 0,
    stdout: expected.join("\n") + "\n",
    stderr: "",
  });
  const json = await fen(["--ply", "all", "--format", "json"], text);
  assert.equal(json.code, 0, json.stderr);
  assert.equal(json.stderr, "");
  const records = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(records.map((r) => r.fen), expected);
  assert.deepEqual(
    records.map((r) => r.move && `${r.move.san} ${r.move.uci}`),
    [
      null,
      "e4 e2e4",
      "-- 0000",
      "Nf3 g1f3",
      "-- 0000",
      "d4 d2d4",
    ],
  );
  const pgn = await fen(["--format", "pgn"], text);
  assert.equal(pgn.code, 0, pgn.stderr);
  assert.match(pgn.stdout, /\n1\. e4 -- 2\. Nf3 -- 3\. d4 \*\n\n$/);
  const inCheck = await fen(
    ["--format", "fen"],
    "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *\n",
  );
  assert.deepEqual(inCheck, {
    code: EXIT.invalidFen,
    stdout: "",
    stderr:
      'fen: stdin:1:30: game 1, move 3... "--": illegal: the side in check cannot pass\n',
  });
});

/** A line of one comment, whole: what the writer puts past 79 columns. */
const LONE_COMMENT = /^\(?\{[^}]*\}\)*$/;

/** Clocks, evals and arrows of games, counted. */
function commands(text: string): [number, number, number] {
  let clocks = 0, evals = 0, shapes = 0;
  for (const game of parsePgn(text)) {
    for (const move of game.mainline.moves) {
      if (move.clock !== null) clocks++;
      if (move.eval !== null) evals++;
      shapes += move.shapes.length;
    }
  }
  return [clocks, evals, shapes];
}

Deno.test("--format pgn keeps every clock, eval and arrow; a line over 79 characters is one comment", async () => {
  for (const name of ["lichess_style.pgn", "stockfish_games.pgn"]) {
    const path = new URL(`../testdata/${name}`, import.meta.url).pathname;
    const text = await Deno.readTextFile(path);
    // A file operand: stdin written whole before stdout is read would
    // fill the pipes both ways.
    const run = await runFen([
      "--from",
      "pgn",
      "--format",
      "pgn",
      "--input",
      path,
    ], {
      permissions: ["--allow-read"],
    });
    assert.equal(run.code, 0, run.stderr.slice(0, 300));
    assert.equal(run.stderr, "");
    for (const line of run.stdout.split("\n")) {
      assert.ok(line.length <= 79 || LONE_COMMENT.test(line), line);
    }
    const before = commands(text);
    assert.ok(before.every((n) => n > 0) || name !== "lichess_style.pgn");
    assert.deepEqual(commands(run.stdout), before, name);
  }
});

Deno.test("a [%clk] command cut across lines is read", async () => {
  const run = await fen(
    ["--ply", "all", "--format", "json"],
    "1. e4 { [%clk\n0:04:45] } e5 { [%eval\n-0.3] [%cal Ge2e4,\nRd7d5] } *\n",
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  const [game] = parsePgn(
    "1. e4 { [%clk\n0:04:45] } e5 { [%eval\n-0.3] [%cal Ge2e4,\nRd7d5] } *\n",
  );
  const [e4, e5] = game.mainline.moves;
  assert.equal(e4.clock, 285);
  assert.deepEqual(e5.eval, { pawns: -0.3, mate: null, depth: null });
  assert.deepEqual(e5.shapes.map((s) => s.from + s.to), ["e2e4", "d7d5"]);
});

Deno.test("the Result tag and the marker agree when written: the marker wins", async () => {
  const run = await fen(
    ["--format", "pgn"],
    '[Event "A"]\n[Result "0-1"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n[Result "1/2-1/2"]\n\n1. d4\n',
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  const [a, b] = run.stdout.split("\n\n[Event");
  assert.match(a, /\[Result "1-0"\][^]*\n1\. e4 e5 1-0$/);
  // No marker: the tag is the result, written as both.
  assert.match(b, /\[Result "1\/2-1\/2"\][^]*\n1\. d4 1\/2-1\/2\n/);
});

Deno.test("a tag line missing only its ] is read, with a warning naming the line", async () => {
  const run = await fen(
    ["--format", "fen"],
    '[Event "A"]\n[White "Anna"\n[Black "Bo"]\n\n1. e4 e5 *\n',
  );
  assert.deepEqual(run, {
    code: 0,
    stdout: `${AFTER_E4_E5}\n`,
    stderr:
      "fen: stdin:2:1: game 1, warning: a tag without its ], read as if it had one\n",
  });
  const pgn = await fen(
    ["--format", "pgn"],
    '[Event "A"]\n[White "Anna"\n[Black "Bo"]\n\n1. e4 e5 *\n',
  );
  assert.match(pgn.stdout, /\[White "Anna"\]\n\[Black "Bo"\]/);
});

Deno.test("PGN input is sniffed: gzip read, binary refused at once, zstd decoded (a cut frame is an error, not movetext)", async () => {
  const text = new TextEncoder().encode("1. e4 e5 *\n");
  const gzipped = new Uint8Array(
    await new Response(
      new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer(),
  );
  assert.deepEqual(await fen(["--format", "fen"], gzipped), {
    code: 0,
    stdout: `${AFTER_E4_E5}\n`,
    stderr: "",
  });
  // An ELF header: a NUL at byte 7.
  const binary = new Uint8Array(40_000).map((_, i) => (i * 7919) % 251);
  binary.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  assert.deepEqual(await fen(["--format", "fen"], binary), {
    code: EXIT.ioError,
    stdout: "",
    stderr:
      "fen: stdin is binary data, not text (a NUL byte at byte 7): nothing read\n",
  });
  // A zstd frame's header and no more: decoded natively, so the cut is
  // told (whole .pgn.zst files are read in tests/e2e/compressed_test.ts).
  const zstd = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x0b, 0x59, 0, 0]);
  assert.deepEqual(await fen(["--format", "fen"], zstd), {
    code: EXIT.ioError,
    stdout: "",
    stderr:
      "fen: cannot read input: truncated zstd data: the input ends inside frame 1\n",
  });
});

Deno.test("FEN input: binary data stopped at once, as the manual says, not after 20 lines", async () => {
  // A NUL in the first line: nothing read.
  const elf = new Uint8Array(4000).map((_, i) => 32 + (i * 7919) % 90);
  elf.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  assert.deepEqual(await runFen(["--format", "fen", "-"], { stdin: elf }), {
    code: EXIT.ioError,
    stdout: "",
    stderr:
      "fen: stdin is binary data, not text (a NUL byte at byte 7): nothing read\n",
  });
  // A record, then binary lines: the record, then one message.
  const binary = new TextEncoder().encode(
    "8/8/8/8/8/8/8/K6k w - - 0 1\n" + "x\0y\n".repeat(30),
  );
  const run = await runFen(["--format", "fen", "-"], { stdin: binary });
  assert.deepEqual(run, {
    code: EXIT.ioError,
    stdout: "8/8/8/8/8/8/8/K6k w - - 0 1\n",
    stderr:
      "fen: stdin is binary data, not text (a NUL byte at byte 29): read up to the line it is on\n",
  });
});

Deno.test("standard KQ with the king off e1 keeps its letters; --check names it, --repair drops it", async () => {
  const record = "4k3/8/8/8/8/8/8/1RK4R w KQ - 0 1\n";
  assert.deepEqual(
    await runFen(["--format", "fen", "-"], { stdin: record }),
    {
      code: 0,
      stdout: record,
      stderr: "",
    },
  );
  const check = await runFen(["--check", "-"], { stdin: record });
  assert.equal(check.code, EXIT.illegalPosition);
  assert.equal(check.stderr, "");
  assert.equal(
    check.stdout,
    "line 1: error bad-castling-rights: castling right for the rook on h1: in standard chess the white king castles only from e1, not c1\n" +
      "line 1: error bad-castling-rights: castling right for the rook on a1: in standard chess the white king castles only from e1, not c1\n",
  );
  assert.deepEqual(
    await runFen(["--repair", "--format", "fen", "-"], { stdin: record }),
    { code: 0, stdout: "4k3/8/8/8/8/8/8/1RK4R w - - 0 1\n", stderr: "" },
  );
  // The rook gone from a1, another on b1: still Q, not the b-file's A.
  const moved = "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1\n";
  assert.deepEqual(await runFen(["--format", "fen", "-"], { stdin: moved }), {
    code: 0,
    stdout: moved,
    stderr: "",
  });
});

Deno.test("a start that cannot be set up is reported at its own game's tag, not the first game's", async () => {
  const run = await fen(
    ["--format", "fen"],
    '[Variant "Suicide"] 1. e3 e6 *\n\n[Event "B"]\n[Variant "Shogi"]\n\n1. e4 *\n',
  );
  assert.deepEqual(run, {
    code: EXIT.invalidFen,
    stdout: "",
    stderr: 'fen: stdin:1:1: game 1, the variant "Suicide" is not supported\n' +
      'fen: stdin:4:1: game 2, the variant "Shogi" is not supported\n',
  });
});

Deno.test("a comment over 1 MiB is cut and said so on stderr, once a game, by the reader, the walker and --jobs", async () => {
  const long = "ab ".repeat(400_000); // 1,200,000 characters
  const text = `[Event "A"]\n\n1. e4 {${long}} e5 {${long}} *\n\n` +
    `[Event "B"]\n\n1. d4 {short} d5 *\n\n[Event "C"]\n\n1. c4 ; ${long}\n*\n`;
  const warned = "fen: g.pgn:3:7: game 1, warning: a comment longer than " +
    "1,048,576 characters, cut there\n" +
    "fen: g.pgn:11:7: game 3, warning: a comment longer than " +
    "1,048,576 characters, cut there\n";
  // A file operand: megabytes written to stdin before stdout is read
  // would fill the pipes both ways.
  const dir = await Deno.makeTempDir({ prefix: "fen_cut_" });
  try {
    await Deno.writeTextFile(`${dir}/g.pgn`, text);
    const run = (args: string[]) =>
      spawnFen(["--from", "pgn", ...args, "--input", "g.pgn"], {
        permissions: ["--allow-read"],
        cwd: dir,
      });
    // The walker (positions only), the reader (the games' text), and
    // the same from two threads.
    const pgn = await run(["--format", "pgn"]);
    for (
      const got of [
        pgn,
        ...await Promise.all([
          run(["--format", "fen"]),
          run(["--format", "fen", "--jobs", "2"]),
        ]),
      ]
    ) {
      assert.equal(got.code, 0, got.stderr);
      assert.equal(got.stderr, warned);
    }
    const comments = parsePgn(pgn.stdout).map((game) =>
      game.mainline.moves.flatMap((move) => move.comments)
    );
    assert.deepEqual(comments.map((c) => c.map((t) => t.length)), [
      [1_048_576, 1_048_576], // cut at 1,048,576 characters
      [5],
      [1_048_574], // " ab ... ab " cut there, then trimmed
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Every comment of a game as our reader reads it, in the text's order. */
function ourComments(line: PgnLine, into: string[] = []): string[] {
  into.push(...line.comments);
  for (const move of line.moves) {
    into.push(...move.comments);
    for (const variation of move.variations) ourComments(variation, into);
  }
  return into;
}

/** Every comment of a game as chessops reads it, in the text's order. */
function chessopsComments(
  node: Node<PgnNodeData>,
  into: string[] = [],
): string[] {
  const [main, ...variations] = node.children;
  if (main === undefined) return into;
  for (const child of [main, ...variations]) {
    into.push(
      ...child.data.startingComments ?? [],
      ...child.data.comments ?? [],
    );
    if (child !== main) chessopsComments(child, into);
  }
  return chessopsComments(main, into);
}

/** Comments at every length around a line's end, with line breaks, in variations. */
function longComments(): string {
  const words = (n: number) =>
    Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  const games: string[] = [];
  for (let pad = 0; pad < 12; pad++) {
    games.push(
      `[Event "${pad}"]\n\n{${words(40)}} 1. e4 {${"ab ".repeat(20 + pad)}c} ` +
        `e5 ({${words(30)}} 1... c5 {two  spaces\tand a tab} ` +
        `2. Nf3 {${words(50 + pad)}}) 2. Nf3 {line one\n\nline three\n` +
        `%not an escape\n[Event "not a tag"]} Nc6 {[%clk 0:01:00] ` +
        `${words(20 + pad)} [%eval 0.3]} 3. Bb5 {${"x".repeat(70 + pad)}} *\n`,
    );
  }
  return games.join("\n");
}

Deno.test("--format pgn never changes a comment's text: read back by us and by chessops, every comment the same", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen_comments_" });
  try {
    await Deno.writeTextFile(`${dir}/long.pgn`, longComments());
    const files = ["lichess_style.pgn", "lichess_variants.pgn"].map((name) =>
      new URL(`../testdata/${name}`, import.meta.url).pathname
    );
    for (const path of [`${dir}/long.pgn`, ...files]) {
      const run = (input: string) =>
        runFen(["--from", "pgn", "--format", "pgn", "--input", input], {
          permissions: ["--allow-read"],
        });
      const written = await run(path);
      assert.equal(written.code, 0, written.stderr);
      assert.equal(written.stderr, "");
      const before = parsePgn(await Deno.readTextFile(path)).map((game) =>
        ourComments(game.mainline)
      );
      // Comments longer than a line (the variants' games have none).
      const long = before.flat().some((c) => c.length > 79);
      assert.equal(long, !path.endsWith("lichess_variants.pgn"), path);
      const after = parsePgn(written.stdout).map((game) =>
        ourComments(game.mainline)
      );
      assert.deepEqual(after, before, path);
      const theirs = chessopsParsePgn(written.stdout).map((game) =>
        chessopsComments(game.moves, [...game.comments ?? []])
      );
      assert.deepEqual(theirs, before, path);
      for (const line of written.stdout.split("\n")) {
        assert.ok(line.length <= 79 || LONE_COMMENT.test(line), line);
      }
      // Written again, the same text.
      await Deno.writeTextFile(`${dir}/again.pgn`, written.stdout);
      assert.equal((await run(`${dir}/again.pgn`)).stdout, written.stdout);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
