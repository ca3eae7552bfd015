// Data and engine work through the command: keys, dedupe, stats, filters,
// repair, EPD move operations, perft and moves, openings. Each run asserts
// stdout, stderr and the exit code together.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { parseFen } from "../../mod.ts";
import { polyglotKey } from "../../lib/data/polyglot/mod.ts";
import { runMain } from "./_harness.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const MATE = "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
const TWO_KINGS = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1";

/** stdout, stderr and the exit code of an in-process run. */
async function run(
  args: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runMain(
    args,
    stdin === undefined ? {} : { stdin },
  );
  return { code, stdout, stderr };
}

Deno.test("--format key writes the Polyglot format's test keys", async () => {
  // the Polyglot book format document's keys (also python-chess's tests)
  const stdin = [
    START,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  ].join("\n");
  assert.deepEqual(await run(["--format", "key", "-"], stdin), {
    code: 0,
    stdout:
      "463b96181691fc9c\n823c9b50fd114196\n0756b94461c50fb0\n22a48b5a8e47ff78\n",
    stderr: "",
  });
});

Deno.test("JSON gains the key with --json-fields key; --opening adds the opening or null", async () => {
  const keyed = await run(["--format", "json", "--json-fields", "key", START]);
  assert.equal(keyed.code, 0);
  assert.equal(JSON.parse(keyed.stdout).key, "463b96181691fc9c");
  const plain = await run(["--format", "json", START]);
  assert.equal(plain.code, 0);
  assert.equal("key" in JSON.parse(plain.stdout), false);
  assert.equal("opening" in JSON.parse(plain.stdout), false);
  const named = await run([
    "--format",
    "json",
    "--opening",
    "--moves",
    "e4 e5",
  ]);
  assert.deepEqual(
    [named.code, named.stderr, JSON.parse(named.stdout).opening],
    [0, "", { eco: "C20", name: "King's Pawn Game" }],
  );
  const none = await run(["--format", "json", "--opening", KINGS]);
  assert.equal(JSON.parse(none.stdout).opening, null);
});

Deno.test("--format placement and --format opening: one line a record", async () => {
  assert.deepEqual(await run(["--format", "placement", START, KINGS]), {
    code: 0,
    stdout:
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n4k3/8/8/8/8/8/8/4K3\n",
    stderr: "",
  });
  assert.deepEqual(
    await run(["--format", "opening", "--moves", "e4 c5", START]),
    { code: 0, stdout: "B20\tSicilian Defense\n", stderr: "" },
  );
  assert.deepEqual(
    await run(["--format", "opening", "-"], `${START}\n${KINGS}\n`),
    { code: 0, stdout: "-\n-\n", stderr: "" },
  );
});

Deno.test("--en-passant legal and pseudo-legal drop a square no capture can use", async () => {
  const pinned = "8/8/8/KPp4r/8/8/8/7k w - c6 0 2";
  const stdin =
    `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n${pinned}\n`;
  assert.deepEqual(await run(["--format", "fen", "-"], stdin), {
    code: 0,
    stdout: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n" +
      `${pinned}\n`,
    stderr: "",
  });
  assert.deepEqual(
    await run(["--format", "epd", "--en-passant", "pseudo-legal", "-"], stdin),
    {
      code: 0,
      stdout: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n" +
        "8/8/8/KPp4r/8/8/8/7k w - c6\n",
      stderr: "",
    },
  );
  const legal = await run(["--format", "fen", "--en-passant", "legal", pinned]);
  assert.deepEqual(legal, {
    code: 0,
    stdout: "8/8/8/KPp4r/8/8/8/7k w - - 0 2\n",
    stderr: "",
  });
  const refused = await run([
    "--en-passant",
    "legal",
    "--format",
    "board",
    START,
  ]);
  assert.deepEqual(refused, {
    code: EXIT.usage,
    stdout: "",
    stderr:
      "fen: --en-passant goes with --format fen, epd, json or key, not --format board\n",
  });
});

Deno.test("--unique keeps the first record of each position at the level named", async () => {
  const stdin = [
    KINGS,
    "4k3/8/8/8/8/8/8/4K3 w - - 12 40", // counters differ
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", // same but e3
    "4k3/8/8/8/8/8/8/4K3 b - - 0 1", // other side
    KINGS,
  ].join("\n");
  const kept = async (level: string[]) => {
    const result = await run(["--format", "epd", ...level, "-"], stdin);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    return result.stdout.trimEnd().split("\n").length;
  };
  assert.equal(await kept(["--unique"]), 5);
  assert.equal(await kept(["--unique=record"]), 5);
  assert.equal(await kept(["--unique=epd"]), 4);
  assert.equal(await kept(["--unique=position"]), 3);
  assert.equal(await kept(["--unique=side"]), 3);
  assert.equal(await kept(["--unique=board"]), 2);
  // the first occurrence, in order
  const first = await run(["--format", "fen", "--unique=board", "-"], stdin);
  assert.equal(
    first.stdout,
    `${KINGS}\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n`,
  );
});

