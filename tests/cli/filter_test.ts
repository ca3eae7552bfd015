// The command as a Unix filter: the input people really have, messages that
// are safe to print, output that is never held back or lost.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { parseFen, renderSvg } from "../../mod.ts";
import { polyglotKey } from "../../lib/data/polyglot/mod.ts";
import { runMain } from "./_harness.ts";
import { LineReader, MAX_LINE } from "../../lib/cli/io.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Deno.test("--check detects Chess960 castling as the library does", async () => {
  const fen =
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const result = await runMain(["--check", fen]);
  assert.deepEqual(result, {
    code: 0,
    stdout: "legal\n",
    stderr: "",
    files: new Map(),
  });
});

Deno.test("several placements make several records; an unquoted record stays one", async () => {
  const two = await runMain([
    "--format",
    "fen",
    "8/8/8/8/8/8/8/K6k",
    "4k3/8/8/8/8/8/8/4K3",
  ]);
  assert.equal(
    two.stdout,
    "8/8/8/8/8/8/8/K6k w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
  );
  const one = await runMain(["--format", "fen", ...START.split(" ")]);
  assert.equal(one.stdout, `${START}\n`);
  const mixed = await runMain([
    "--format",
    "fen",
    "8/8/8/8/8/8/8/K6k",
    "b",
    "4k3/8/8/8/8/8/8/4K3",
  ]);
  assert.equal(
    mixed.stdout,
    "8/8/8/8/8/8/8/K6k b - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
  );
  const bad = await runMain(["--format", "fen", "8/8/8/8/8/8/8/K6k", "8/8"]);
  assert.equal(bad.code, EXIT.invalidFen);
  assert.equal(bad.stderr, "fen: record 2: invalid FEN-string\n");
});

Deno.test("a stdin holding one record draws its diagram on stdout; two need --out-dir", async () => {
  const one = await runMain(["-n", "-"], { stdin: `${START}\n` });
  assert.equal(one.code, 0);
  assert.equal(one.stdout, renderSvg(START, { labels: true }));
  const two = await runMain(["-n", "-"], { stdin: `${START}\n${START}\n` });
  assert.equal(two.code, EXIT.usage);
  assert.equal(two.stdout, "");
  assert.match(
    two.stderr,
    /^fen: the input holds more than one record: diagrams need --out-dir/,
  );
});

Deno.test("records as people paste them: tags, quotes, comments, no-break spaces, BOM", async () => {
  const stdin = [
    "# positions from a file",
    '[FEN "8/8/8/8/8/8/8/K6k b - - 0 1"]',
    '"8/8/8/8/8/8/8/K6k b - - 0 2"',
    "8/8/8/8/8/8/8/K6k\u00a0b - - 0 3   # after the blunder",
    "\uFEFF8/8/8/8/8/8/8/K6k b - - 0 4",
    '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";',
  ].join("\r\n");
  const result = await runMain(["--format", "fen", "-"], { stdin });
  assert.equal(result.stderr, "");
  assert.deepEqual(result.stdout.trimEnd().split("\n"), [
    "8/8/8/8/8/8/8/K6k b - - 0 1",
    "8/8/8/8/8/8/8/K6k b - - 0 2",
    "8/8/8/8/8/8/8/K6k b - - 0 3",
    "8/8/8/8/8/8/8/K6k b - - 0 4",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
  ]);
  const bom = await runMain(["--format", "fen", "\uFEFF8/8/8/8/8/8/8/K6k"]);
  assert.equal(bom.stdout, "8/8/8/8/8/8/8/K6k w - - 0 1\n");
  const strict = await runMain(["--strict", "--format", "fen", "-"], {
    stdin: "# a comment\n",
  });
  assert.equal(strict.code, EXIT.invalidFen);
});

Deno.test("EPD in every stream: --format epd keeps the operations", async () => {
  const line =
    '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";';
  assert.equal(
    (await runMain(["--format", "epd", "-"], { stdin: line })).stdout,
    `${line}\n`,
  );
  const board = await runMain(["--format", "board", "-"], { stdin: line });
  assert.equal(board.stdout.split("\n")[0], "..rr...k");
});

