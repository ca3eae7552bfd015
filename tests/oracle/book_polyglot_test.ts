// `fen book make` and `fen book merge` against polyglot 2.0.4 (Debian's
// polyglot package) on the same games: byte-identical books at several
// option sets, with and without spilling to temporary files; `fen book
// dump`'s lines against polyglot dump-book's. Skipped, saying why, when
// polyglot is not installed.

import assert from "node:assert/strict";
import { type BookMakeOptions, BookMaker } from "../../lib/book/make.ts";
import {
  openingGames,
  polyglot,
  polyglotBinary,
  stockfishStandardGames,
} from "../_books.ts";

const binary = polyglotBinary();
const reason = "skip" in binary ? binary.skip : null;
if (reason !== null) console.warn(`book oracle skipped: ${reason}`);
const POLYGLOT = "path" in binary ? binary.path : "";
const CLI = new URL("../../cli.ts", import.meta.url).pathname;

/** Option sets as polyglot spells them, and as BookMakeOptions. */
const OPTION_SETS: readonly [string[], BookMakeOptions][] = [
  [[], {}],
  [["-min-game", "1"], { minGame: 1 }],
  [["-max-ply", "8", "-min-game", "2"], { maxPly: 8, minGame: 2 }],
  [["-max-ply", "20", "-min-game", "1", "-min-score", "60"], {
    maxPly: 20,
    minGame: 1,
    minScore: 60,
  }],
  [["-only-white", "-min-game", "1"], { only: "white", minGame: 1 }],
  [["-only-black", "-uniform"], { only: "black", uniform: true }],
];