Deno.test("--unique: a bad level is one message; a value only after =", async () => {
  assert.deepEqual(await run(["--unique=boards", "--format", "fen", KINGS]), {
    code: EXIT.usage,
    stdout: "",
    stderr:
      'fen: --unique "boards" must be one of record, epd, position, castling, side or board\n',
  });
  // "--unique -": the operand is stdin, not a level
  assert.deepEqual(
    await run(["--unique", "--format", "fen", "-"], `${KINGS}\n${KINGS}\n`),
    { code: 0, stdout: `${KINGS}\n`, stderr: "" },
  );
});

Deno.test("--stats alone writes the counts on stdout, with a format on stderr", async () => {
  const stdin = [KINGS, "4k3/8/8/8/8/8/8/4K3 w - - 5 9", "x", MATE, TWO_KINGS]
    .join("\n");
  const alone = await run(["--stats", "-"], stdin);
  assert.equal(alone.code, EXIT.invalidFen);
  assert.equal(
    alone.stdout,
    "records: 5\ninvalid: 1\nlegal: 3\nillegal: 1\nchecks: 1\ncheckmates: 1\n" +
      "stalemates: 0\nunique record: 4\nunique epd: 3\nunique position: 3\n" +
      "unique castling: 3\nunique side: 3\nunique board: 3\n",
  );
  assert.match(alone.stderr, /^fen: line 3: invalid FEN-string/);
  const withFormat = await run(
    ["--stats", "--unique=epd", "--only", "legal", "--format", "key", "-"],
    stdin,
  );
  assert.equal(withFormat.code, EXIT.invalidFen);
  const keys = [KINGS, MATE].map((fen) =>
    polyglotKey(parseFen(fen)).toString(16).padStart(16, "0")
  );
  assert.equal(withFormat.stdout, `${keys.join("\n")}\n`);
  assert.match(
    withFormat.stderr,
    /\nfen: records: 5\n(fen: .+\n)+fen: unique board: 3\nfen: duplicates: 1\nfen: not selected: 1\n$/,
  );
});

Deno.test("--only keeps one kind; --only invalid passes invalid lines as they were", async () => {
  const stdin = [KINGS, MATE, "  not a fen ", TWO_KINGS].join("\n");
  assert.deepEqual(
    await run(["--only", "checkmate", "--format", "fen", "-"], stdin),
    {
      code: EXIT.invalidFen,
      stdout: `${MATE}\n`,
      stderr:
        'fen: line 3: invalid FEN-string: "o" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 4\n',
    },
  );
  const illegal = await run(
    ["--only", "illegal", "--format", "fen", "-"],
    stdin,
  );
  assert.equal(illegal.stdout, `${TWO_KINGS}\n`);
  const invalid = await run(
    ["--only", "invalid", "--format", "fen", "-"],
    stdin,
  );
  assert.equal(invalid.code, EXIT.invalidFen);
  assert.equal(invalid.stdout, "  not a fen \n");
});

Deno.test("--check --quiet: problems only, and a summary at the end", async () => {
  const stdin = [KINGS, KINGS, TWO_KINGS, "x"].join("\n");
  assert.deepEqual(await run(["--check", "--quiet", "-"], stdin), {
    code: EXIT.invalidFen,
    stdout: "line 3: error too-many-kings: White has 2 kings\n",
    stderr:
      'fen: line 4: invalid FEN-string: "x" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 1\n' +
      "fen: 4 records checked: 2 legal, 1 illegal, 1 invalid\n",
  });
  assert.deepEqual(await run(["--quiet", "--format", "fen", KINGS]), {
    code: EXIT.usage,
    stdout: "",
    stderr: "fen: --quiet goes with --check\n",
  });
});