Deno.test("a UTF-16 file is named as such", async () => {
  const text = "8/8/8/8/8/8/8/K6k\n";
  const utf16 = new Uint8Array(2 + text.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
  const result = await runMain(["--format", "fen", "-"], { stdin: utf16 });
  assert.equal(result.code, EXIT.invalidFen);
  assert.equal(result.stdout, "");
  assert.match(
    result.stderr,
    /^fen: stdin is UTF-16 text: convert it to UTF-8 first/,
  );
});

Deno.test("LineReader keeps at most one line's worth between chunks: linear time on any input", async () => {
  // Counted, not timed: what a chunk costs is its own length plus what was
  // kept from before, so a bound on what is kept makes the whole linear.
  const reader = new LineReader();
  const bytes = new TextEncoder().encode("1".repeat(8_000_000) + "\n");
  let offset = 0;
  const source = {
    read(buffer: Uint8Array): Promise<number | null> {
      if (offset >= bytes.length) return Promise.resolve(null);
      const n = Math.min(buffer.length, bytes.length - offset);
      buffer.set(bytes.subarray(offset, offset + n));
      offset += n;
      return Promise.resolve(n);
    },
  };
  const tooLong: number[] = [];
  const handler = {
    line: () => assert.fail("the line is over the limit"),
    tooLong: (_n: number, size: number) => tooLong.push(size),
  };
  let chunks = 0;
  while (await reader.next(source, handler)) {
    chunks++;
    assert.ok(reader.held <= MAX_LINE + 1, `${reader.held} kept`);
  }
  assert.ok(chunks >= 100, `${chunks} chunks`);
  assert.deepEqual(tooLong, [8_000_000]);
});

Deno.test("messages escape control characters and shorten long tokens", async () => {
  const esc = await runMain(["--format", "fen", "-"], {
    stdin: "8/8/8/8/8/8/8/8 w - \x1b]0;pwned\x07 0 1\n",
  });
  assert.equal(
    esc.stderr,
    'fen: line 1: invalid FEN-string: en-passant target must be "-" or a square such as e3, found "<U+001B>]0;pwned<U+0007>" at column 21\n',
  );
  const zeroWidth = await runMain(["--verbose", "8/8/8/8/8/8/8/8 w\u200b"]);
  assert.match(zeroWidth.stderr, /found "w<U\+200B>"/);
  assert.match(zeroWidth.stderr, /\n {2}8\/8\/8\/8\/8\/8\/8\/8 w<U\+200B>\n/);
  const huge = await runMain([
    "--verbose",
    `8/8/8/8/8/8/8/8 w - - 0 ${"1".repeat(100_000)}`,
  ]);
  assert.ok(huge.stderr.length < 400, `${huge.stderr.length} characters`);
  assert.match(huge.stderr, /"1{24}\.\.\." \(100000 characters\) is too large/);
});

Deno.test("messages name what is really there", async () => {
  const say = async (fen: string) => (await runMain(["--verbose", fen])).stderr;
  assert.match(
    await say(`8/8/8/${"1p".repeat(50)}/8/8/8/8`),
    /rank 5 has 100 squares, expected 8 at column 15\n/,
  );
  assert.match(
    await say("8/8/8/8/8/8/8/8 w - - 0 9007199254740992"),
    /is too large/,
  );
  assert.equal(
    (await runMain([
      "--format",
      "fen",
      "8/8/8/8/8/8/8/8 w - - 0 9007199254740991",
    ])).code,
    0,
  );
  assert.match(
    await say("8/8/8/8/\u{1F600}/8/8/8"),
    /"\u{1F600}" is not a piece letter/u,
  );
  // The caret stands under the ninth square of an overfull rank, and after
  // a tab it still points at the right character.
  assert.equal(
    await say("8/ppppppppp/8/8/8/8/8/8"),
    "fen: invalid FEN-string: rank 7 has 9 squares, expected 8 at column 11\n" +
      "  8/ppppppppp/8/8/8/8/8/8\n" +
      "            ^\n",
  );
  assert.equal(
    await say("8/8/8/8/8/8/8/8\tw\tx"),
    'fen: invalid FEN-string: "x" is not castling availability (KQkq or a file A-H, a-h) at column 19\n' +
      "  8/8/8/8/8/8/8/8 w x\n" +
      "                    ^\n",
  );
});

Deno.test("people at a terminal are told why; scripts get the classic bytes", async () => {
  const terminal = { stderr: true };
  const invalid = await runMain(["-n", "4r3/2P3R1"], { terminal });
  assert.equal(invalid.code, EXIT.invalidFen);
  assert.match(
    invalid.stderr,
    /^fen: invalid FEN-string: placement has 2 ranks, expected 8 at column 10\n {2}4r3\/2P3R1\n {11}\^\n$/,
  );
  const piped = await runMain(["-n", "4r3/2P3R1"]);
  assert.equal(piped.stderr, "fen: invalid FEN-string\n");
  const unknown = await runMain(["-x", "8/8/8/8/8/8/8/8"], { terminal });
  assert.equal(
    unknown.stderr,
    "fen: unknown option -x (see fen --help)\nUsage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n",
  );
});

Deno.test("canonical output always reads back under --strict", async () => {
  const records = [
    "8/8/8/8/8/8/8/K6k w - - 0 0",
    "8/8/8/8/8/8/8/K6k w - e3 007 1",
    "8/8/8/8/8/8/8/K6k b kqKQ e6",
    "r3k2r/8/8/8/8/8/8/R3K2R/ w qkQK - 00 01;",
    '[FEN "8/8/8/8/8/8/8/K6k b - - 3 9"]',
    "8/8/8/8/8/8/8/K6k b - - hmvc 3; fmvn 40;",
  ];
  const first = await runMain(["--format", "fen", "-"], {
    stdin: records.join("\n"),
  });
  assert.equal(first.code, 0, first.stderr);
  const again = await runMain(["--strict", "--format", "fen", "-"], {
    stdin: first.stdout,
  });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stdout, first.stdout);
});

