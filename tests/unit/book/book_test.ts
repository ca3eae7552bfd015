import assert from "node:assert/strict";
import {
  type BookMakeOptions,
  BookMaker,
  bookMoves,
  decodeBookMove,
  encodeBookMove,
  mergeBooks,
  PolyglotBook,
  readBookEntry,
  type SpillFile,
  writeBookEntry,
} from "../../../lib/book/mod.ts";
import { BOOK_SPECS } from "../../../lib/subcommands/_book_specs.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { polyglotKey } from "../../../lib/data/polyglot/mod.ts";
import { INITIAL_FEN } from "../../../lib/types.ts";
import { runFenBytes, runMain, spawnFenBytes } from "../../cli/_harness.ts";
import { openingGames } from "../../_books.ts";

function make(pgn: string, options: BookMakeOptions): Uint8Array {
  const maker = new BookMaker(options);
  maker.push(new TextEncoder().encode(pgn));
  const chunks: number[] = [];
  maker.finish((bytes) => chunks.push(...bytes));
  return new Uint8Array(chunks);
}

function entries(bytes: Uint8Array) {
  const out = [];
  for (let at = 0; at < bytes.length; at += 16) {
    out.push(readBookEntry(bytes, at));
  }
  return out;
}

/** Spill files in memory, counting how many were made. */
function memoryStore() {
  const store = {
    made: 0,
    create(): SpillFile {
      store.made++;
      let data: number[] = [];
      let read = 0;
      return {
        write: (bytes) => void data.push(...bytes),
        read: (buffer) => {
          const n = Math.min(buffer.length, data.length - read);
          buffer.set(data.slice(read, read + n));
          read += n;
          return n;
        },
        close: () => void (data = []),
      };
    },
  };
  return store;
}

Deno.test("book moves pack as the Polyglot format says, castling as king takes rook", () => {
  assert.equal(encodeBookMove("e2", "e4"), 0x031c);
  assert.equal(encodeBookMove("e1", "h1"), 0x0107);
  assert.equal(encodeBookMove("a7", "a8", "q"), 0x4c38);
  assert.deepEqual(decodeBookMove(0x4c38), {
    from: "a7",
    to: "a8",
    promotion: "q",
  });
  const bytes = new Uint8Array(16);
  writeBookEntry(bytes, 0, {
    hi: 0xfedcba98,
    lo: 0x76543210,
    move: 1,
    weight: 65535,
    learn: 7,
  });
  assert.deepEqual(readBookEntry(bytes, 0), {
    key: 0xfedcba9876543210n,
    move: 1,
    weight: 65535,
    learn: 7,
  });
});

Deno.test("book make weighs 2 a win, 1 a draw or an unknown result, for the side that moved", () => {
  const pgn =
    '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Result "*"]\n\n1. e4 c5 *\n\n' +
    "1. e4 c5 *\n\n" + // no Result tag: unknown, a draw
    '[Result "0-1"]\n\n1. d4 d5 0-1\n';
  const book = entries(make(pgn, { minGame: 1 }));
  const start = polyglotKey(parseFen(INITIAL_FEN));
  const fromStart = book.filter((e) => e.key === start);
  // e4: a win and two unknown results (2 + 1 + 1); d4 lost (0: dropped)
  assert.deepEqual(fromStart.map((e) => [e.move, e.weight]), [[0x031c, 4]]);
  const afterE4 = polyglotKey(
    parseFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
  );
  // c5 twice unknown (1 + 1), e5 lost (0: dropped)
  assert.deepEqual(
    book.filter((e) => e.key === afterE4).map((
      e,
    ) => [decodeBookMove(e.move).to, e.weight]),
    [["c5", 2]],
  );
  // min-game 3 (the default) keeps e4 only
  assert.equal(entries(make(pgn, {})).length, 1);
});

Deno.test("book make starts a game at its FEN and scores the side that moved", () => {
  const fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
  const pgn =
    `[FEN "${fen}"]\n[SetUp "1"]\n[Result "0-1"]\n\n1... Kd7 2. e4 0-1\n`;
  const book = entries(make(pgn, { minGame: 1 }));
  assert.deepEqual(book.map((e) => [e.key, e.weight]), [[
    polyglotKey(parseFen(fen)),
    2,
  ]]);
});

Deno.test("book make halves a position's counts at 16,384 games, as polyglot does", () => {
  // 16,384 wins of 1. e4: at the last one polyglot halves n and sum for
  // every move of the start position, rounding up: e4 16,384 wins (sum
  // 32,768) becomes 16,384; d4's single draw (sum 1) stays 1.
  const pgn = "1. d4 1/2-1/2\n" + '[Result "1-0"]\n\n1. e4 1-0\n'.repeat(16384);
  const book = entries(make(pgn, { minGame: 1, maxPly: 1 }));
  assert.deepEqual(book.map((e) => [e.move, e.weight]), [[0x031c, 16384], [
    0x02db,
    1,
  ]]);
});