Deno.test("--repair: the nearest position an engine takes, each change told by --explain", async () => {
  assert.deepEqual(
    await run([
      "--repair",
      "--explain",
      "--format",
      "fen",
      "r3k3/8/8/8/8/8/8/4K3 w KQkq e6 0 0",
    ]),
    {
      code: 0,
      stdout: "r3k3/8/8/8/8/8/8/4K3 w q - 0 1\n",
      stderr: [
        "fen: set the fullmove number 0 to 1 (fullmove numbers start at 1)",
        "fen: dropped the castling right of h1 (castling right for the rook on h1: no white rook stands on h1)",
        "fen: dropped the castling right of a1 (castling right for the rook on a1: no white rook stands on a1)",
        "fen: dropped the castling right of h8 (castling right for the rook on h8: no black rook stands on h8)",
        "fen: dropped the en-passant square e6 (en-passant square e6: no black pawn stands on e5 to have just advanced two squares)",
        "",
      ].join("\n"),
    },
  );
  assert.deepEqual(
    await run(["--repair", "--format", "fen", "-"], `${TWO_KINGS}\n${KINGS}\n`),
    {
      code: EXIT.illegalPosition,
      stdout: `${KINGS}\n`,
      stderr: "fen: line 1: cannot repair: White has 2 kings\n",
    },
  );
  const json = await run(["--repair", "--format", "json", TWO_KINGS]);
  assert.equal(json.code, EXIT.illegalPosition);
  assert.deepEqual(JSON.parse(json.stdout).error, {
    field: "position",
    message: "cannot repair: White has 2 kings",
  });
});

Deno.test("--check reports each EPD move mismatch with its operation and column (exit 5)", async () => {
  const record = "4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1 Kf4;";
  assert.deepEqual(await run(["--check", record]), {
    code: EXIT.illegalMove,
    stdout: "legal\n" +
      "error epd-move: bm Rd1 at column 32: ambiguous: more than one piece can make it\n" +
      "error epd-move: bm Kf4 at column 36: not a legal move in the position\n",
    stderr: "",
  });
  const wac =
    '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";';
  assert.deepEqual(await run(["--check", wac]), {
    code: 0,
    stdout: "legal\n",
    stderr: "",
  });
  const json = await run(["--check", "--format", "json", record]);
  assert.equal(json.code, EXIT.illegalMove);
  assert.deepEqual(
    JSON.parse(json.stdout).moveIssues.map((i: { column: number }) => i.column),
    [32, 36],
  );
});

Deno.test("--format epd --uci and --san rewrite the move operations", async () => {
  const bk01 =
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";';
  const uci =
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm d6d1; id "BK.01";';
  assert.deepEqual(await run(["--format", "epd", "--uci", bk01]), {
    code: 0,
    stdout: `${uci}\n`,
    stderr: "",
  });
  assert.deepEqual(await run(["--format", "epd", "--san", uci]), {
    code: 0,
    stdout: `${bk01}\n`,
    stderr: "",
  });
  const bad = await run([
    "--format",
    "epd",
    "--uci",
    "4k3/8/8/8/8/8/4K3/R6R w - - bm Kf4;",
  ]);
  assert.equal(bad.code, EXIT.illegalMove);
  assert.equal(bad.stdout, "");
  assert.match(bad.stderr, /^fen: cannot write the moves in UCI: .*Kf4/);
});

Deno.test("--perft counts, --divide prints per move as engines do", async () => {
  const kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  assert.deepEqual(await run(["--perft", "3", START, kiwipete]), {
    code: 0,
    stdout: "8902\n97862\n",
    stderr: "",
  });
  const divide = await run(["--perft", "2", "--divide", START]);
  assert.equal(divide.code, 0);
  const lines = divide.stdout.split("\n");
  assert.equal(lines[0], "a2a3: 20");
  assert.equal(lines.length, 20 + 3);
  assert.deepEqual(lines.slice(-3), ["", "Nodes searched: 400", ""]);
  assert.deepEqual(
    await run(["--perft", "1", "8/8/8/8/8/8/8/8"]),
    {
      code: EXIT.illegalPosition,
      stdout: "",
      stderr:
        "fen: cannot count moves: cannot play from this position: White has no king\n",
    },
  );
  assert.equal((await run(["--perft", "2", "--format", "fen", START])).code, 1);
});

Deno.test("--format moves lists the legal moves, UCI or --san", async () => {
  assert.deepEqual(await run(["--format", "moves", "8/8/8/8/8/8/8/K6k"]), {
    code: 0,
    stdout: "a1a2 a1b1 a1b2\n",
    stderr: "",
  });
  assert.deepEqual(
    await run(["--format", "moves", "--san", "-"], `${KINGS}\n${MATE}\n`),
    {
      code: 0,
      stdout: "Ke2 Kf1 Kd1 Kf2 Kd2\n\n",
      stderr: "",
    },
  );
});