Deno.test("--explain says what --format fen changed", async () => {
  const result = await runMain([
    "--format",
    "fen",
    "--explain",
    "8/8/8/8/8/8/8/K6k w kqKQ e3 007 0",
  ]);
  assert.equal(result.stdout, "8/8/8/8/8/8/8/K6k w KQkq - 7 1\n");
  assert.equal(
    result.stderr,
    "fen: castling kqKQ reordered as KQkq\n" +
      "fen: en passant e3 written as -: White to move cannot capture on rank 3\n" +
      "fen: halfmove clock 007 written as 7\n" +
      "fen: fullmove number 0 written as 1\n",
  );
  const quiet = await runMain(["--format", "fen", "--explain", START]);
  assert.equal(quiet.stderr, "");
});

Deno.test("--input reads files in order, and names them in messages", async () => {
  const files = { "a.fen": `${START}\nbad\n`, "b.fen": "8/8/8/8/8/8/8/K6k\n" };
  const result = await runMain([
    "--format",
    "fen",
    "--input",
    "a.fen",
    "--input",
    "b.fen",
  ], { files });
  assert.equal(result.code, EXIT.invalidFen);
  assert.equal(result.stdout, `${START}\n8/8/8/8/8/8/8/K6k w - - 0 1\n`);
  assert.match(result.stderr, /^fen: a\.fen:2: invalid FEN-string: /);
  const missing = await runMain(["--format", "fen", "--input", "c.fen"], {
    files,
  });
  assert.equal(missing.code, EXIT.ioError);
  assert.match(
    missing.stderr,
    /^fen: cannot read c\.fen: no such file or directory\n$/,
  );
  const denied = await runMain(["--input", "a.fen"], { files, granted: false });
  assert.equal(denied.code, EXIT.ioError);
  assert.match(
    denied.stderr,
    /^fen: cannot read a\.fen: no permission \(run deno with --allow-read=a\.fen\)\n$/,
  );
});