Deno.test("book make gives the same bytes when its counts spill to files, split again and again", () => {
  const pgn = openingGames(1);
  const expected = make(pgn, { minGame: 1 });
  assert.ok(expected.length > 16 * 5000);
  for (const budget of [4000, 50]) {
    const store = memoryStore();
    assert.deepEqual(make(pgn, { minGame: 1, budget, spill: store }), expected);
    assert.ok(store.made >= (budget === 50 ? 32 : 16), `${store.made} files`);
  }
});

Deno.test("book make stops at a game it cannot read within the plies counted, as polyglot does", async () => {
  const pgn = "1. e4 e5 *\n\n1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 Nf3 *\n";
  const { code, stdout, stderr } = await runMain([
    "book",
    "make",
    "--min-game=1",
    "-",
  ], {
    stdin: pgn,
  });
  assert.equal(code, 2);
  assert.equal(stdout, "");
  assert.match(
    stderr,
    /^fen: book make: cannot read PGN: game 3 .*"Nf3".*no book written/,
  );
  // past --max-ply the moves are not read: polyglot takes the game
  const ok = await runMain(["book", "make", "--max-ply", "1", "--min-game=1"], {
    stdin: pgn,
  });
  assert.equal(ok.code, 0);
  assert.equal(ok.stderr, "");
  assert.equal(ok.stdout.length, 32);
});