Deno.test("--perft over a stream: the published counts of every position at depth 2", async () => {
  const table: {
    fen: string;
    chess960?: boolean;
    perft: Record<string, number>;
  }[] = JSON.parse(
    await Deno.readTextFile(
      new URL("../testdata/perft.json", import.meta.url),
    ),
  );
  for (const chess960 of [false, true]) {
    const rows = table.filter((row) =>
      (row.chess960 === true) === chess960 && row.perft["2"] !== undefined
    );
    assert.ok(rows.length >= 3);
    const stdin = rows.map(({ fen }) => fen).join("\n") + "\n";
    const args = ["--perft", "2", ...(chess960 ? ["--chess960"] : []), "-"];
    assert.deepEqual(await run(args, stdin), {
      code: 0,
      stdout: rows.map(({ perft }) => `${perft["2"]}\n`).join(""),
      stderr: "",
    });
  }
});

Deno.test("--from pgn --ply all --format key: a game's keys, the Polyglot format's own", async () => {
  const game = "1. e4 d5 2. e5 f5 3. Ke2 Kf7 *\n";
  assert.deepEqual(
    await run(["--from", "pgn", "--ply", "all", "--format", "key", "-"], game),
    {
      code: 0,
      stdout: [
        "463b96181691fc9c",
        "823c9b50fd114196",
        "0756b94461c50fb0",
        "662fafb965db29d4",
        "22a48b5a8e47ff78",
        "652a607ca3f242c1",
        "00fdd303c946bdd9",
        "",
      ].join("\n"),
      stderr: "",
    },
  );
});

Deno.test("a data option where it would be ignored is refused, with the reason", async () => {
  const refused = async (args: string[]) => {
    const result = await run(args);
    assert.equal(result.code, EXIT.usage, args.join(" "));
    assert.equal(result.stdout, "");
    return result.stderr;
  };
  assert.equal(
    await refused(["--divide", KINGS]),
    "fen: --divide goes with --perft\n",
  );
  assert.equal(
    await refused(["--perft", "x", KINGS]),
    'fen: --perft "x" must be a depth from 1 to 12 plies\n',
  );
  assert.equal(
    await refused(["--perft", "2", "--check", KINGS]),
    "fen: --perft writes its own counts: it does not go with --check or --format\n",
  );
  assert.equal(
    await refused(["--opening", "--format", "fen", KINGS]),
    "fen: --opening goes with --format json, not --format fen\n",
  );
  assert.equal(
    await refused(["--san", "--format", "fen", KINGS]),
    "fen: --san goes with --format epd or moves, not --format fen\n",
  );
  assert.equal(
    await refused(["--uci", "--san", "--format", "epd", KINGS]),
    "fen: --uci and --san: choose one\n",
  );
  assert.equal(
    await refused(["--explain", "--format", "epd", KINGS]),
    "fen: --explain goes with --format fen or --repair\n",
  );
  assert.equal(
    await refused(["--stats", "--flip", KINGS]),
    "fen: --flip draws boards: it does not go with --stats\n",
  );
  assert.equal(
    await refused(["--only", "mate", "--format", "fen", KINGS]),
    'fen: --only "mate" must be one of invalid, legal, illegal, check, checkmate or stalemate\n',
  );
});

Deno.test("a position that cannot be played: its en-passant square kept, its moves refused (exit 3)", async () => {
  const noKing = "8/8/8/3pP3/8/8/8/8 w - d6 0 1";
  assert.deepEqual(
    await run(["--format", "fen", "--en-passant", "legal", noKing]),
    { code: 0, stdout: `${noKing}\n`, stderr: "" },
  );
  assert.deepEqual(await run(["--format", "moves", noKing]), {
    code: EXIT.illegalPosition,
    stdout: "",
    stderr:
      "fen: cannot list moves: cannot play from this position: White has no king\n",
  });
});

Deno.test("--repair --explain with any format; the repaired record keeps its EPD operations", async () => {
  assert.deepEqual(
    await run([
      "--repair",
      "--explain",
      "--format",
      "epd",
      '4k3/8/8/8/8/8/8/4K3 w K - bm Kd2; id "x";',
    ]),
    {
      code: 0,
      stdout: '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "x";\n',
      stderr:
        "fen: added the missing halfmove clock 0\nfen: added the missing fullmove number 1\nfen: dropped the castling right of h1 (castling right for the rook on h1: no white rook stands on h1)\n",
    },
  );
});