Deno.test("output is written before each wait for input, and per record on a terminal", async () => {
  const lines = Array.from({ length: 400 }, () => START).join("\n") + "\n";
  const seen: number[] = [];
  await runMain(["--format", "fen", "-"], {
    stdin: lines,
    onRead: (out) => seen.push(out.split("\n").length - 1),
  });
  // Every read after the first finds the records of the chunks before it.
  assert.ok(seen.length >= 3);
  for (let i = 1; i < seen.length; i++) {
    const complete = Math.min(400, Math.floor((7000 * i) / (START.length + 1)));
    assert.ok(seen[i] >= complete, `read ${i}: ${seen[i]} of ${complete}`);
  }
});

Deno.test("--format json writes one object per record line, invalid ones included, each matched back to its line", async () => {
  const stdin = `${START}\n\n# a comment\nbad\n  ${START}  \n`;
  const result = await runMain([
    "--format",
    "json",
    "--json-fields",
    "all",
    "-",
  ], {
    stdin,
  });
  const lines = result.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 3);
  const key = polyglotKey(parseFen(START)).toString(16).padStart(16, "0");
  assert.deepEqual(lines[0], {
    line: 1,
    ...parseFen(START),
    fen: START,
    key,
    input: START,
  });
  assert.deepEqual(lines[2], {
    line: 5,
    ...parseFen(START),
    fen: START,
    key,
    input: `  ${START}  `,
  });
  assert.deepEqual(lines[1], {
    line: 4,
    input: "bad",
    error: {
      field: "placement",
      offset: 1,
      message:
        '"a" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 2',
    },
  });
  assert.equal(result.code, EXIT.invalidFen);
  assert.match(result.stderr, /^fen: line 4: invalid FEN-string/);
  // Without --json-fields: the same objects, without board, key and input,
  // the members in the same order; an invalid line's object is whole.
  const plain = await runMain(["--format", "json", "-"], { stdin });
  const { board: _, ...fields } = parseFen(START);
  assert.equal(
    plain.stdout.split("\n")[0],
    JSON.stringify({ line: 1, ...fields, fen: START }),
  );
  const withoutCostly = (
    { board: _, key: __, input: ___, ...kept }: Record<string, unknown>,
  ) => kept;
  assert.deepEqual(
    plain.stdout.trimEnd().split("\n").map((l) => JSON.parse(l)),
    [withoutCostly(lines[0]), lines[1], withoutCostly(lines[2])],
  );
  assert.equal(plain.code, EXIT.invalidFen);
});

Deno.test("--json-fields takes board, key, input or all, comma-separated, with --format json only", async () => {
  const full = await runMain([
    "--format",
    "json",
    "--json-fields",
    "all",
    START,
  ]);
  const listed = await runMain([
    "--format",
    "json",
    "--json-fields",
    "input,key,board",
    START,
  ]);
  assert.deepEqual(listed, full);
  assert.deepEqual(
    Object.keys(JSON.parse(full.stdout)),
    [
      "record",
      "board",
      "turn",
      "castling",
      "enPassant",
      "halfmoveClock",
      "fullmoveNumber",
      "fen",
      "key",
      "input",
    ],
  );
  const board = await runMain([
    "--format",
    "json",
    "--json-fields",
    "board",
    START,
  ]);
  assert.deepEqual(Object.keys(JSON.parse(board.stdout)).slice(0, 3), [
    "record",
    "board",
    "turn",
  ]);
  assert.equal("key" in JSON.parse(board.stdout), false);
  const unknown = await runMain([
    "--format",
    "json",
    "--json-fields",
    "key,bord",
    START,
  ]);
  assert.deepEqual([unknown.code, unknown.stdout], [EXIT.usage, ""]);
  assert.match(
    unknown.stderr,
    /^fen: --json-fields "key,bord": "bord" is not one of board, key, input or all\n/,
  );
  const elsewhere = await runMain([
    "--format",
    "fen",
    "--json-fields",
    "key",
    START,
  ]);
  assert.deepEqual([elsewhere.code, elsewhere.stdout], [EXIT.usage, ""]);
  assert.match(
    elsewhere.stderr,
    /^fen: --json-fields goes with --format json, not --format fen\n/,
  );
});