function make(pgn: Uint8Array, options: BookMakeOptions): Uint8Array {
  const maker = new BookMaker(options);
  // cut anywhere: the walker's chunking must not matter
  for (let at = 0; at < pgn.length; at += 40_000) {
    maker.push(pgn.subarray(at, at + 40_000));
  }
  const chunks: Uint8Array[] = [];
  maker.finish((bytes) => void chunks.push(bytes.slice()));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function polyglotBook(dir: string, pgn: string, args: string[]): Uint8Array {
  polyglot(POLYGLOT, [
    "make-book",
    "-pgn",
    pgn,
    "-bin",
    "p.bin",
    ...args,
  ], dir);
  return Deno.readFileSync(`${dir}/p.bin`);
}

const inputs = (dir: string) => {
  Deno.writeTextFileSync(`${dir}/stockfish.pgn`, stockfishStandardGames());
  // 12 times over: the start position's 1. e4 passes 16,384 games, so
  // polyglot's halving of a position's counts is exercised
  Deno.writeTextFileSync(`${dir}/openings.pgn`, openingGames(12));
  return ["stockfish.pgn", "openings.pgn"];
};

Deno.test({
  name: "fen book make writes polyglot make-book's bytes on the same games",
  ignore: reason !== null,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-book-" });
    try {
      for (const name of inputs(dir)) {
        const pgn = Deno.readFileSync(`${dir}/${name}`);
        for (const [args, options] of OPTION_SETS) {
          const expected = polyglotBook(dir, name, args);
          assert.ok(expected.length > 0, `${name} ${args}: a book`);
          const label = `${name} ${args.join(" ")}`;
          assert.deepEqual(make(pgn, options), expected, label);
          // a budget of 300 entries: spilled to files, split again, read back
          assert.deepEqual(
            make(pgn, { ...options, budget: 300 }),
            expected,
            `${label}, spilled`,
          );
        }
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the fen program's book make and merge write polyglot's bytes",
  ignore: reason !== null,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-book-" });
    try {
      const [stockfish, openings] = inputs(dir);
      const run = (args: string[]) => {
        const { code, stdout, stderr } = new Deno.Command("deno", {
          args: ["run", "-A", CLI, "book", ...args],
          cwd: dir,
        }).outputSync();
        assert.equal(new TextDecoder().decode(stderr), "");
        assert.equal(code, 0);
        return stdout;
      };
      const a = polyglotBook(dir, openings, [
        "-max-ply",
        "12",
        "-min-game",
        "2",
      ]);
      Deno.writeFileSync(`${dir}/a.bin`, a);
      assert.deepEqual(
        run(["make", "--max-ply", "12", "--min-game=2", openings]),
        a,
      );
      const b = polyglotBook(dir, stockfish, ["-min-game", "1"]);
      Deno.writeFileSync(`${dir}/b.bin`, b);
      // from stdin, as from a file
      const { stdout: fromStdin } = new Deno.Command("sh", {
        args: [
          "-c",
          `deno run -A '${CLI}' book make --min-game 1 < ${stockfish}`,
        ],
        cwd: dir,
      }).outputSync();
      assert.deepEqual(fromStdin, b);
      for (const [first, second] of [["a.bin", "b.bin"], ["b.bin", "a.bin"]]) {
        polyglot(POLYGLOT, [
          "merge-book",
          "-in1",
          first,
          "-in2",
          second,
          "-out",
          "m.bin",
        ], dir);
        const merged = Deno.readFileSync(`${dir}/m.bin`);
        // the books share moves, whose weights add up
        assert.ok(merged.length < a.length + b.length);
        assert.deepEqual(run(["merge", first, second]), merged);
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "fen book dump writes polyglot dump-book's lines",
  ignore: reason !== null,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-book-" });
    try {
      const [stockfish] = inputs(dir);
      // The other side's moves come in fen's order, not polyglot's
      // generator's: the lines are the same, their numbers (and so the
      // line a transposition points back to) may differ.
      const book = polyglotBook(dir, stockfish, [
        "-max-ply",
        "6",
        "-min-game",
        "1",
      ]);
      Deno.writeFileSync(`${dir}/d.bin`, book);
      for (const color of ["white", "black"]) {
        polyglot(POLYGLOT, [
          "dump-book",
          "-bin",
          "d.bin",
          "-color",
          color,
          "-out",
          "d.txt",
        ], dir);
        const expected = Deno.readTextFileSync(`${dir}/d.txt`);
        const { stdout, code } = new Deno.Command("deno", {
          args: ["run", "-A", CLI, "book", "dump", "d.bin", "--color", color],
          cwd: dir,
        }).outputSync();
        assert.equal(code, 0);
        const actual = new TextDecoder().decode(stdout);
        const lines = (text: string) =>
          text.replace(/\n$/, "").split("\n").map((line) =>
            line.replace(/^[0-9]+: /, "").replace(/line=[0-9]+/, "line=N")
          ).sort();
        assert.ok(expected.split("\n").length > 30, "a real dump");
        if (color === "black") assert.ok(expected.includes("{trans: "));
        assert.equal(actual.split("\n")[0], expected.split("\n")[0]);
        assert.deepEqual(lines(actual), lines(expected), color);
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

/**
 * A book of random entries in key order, many on the same positions and
 * moves: a move listed twice for a position, in any order of weights.
 */
function randomBook(count: number, random: () => number): Uint8Array {
  const entries = Array.from({ length: count }, () => ({
    key: BigInt(1 + Math.floor(random() * 12)) * 0x9e3779b97f4a7c15n %
      2n ** 64n,
    move: [796, 1868, 780, 1924][Math.floor(random() * 4)],
    weight: Math.floor(random() * 1000),
    learn: Math.floor(random() * 5),
  })).sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const bytes = new Uint8Array(count * 16);
  const view = new DataView(bytes.buffer);
  entries.forEach(({ key, move, weight, learn }, i) => {
    view.setBigUint64(i * 16, key);
    view.setUint16(i * 16 + 8, move);
    view.setUint16(i * 16 + 10, weight);
    view.setUint32(i * 16 + 12, learn);
  });
  return bytes;
}

Deno.test({
  name:
    "fen book merge writes polyglot merge-book's bytes when a book lists a move twice for a position",
  ignore: reason !== null,
  async fn() {
    const { spawnFenBytes } = await import("../cli/_harness.ts");
    const dir = Deno.makeTempDirSync({ prefix: "fen-book-" });
    try {
      let state = 14;
      const random = () =>
        (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      // e4 weighing 1, twice, merged with itself: polyglot's 3 and 1
      const twice = new Uint8Array(32);
      for (const at of [0, 16]) {
        new DataView(twice.buffer).setBigUint64(at, 0x463b96181691fc9cn);
        new DataView(twice.buffer).setUint32(at + 8, (796 << 16) | 1);
      }
      const books = [
        twice,
        ...Array.from({ length: 6 }, (_, i) => randomBook(5 + i * 7, random)),
      ];
      books.forEach((book, i) => Deno.writeFileSync(`${dir}/${i}.bin`, book));
      const pairs = [[0, 0], [1, 2], [2, 1], [3, 4], [4, 3], [5, 6], [6, 6]];
      for (const [one, two] of pairs) {
        polyglot(POLYGLOT, [
          "merge-book",
          "-in1",
          `${one}.bin`,
          "-in2",
          `${two}.bin`,
          "-out",
          "m.bin",
        ], dir);
        const expected = Deno.readFileSync(`${dir}/m.bin`);
        if (one === 0) {
          const view = new DataView(expected.buffer);
          assert.deepEqual([view.getUint16(10), view.getUint16(26)], [3, 1]);
        }
        const run = await spawnFenBytes(
          ["book", "merge", `${one}.bin`, `${two}.bin`],
          { permissions: [`--allow-read=${dir}`], cwd: dir },
        );
        assert.deepEqual(
          [run.code, run.stderr, [...run.stdout]],
          [0, "", [...expected]],
          `${one}.bin and ${two}.bin`,
        );
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
