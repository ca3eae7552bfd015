// What a stream reads as a record: blank lines, counters that are present
// but wrong, and EPD strings with quotes, as a user meets them (stdout,
// stderr and the exit code together).

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { type Run, runMain } from "./_harness.ts";

const K = "8/8/8/8/8/8/8/K6k w - - 0 1";

function assertRun(actual: Run, expected: Run, why = ""): void {
  assert.deepEqual(
    { code: actual.code, stdout: actual.stdout, stderr: actual.stderr },
    expected,
    why,
  );
}

Deno.test("a line of spaces, tabs, no-break spaces or byte order marks is blank, and skipped", async () => {
  for (
    const blank of [
      "\u00a0",
      " \u00a0\t",
      " \ufeff",
      "\ufeff",
      "\t\ufeff\u00a0",
      "\u00a0# a comment after a no-break space",
    ]
  ) {
    const stdin = `${K}\n${blank}\n${K}\r\n${blank}`;
    assertRun(await runMain(["--format", "fen", "-"], { stdin }), {
      code: 0,
      stdout: `${K}\n${K}\n`,
      stderr: "",
    }, JSON.stringify(blank));
  }
});

Deno.test("a counter that is a word is refused with its field and column, not reset to 0 1", async () => {
  const bad = [
    [
      "8/8/8/8/8/8/8/K6k w - - 0 l",
      'fullmove number must be a positive integer, found "l"',
      27,
    ],
    [
      "8/8/8/8/8/8/8/K6k w - - 0 abc",
      'fullmove number must be a positive integer, found "abc"',
      27,
    ],
    [
      "8/8/8/8/8/8/8/K6k w - - x 1",
      'halfmove clock must be a nonnegative integer, found "x"',
      25,
    ],
    [
      "8/8/8/8/8/8/8/K6k w - e3 e3 0 1",
      'halfmove clock must be a nonnegative integer, found "e3"',
      26,
    ],
    [
      "8/8/8/8/8/8/8/K6k w - - 12 e6",
      'fullmove number must be a positive integer, found "e6"',
      28,
    ],
  ] as const;
  const stdin = [K, ...bad.map(([line]) => line), K].join("\n");
  assertRun(await runMain(["--format", "fen", "-"], { stdin }), {
    code: EXIT.invalidFen,
    stdout: `${K}\n${K}\n`,
    stderr: bad.map(([, detail, column], i) =>
      `fen: line ${i + 2}: invalid FEN-string: ${detail} ` +
      `(an EPD operation there must end with ";") at column ${column}\n`
    ).join(""),
  });
  assertRun(
    await runMain(["--format", "fen", "--verbose", bad[4][0]]),
    {
      code: EXIT.invalidFen,
      stdout: "",
      stderr: "fen: invalid FEN-string: " + bad[4][1] +
        ' (an EPD operation there must end with ";") at column 28\n' +
        "  8/8/8/8/8/8/8/K6k w - - 12 e6\n" +
        "                             ^\n",
    },
  );
});

Deno.test("the ERET suite's extra - before the operations is read", async () => {
  const stdin = "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 " +
    'w q - - bm Rxf4; id "ERET 001 - Relief";\n';
  assertRun(await runMain(["--format", "epd", "-"], { stdin }), {
    code: 0,
    stdout: stdin.replace("- - bm", "- bm"),
    stderr: "",
  });
});

Deno.test("--format epd writes quotes in EPD strings as the PGN escapes, and loses no line", async () => {
  const lines = [
    '8/8/8/8/8/8/8/K6k w - - c0 "say \\"hi\\""; c1 "a\\\\b";',
    '8/8/8/8/8/8/8/K6k w - - id x"y;',
    '8/8/8/8/8/8/8/K6k w - - id "open\\";',
    K,
  ];
  assertRun(
    await runMain(["--format", "epd", "-"], { stdin: lines.join("\n") }),
    {
      code: EXIT.invalidFen,
      stdout: '8/8/8/8/8/8/8/K6k w - - c0 "say \\"hi\\""; c1 "a\\\\b";\n' +
        '8/8/8/8/8/8/8/K6k w - - id "x\\"y";\n' +
        "8/8/8/8/8/8/8/K6k w - -\n",
      stderr: "fen: line 3: invalid FEN-string: the string operand of id " +
        "has no closing quote at column 28\n",
    },
  );
});