Deno.test("--format json names the file, keeps EPD operations and lists the moves played", async () => {
  const files = {
    "a.epd": `${START.split(" ").slice(0, 4).join(" ")} bm e4; id "one";\n`,
    "b.fen": `${START}\n`,
  };
  const result = await runMain(
    ["--format", "json", "--input", "a.epd", "--input", "b.fen"],
    { files },
  );
  assert.equal(result.code, 0, result.stderr);
  const [a, b] = result.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(a.file, "a.epd");
  assert.equal(a.line, 1);
  assert.deepEqual(a.operations, [
    { opcode: "bm", operands: ["e4"] },
    { opcode: "id", operands: ["one"] },
  ]);
  assert.deepEqual([b.file, b.line, b.fen], ["b.fen", 1, START]);
  const moved = await runMain([
    "--format",
    "json",
    "--json-fields",
    "input",
    "--moves",
    "e4 e5",
    START,
  ]);
  const object = JSON.parse(moved.stdout);
  assert.equal(object.record, 1);
  assert.equal(object.input, START);
  assert.deepEqual(object.moves, [
    { uci: "e2e4", san: "e4" },
    { uci: "e7e5", san: "e5" },
  ]);
  assert.equal(
    object.fen,
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
  );
});

Deno.test("--from grid reads boards back: the command's own, spaced and framed ones", async () => {
  const fens = [
    START.split(" ")[0],
    "8/8/8/8/8/8/8/K6k",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
  ];
  // Boards without coordinates are read with White at the bottom; the
  // unicode format's coordinates tell a flipped board, which is turned back.
  for (
    const args of [["--format", "board"], ["--format", "unicode"], [
      "--format",
      "unicode",
      "--flip",
    ]]
  ) {
    const drawn = await runMain([...args, ...fens]);
    const back = await runMain(["--from", "grid", "--format", "fen", "-"], {
      stdin: drawn.stdout,
    });
    assert.equal(back.stderr, "", args.join(" "));
    assert.deepEqual(
      back.stdout.trimEnd().split("\n").map((l) => l.split(" ")[0]),
      fens,
      args.join(" "),
    );
  }
  const grid = await runMain(["--format", "grid", "--empty", "□", ...fens]);
  const back = await runMain([
    "--from",
    "grid",
    "--empty",
    "□",
    "--format",
    "fen",
    "-",
  ], { stdin: grid.stdout });
  assert.deepEqual(
    back.stdout.trimEnd().split("\n").map((l) => l.split(" ")[0]),
    fens,
  );
  const spaced = "r n b q k b n r\np p p p p p p p\n" +
    ". . . . . . . .\n".repeat(4) +
    "P P P P P P P P\nR N B Q K B N R\n";
  const fromSpaced = await runMain([
    "--from",
    "grid",
    "--format",
    "fen",
    spaced,
  ]);
  assert.equal(fromSpaced.stdout, `${START.split(" ")[0]} w - - 0 1\n`);
  const broken = await runMain(["--from", "grid", "--format", "fen", "-"], {
    stdin: "rnbqkbnr\nppp\n",
  });
  assert.equal(broken.code, EXIT.invalidFen);
  assert.equal(
    broken.stderr,
    "fen: line 2: invalid board: rank 7 has 3 squares, expected 8 at line 2, column 4\n",
  );
});