Deno.test("book make reads a ; comment to a lone CR, as the PGN reader reads it", async () => {
  const book = async (stdin: string): Promise<string> => {
    const run = await runMain(["book", "make", "--min-game=1", "-"], {
      stdin,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "");
    return run.stdout;
  };
  const plain = await book("1. e4 e5 2. Nf3 *\n");
  assert.equal(plain.length, 3 * 16);
  assert.equal(await book("1. e4 ;x\r e5 2. Nf3 *\n"), plain);
  // the comment that follows hides a tag and a blank line
  assert.equal(
    await book(
      '[Event "a"]\n\n1. e4 ;x\r{\n\n[Event "hidden"]\n\n} e5 2. Nf3 *\n',
    ),
    plain,
  );
});

Deno.test("book commands refuse a terminal, bad options and missing operands, with usage", async () => {
  const cases: [string[], RegExp][] = [
    [["book", "make"], /the book is binary/],
    [["book", "make", "--only-white", "--only-black"], /exclude each other/],
    [["book", "make", "--min-score", "101"], /--min-score takes a percent/],
    [
      ["book", "make", "--min-game", "0"],
      /--min-game takes a whole number from 1/,
    ],
    [["book", "make", "--depth", "3"], /unknown option --depth/],
    [["book", "probe"], /a book file is needed/],
    [["book", "dump", "a.bin"], /--color white or black is needed/],
    [
      ["book", "dump", "a.bin", "--color", "red"],
      /--color "red" must be white or black/,
    ],
    [["book", "merge", "a.bin"], /two book files are needed/],
    [["book", "shelve"], /no subcommand "shelve"/],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runMain(args, {
      terminal: { stdout: true },
    });
    assert.equal(code, 1, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, message);
    assert.match(stderr, /Usage: fen book/);
  }
});

Deno.test("each book subcommand's help lists its table's options", async () => {
  for (const [name, spec] of Object.entries(BOOK_SPECS)) {
    const { code, stdout } = await runMain(["book", name, "--help"]);
    assert.equal(code, 0);
    assert.ok(stdout.startsWith(`Usage: fen book ${name} `));
    for (const option of spec.options) {
      assert.ok(stdout.includes(`--${option.name}`));
    }
  }
});

Deno.test("book merge adds the weights of a move both books have, and keeps a sum past 65,535 at 65,535", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const a = new Uint8Array(32), b = new Uint8Array(32);
    writeBookEntry(a, 0, { hi: 0, lo: 5, move: 9, weight: 60000, learn: 3 });
    writeBookEntry(a, 16, { hi: 0, lo: 6, move: 1, weight: 1, learn: 0 });
    writeBookEntry(b, 0, { hi: 0, lo: 5, move: 7, weight: 2, learn: 0 });
    writeBookEntry(b, 16, { hi: 0, lo: 5, move: 9, weight: 60000, learn: 6 });
    Deno.writeFileSync(`${dir}/a.bin`, a);
    Deno.writeFileSync(`${dir}/b.bin`, b);
    const { code, stdout, stderr } = await spawnFenBytes([
      "book",
      "merge",
      "a.bin",
      "b.bin",
    ], {
      permissions: ["--allow-read"],
      cwd: dir,
    });
    assert.equal(code, 0);
    assert.equal(
      stderr,
      "fen: book merge: 1 summed weight passed 65,535 and was kept at 65,535 (polyglot merge-book wraps them)\n",
    );
    assert.deepEqual(
      entries(stdout).map((e) => [e.key, e.move, e.weight, e.learn]),
      [
        [5n, 9, 65535, 3],
        [5n, 7, 2, 0],
        [6n, 1, 1, 0],
      ],
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("book merge adds every entry of a move the second book lists twice to the first book's first entry of it, as polyglot does", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const twice = new Uint8Array(32);
    writeBookEntry(twice, 0, { hi: 0, lo: 5, move: 796, weight: 1, learn: 0 });
    writeBookEntry(twice, 16, { hi: 0, lo: 5, move: 796, weight: 1, learn: 0 });
    Deno.writeFileSync(`${dir}/a.bin`, twice);
    const { code, stdout, stderr } = await spawnFenBytes([
      "book",
      "merge",
      "a.bin",
      "a.bin",
    ], { permissions: ["--allow-read"], cwd: dir });
    assert.deepEqual([code, stderr], [0, ""]);
    // polyglot merge-book: 1 + 1 + 1, then the first book's second entry
    assert.deepEqual(
      entries(stdout).map((e) => [e.key, e.move, e.weight]),
      [[5n, 796, 3], [5n, 796, 1]],
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("book probe reads castling as the king taking its rook, and leaves out illegal and weightless entries", () => {
  const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const position = parseFen(fen);
  const key = polyglotKey(position);
  const bytes = new Uint8Array(64);
  const hi = Number(key >> 32n), lo = Number(key & 0xffffffffn);
  writeBookEntry(bytes, 0, {
    hi,
    lo,
    move: encodeBookMove("e1", "h1"),
    weight: 3,
    learn: 0,
  });
  writeBookEntry(bytes, 16, {
    hi,
    lo,
    move: encodeBookMove("e1", "a1"),
    weight: 1,
    learn: 9,
  });
  writeBookEntry(bytes, 32, {
    hi,
    lo,
    move: encodeBookMove("e2", "e4"),
    weight: 5,
    learn: 0,
  });
  writeBookEntry(bytes, 48, {
    hi,
    lo,
    move: encodeBookMove("a1", "a8"),
    weight: 0,
    learn: 0,
  });
  const moves = bookMoves(PolyglotBook.fromBytes(bytes), position);
  assert.deepEqual(moves, [
    { uci: "e1g1", san: "O-O", weight: 3, share: 75, learn: 0 },
    { uci: "e1c1", san: "O-O-O", weight: 1, share: 25, learn: 9 },
  ]);
  assert.equal(
    bookMoves(PolyglotBook.fromBytes(bytes), position, { minWeight: 0 }).length,
    3,
  );
});

Deno.test("mergeBooks of a book with itself doubles its weights", () => {
  const book = make(openingGames(1), { maxPly: 4, minGame: 1 });
  const out: number[] = [];
  const saturated = mergeBooks(
    PolyglotBook.fromBytes(book),
    PolyglotBook.fromBytes(book),
    (bytes) => out.push(...bytes),
  );
  assert.equal(saturated, 0);
  assert.deepEqual(
    entries(new Uint8Array(out)).map((e) => e.weight),
    entries(book).map((e) => e.weight * 2),
  );
});

Deno.test("a file that is not a book (random bytes, entries out of key order, text, a size of no whole entries) is one line and exit 2 for dump, probe and merge", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    let state = 15;
    const random = new Uint8Array(300_000).map(() =>
      (state = (state * 1103515245 + 12345) % 2 ** 31) >> 23
    );
    // a book whose 7th entry's key is below the 6th's
    const swapped = new Uint8Array(16 * 10);
    for (let i = 0; i < 10; i++) {
      writeBookEntry(swapped, i * 16, {
        hi: i === 6 ? 1 : i * 1000,
        lo: 7,
        move: 796,
        weight: 1,
        learn: 0,
      });
    }
    const files: [string, Uint8Array, string][] = [
      [
        "random.bin",
        random,
        "its entries are not in key order (entry 3's key is below entry 2's)",
      ],
      [
        "swapped.bin",
        swapped,
        "its entries are not in key order (entry 7's key is below entry 6's)",
      ],
      [
        "games.pgn",
        new TextEncoder().encode(openingGames(1).slice(0, 4096)),
        "it is text, not 16-byte entries (a PGN or FEN file?)",
      ],
      [
        "cut.bin",
        random.subarray(0, 300_001 - 16 * 18_000),
        "12001 bytes is not a whole number of 16-byte entries",
      ],
    ];
    for (const [name, bytes] of files) {
      Deno.writeFileSync(`${dir}/${name}`, bytes);
    }
    for (const [name, , why] of files) {
      const path = `${dir}/${name}`;
      for (
        const [program, args] of [
          ["dump", [path, "--color", "white"]],
          ["probe", [path, "8/8/8/8/8/8/8/K6k w - - 0 1"]],
          ["merge", [path, path]],
        ] as const
      ) {
        const line = (path: string) =>
          `fen: book ${program}: "${path}" is not a Polyglot book: ${why}\n`;
        const expected = [2, "", line(path)];
        const run = await runFenBytes(["book", program, ...args], {
          permissions: ["--allow-read"],
        });
        assert.deepEqual(
          [run.code, new TextDecoder().decode(run.stdout), run.stderr],
          expected,
          `${program} ${name}`,
        );
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("book probe reads a record as the main command does: an unquoted record's words are one record, a placement alone is White to move with no rights", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    // e4 for the start position, and d4 for its placement with no rights
    const bytes = new Uint8Array(32);
    writeBookEntry(bytes, 0, {
      hi: 0x3d01bbb3,
      lo: 0xc1105375,
      move: encodeBookMove("d2", "d4"),
      weight: 1,
      learn: 0,
    });
    writeBookEntry(bytes, 16, {
      hi: 0x463b9618,
      lo: 0x1691fc9c,
      move: encodeBookMove("e2", "e4"),
      weight: 2,
      learn: 0,
    });
    Deno.writeFileSync(`${dir}/b.bin`, bytes);
    const placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    const cases: [string[], string][] = [
      [
        [placement, "w", "KQkq", "-", "0", "1"],
        `${placement} w KQkq - 0 1  (key 463b96181691fc9c)\n` +
        "  e4      e2e4   weight     2  100.0%  learn 0\n",
      ],
      [
        [placement],
        `${placement}  (key 3d01bbb3c1105375)\n` +
        "  d4      d2d4   weight     1  100.0%  learn 0\n",
      ],
      [
        // two records, the second a placement alone, as `fen` reads them
        [placement, "w", "KQkq", "-", placement],
        `${placement} w KQkq -  (key 463b96181691fc9c)\n` +
        "  e4      e2e4   weight     2  100.0%  learn 0\n" +
        `${placement}  (key 3d01bbb3c1105375)\n` +
        "  d4      d2d4   weight     1  100.0%  learn 0\n",
      ],
    ];
    for (const [records, expected] of cases) {
      const args = ["book", "probe", "b.bin", ...records];
      const spawned = await spawnFenBytes(args, {
        permissions: ["--allow-read"],
        cwd: dir,
      });
      assert.deepEqual(
        [
          spawned.code,
          new TextDecoder().decode(spawned.stdout),
          spawned.stderr,
        ],
        [0, expected, ""],
        records.join(" "),
      );
      args[2] = `${dir}/b.bin`;
      const inProcess = await runMain(args);
      assert.deepEqual(
        [inProcess.code, inProcess.stdout, inProcess.stderr],
        [0, expected, ""],
        records.join(" "),
      );
    }
    // a record that cannot be read is one line, with the column in it
    const bad = await runMain([
      "book",
      "probe",
      `${dir}/b.bin`,
      "8/8/8/8/8/8/8/K6X",
    ]);
    assert.deepEqual([bad.code, bad.stdout], [2, ""]);
    assert.equal(
      bad.stderr,
      'fen: book probe: "8/8/8/8/8/8/8/K6X": Cannot parse FEN: "X" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 17\n',
    );
    // a position the book has but no move can be played from: exit 3
    const kingless = new Uint8Array(16);
    writeBookEntry(kingless, 0, {
      hi: 0xf8d626aa,
      lo: 0xaf278509,
      move: 796,
      weight: 1,
      learn: 0,
    });
    Deno.writeFileSync(`${dir}/k.bin`, kingless);
    const none = await runMain([
      "book",
      "probe",
      `${dir}/k.bin`,
      "8/8/8/8/8/8/8/8 w - - 0 1",
    ]);
    assert.deepEqual(
      [none.code, none.stdout, none.stderr],
      [
        3,
        "",
        'fen: book probe: "8/8/8/8/8/8/8/8 w - - 0 1": Cannot play from this position: White has no king\n',
      ],
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