Deno.test("--moves: the position after them in every format, errors named, exit 5", async () => {
  const fen = await runMain([
    "--moves",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5",
    "--format",
    "fen",
  ]);
  assert.equal(
    fen.stdout,
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n",
  );
  const board = await runMain(["--moves", "e4", "--format", "board"]);
  assert.equal(board.stdout.split("\n")[4], "....P...");
  const stream = await runMain(["--moves", "Kb2", "--format", "fen", "-"], {
    stdin: "8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/k6K w - - 0 1\n",
  });
  assert.equal(stream.code, EXIT.illegalMove);
  assert.equal(stream.stdout, "8/8/8/8/8/8/1K6/7k b - - 1 1\n");
  assert.equal(
    stream.stderr,
    'fen: line 2: cannot play move 1 "Kb2": illegal: no king can move to b2\n',
  );
  const bad = await runMain(["--moves", "e4 e9"]);
  assert.equal(bad.code, EXIT.illegalMove);
  assert.equal(bad.stderr, 'fen: cannot play move 2 "e9": no such square\n');
  const svg = await runMain([
    "--moves",
    "f3 e5 g4 Qh4#",
    "--style",
    "vector",
    "--side-to-move",
  ]);
  assert.match(
    svg.stdout,
    /<title>Chess diagram: rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w KQkq - 1 3, White to move<\/title>/,
  );
  assert.match(
    svg.stdout,
    /Last move d8 to h4\. The white king on e1 is in check\./,
  );
});

Deno.test("--check: checkmate and stalemate end the game before the move-count draws", async () => {
  const mate = await runMain([
    "--check",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 60",
  ]);
  assert.deepEqual([mate.code, mate.stdout, mate.stderr], [
    0,
    "legal\ninfo checkmate: White is checkmated: Black wins\n",
    "",
  ]);
  const stalemate = await runMain([
    "--check",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 150 80",
  ]);
  assert.deepEqual([stalemate.code, stalemate.stdout, stalemate.stderr], [
    0,
    "legal\ninfo stalemate: Black has no legal move: a draw\n",
    "",
  ]);
});

Deno.test("--check adds the game's status as information", async () => {
  const mate = await runMain(["--check", "--moves", "f3 e5 g4 Qh4#"]);
  assert.deepEqual([mate.code, mate.stdout], [
    0,
    "legal\ninfo checkmate: White is checkmated: Black wins\n",
  ]);
  const draw = await runMain(["--check", "8/8/4k3/8/8/4K3/8/8 b - - 151 120"]);
  assert.equal(
    draw.stdout,
    // one end, the first python-chess's outcome() finds, reported once
    "legal\ninfo insufficient-material: neither side has mating material: a draw\n",
  );
  const json = JSON.parse(
    (await runMain(["--check", "--format", "json", "--moves", "f3 e5 g4 Qh4#"]))
      .stdout,
  );
  assert.equal(
    json.fen,
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
  );
  assert.equal(json.status.checkmate, true);
  assert.deepEqual(json.status.checkers, ["h4"]);
  const illegal = JSON.parse(
    (await runMain(["--check", "--format", "json", "8/8/8/8/8/8/8/8"])).stdout,
  );
  assert.equal(illegal.status, undefined);
});

Deno.test("--format json keeps its place past bad moves, long lines and bad boards", async () => {
  const moves = await runMain(["--moves", "Kb2", "--format", "json", "-"], {
    stdin: "8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/k6K w - - 0 1\n",
  });
  const lines = moves.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  assert.deepEqual(lines[1], {
    line: 2,
    input: "8/8/8/8/8/8/8/k6K w - - 0 1",
    error: {
      field: "moves",
      message: 'cannot play move 1 "Kb2": illegal: no king can move to b2',
    },
  });
  const long = await runMain(["--format", "json", "-"], {
    stdin: `${"1".repeat(5000)}\n${START}\n`,
  });
  assert.deepEqual(JSON.parse(long.stdout.split("\n")[0]), {
    line: 1,
    error: { field: "record", message: "too long (5000 bytes)" },
  });
  const board = await runMain(["--from", "grid", "--format", "json", "-"], {
    stdin: "rnbqkbnr\nppp\n",
  });
  assert.equal(JSON.parse(board.stdout).error.field, "board");
});

Deno.test("diagram options reach the drawing: style, size, highlights, arrows, PNG", async () => {
  const svg = await runMain([
    "--style",
    "vector",
    "--size",
    "240",
    "--highlight",
    "e4,d5",
    "--highlight-color",
    "#ff000080",
    "--arrow",
    "g1f3",
    "--lastmove",
    "e2e4",
    START,
  ]);
  assert.equal(svg.code, 0, svg.stderr);
  assert.equal(
    svg.stdout,
    renderSvg(START, {
      style: "vector",
      size: 240,
      highlight: ["e4", "d5"],
      highlightColor: "#ff000080",
      arrows: ["g1f3"],
      lastMove: "e2e4",
    }),
  );
  const bytes = new TextEncoder();
  const png = await runMain(["--format", "png", "--size", "64", START]);
  assert.equal(png.code, 0, png.stderr);
  // The harness decodes stdout as UTF-8: the signature's ASCII survives.
  assert.ok(png.stdout.startsWith("\uFFFDPNG\r\n"));
  const files = await runMain(["--format", "png", "--out-dir", "boards", "-"], {
    stdin: `${START}\n8/8/8/8/8/8/8/K6k\n`,
  });
  assert.deepEqual([...files.files.keys()], [
    "boards/000001.png",
    "boards/000002.png",
  ]);
  assert.ok(bytes.encode(files.files.get("boards/000001.png")!).length > 1000);
  const terminal = await runMain(["--format", "png", START], {
    terminal: { stdout: true },
  });
  assert.equal(terminal.code, EXIT.usage);
  assert.match(terminal.stderr, /^fen: not writing a PNG image to a terminal/);
});

Deno.test("--moves: fen, epd and json write what the library's writers make of the moved position", async () => {
  const { Chess } = await import("chess.js");
  const { playMoves } = await import("../../lib/moves/mod.ts");
  const { stringifyEpd, stringifyFen } = await import("../../mod.ts");
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  for (let game = 0; game < 30; game++) {
    const chess = new Chess();
    const plies = 1 + random(60);
    for (let i = 0; i < plies && !chess.isGameOver(); i++) {
      const moves = chess.moves();
      chess.move(moves[random(moves.length)]);
    }
    const sans = chess.history().join(" ");
    const expected = playMoves(parseFen(START), sans).position;
    const record = `${START.split(" ").slice(0, 4).join(" ")} id "g${game}";`;
    const fen = await runMain(["--moves", sans, "--format", "fen", START]);
    assert.equal(fen.stdout, `${stringifyFen(expected)}\n`, sans);
    const json = await runMain([
      "--moves",
      sans,
      "--format",
      "json",
      "--json-fields",
      "all",
      START,
    ]);
    const { record: _, moves, fen: canonical, input, key, ...position } = JSON
      .parse(json.stdout);
    assert.equal(BigInt(`0x${key}`), polyglotKey(expected), sans);
    assert.deepEqual(position, JSON.parse(JSON.stringify(expected)), sans);
    assert.equal(canonical, stringifyFen(expected));
    assert.equal(input, START);
    assert.equal(moves.map((m: { san: string }) => m.san).join(" "), sans);
    const epd = await runMain(["--moves", sans, "--format", "epd", record]);
    assert.equal(
      epd.stdout,
      `${stringifyEpd(expected, [{ opcode: "id", operands: [`g${game}`] }])}\n`,
      sans,
    );
  }
});

Deno.test("an internal error still writes everything converted before it", async () => {
  const { FORMATS } = await import("../../lib/cli/format_registry.ts");
  const original = FORMATS.fen.write;
  let written = 0;
  // A stand-in for any bug in a writer: the 3001st record throws.
  (FORMATS.fen as { write: typeof original }).write = (out, current, run) => {
    if (++written > 3000) throw new Error("a bug");
    original(out, current, run, {});
  };
  try {
    const stdin = `${START}\n`.repeat(3001);
    const result = await runMain(["--format", "fen", "-"], { stdin });
    assert.equal(result.code, EXIT.internal);
    assert.equal(result.stdout, `${START}\n`.repeat(3000));
    assert.equal(
      result.stderr,
      "fen: internal error: a bug (please report it)\n",
    );
  } finally {
    (FORMATS.fen as { write: typeof original }).write = original;
  }
});
