// `fen puzzles`' sheet of diagrams through the built program, in-process:
// lichess's puzzle CSV (tests/testdata/puzzles/lichess_puzzles.csv, no
// engine) written as a Markdown page of inline SVG diagrams, as PNG files
// in --out-dir, and as GIFs that play each solution out.

import assert from "node:assert/strict";
import { runFen, runFenBytes } from "./_harness.ts";
import { readPng } from "../_pixels.ts";
import { readGif } from "../_gif.ts";
import { findStockfish } from "../_stockfish.ts";

const CSV = new URL("../testdata/puzzles/lichess_puzzles.csv", import.meta.url)
  .pathname;
const READ = ["--allow-read"];

/** The sections of a sheet: `### Puzzle` and what follows, up to the next. */
function sections(page: string): string[] {
  return page.split(/^(?=### Puzzle )/m).filter((s) => s !== "");
}

Deno.test("fen puzzles --format md writes a section a puzzle: the id linked to the game, an inline diagram from the solver's side, the side to move and the themes under it, the solution folded", async () => {
  const run = await runFen(
    ["puzzles", "--from", "puzzles", "--format", "md", "--rating", "1600", CSV],
    { permissions: READ },
  );
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  const [legal, ...rest] = sections(run.stdout);
  assert.equal(rest.length, 0, "the one puzzle rated 1600");
  const lines = legal.split("\n");
  assert.equal(
    lines[0],
    "### Puzzle [00143](https://lichess.org/LegalMt1#10)",
  );
  const svg = legal.slice(legal.indexOf("<svg"), legal.indexOf("</svg>"));
  // the solver is White: not flipped, the opponent's Bxd1 tinted
  // fen md's look (the vector style, named in words), the side to move marked
  assert.match(svg, /<title>Chess diagram: [^<]*, White to move<\/title>/);
  assert.ok(legal.includes('<div class="fen-diagram">'));
  assert.ok(
    lines.includes("**White to move** · fork, mate, mateIn2, opening, short"),
    legal,
  );
  assert.ok(lines.includes("<details><summary>Solution</summary>"));
  assert.ok(lines.includes("6. Bxf7+ Ke7 7. Nd5#"), legal);
});

Deno.test("fen puzzles --format png writes each diagram into --out-dir, named by its content, in the look asked (--size), and the sheet linking them", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const run = await runFen(
      [
        "puzzles",
        "--from",
        "puzzles",
        "--format",
        "png",
        "--out-dir",
        dir,
        "--themes",
        "master,crushing",
        "--size",
        "200",
        CSV,
      ],
      { permissions: ["--allow-read", `--allow-write=${dir}`] },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const found = sections(run.stdout);
    assert.equal(found.length, 3);
    const black = found.find((s) => s.includes("**Black to move**"))!;
    assert.ok(black.startsWith("### Puzzle [000aY]"), black);
    const link = /!\[Chess diagram: ([^\]]+)\]\(([^)]+)\)/.exec(black)!;
    assert.equal(
      link[1],
      "r4rk1/pp2Bppp/2n1b3/q1pp4/8/P1Q2NP1/1PP1PP1P/2KR3R b - - 1 15",
    );
    assert.match(link[2], new RegExp(`^${dir}/fen-[0-9a-f]{16}\\.png$`));
    const png = readPng(await Deno.readFile(link[2]));
    // the look's options, as fen md takes them
    assert.deepEqual([png.width, png.height], [200, 200]);
    const files = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    // one file a picture, however many puzzles show it
    const links = new Set(
      found.map((s) => /!\[[^\]]*\]\(([^)]+)\)/.exec(s)![1]),
    );
    assert.deepEqual(
      files,
      [...links].map((l) => l.slice(dir.length + 1)).sort(),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen puzzles --format gif plays each puzzle out: a frame before the opponent's move, then one a move of the line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const run = await runFenBytes(
      [
        "puzzles",
        "--from",
        "puzzles",
        "--format",
        "gif",
        "--out-dir",
        dir,
        "--rating",
        "1600",
        CSV,
      ],
      { permissions: ["--allow-read", `--allow-write=${dir}`] },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const page = new TextDecoder().decode(run.stdout);
    const section = sections(page).find((s) => s.includes("[00143]"))!;
    const link = /!\[Chess animation: puzzle 00143\]\(([^)]+\.gif)\)/.exec(
      section,
    );
    assert.ok(link !== null, section);
    const gif = readGif(await Deno.readFile(link[1]));
    // g4d1 c4f7 e8e7 c3d5: the start and four moves
    assert.equal(gif.frames.length, 5);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen puzzles: --format svg, png and gif need --out-dir, and the text formats refuse it", async () => {
  for (const format of ["svg", "png", "gif"]) {
    const run = await runFen(
      ["puzzles", "--from", "puzzles", "--format", format, CSV],
      { permissions: READ },
    );
    assert.equal(run.code, 1, format);
    assert.equal(
      run.stderr.split("\n")[0],
      `fen: puzzles: --format ${format} writes its pictures as files: give --out-dir <dir>`,
    );
  }
  const run = await runFen(
    ["puzzles", "--from", "puzzles", "--format", "md", "--out-dir", "x", CSV],
    { permissions: READ },
  );
  assert.equal(run.code, 1);
  assert.equal(
    run.stderr.split("\n")[0],
    "fen: puzzles: --out-dir holds the pictures of --format svg, png or gif, not of --format md",
  );
});

const stockfish = findStockfish();

Deno.test({
  name:
    "fen puzzles --format md from games: the puzzle found in Legal's game as a section of the sheet",
  ignore: stockfish === null,
  async fn() {
    const run = await runFen(
      [
        "puzzles",
        "--engine",
        stockfish!,
        "--nodes",
        "50000",
        "--format",
        "md",
        new URL("../testdata/puzzles/tactics.pgn", import.meta.url).pathname,
      ],
      { permissions: ["--allow-all"] },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const [legal, ...rest] = sections(run.stdout);
    assert.equal(rest.length, 0, "each game's first puzzle: one");
    assert.match(
      legal,
      /^### Puzzle \[[0-9A-Za-z]{8}\]\(https:\/\/lichess\.org\/LegalMt1#10\)\n/,
    );
    assert.ok(legal.includes('<div class="fen-diagram">'));
    assert.ok(
      legal.includes(
        "\n**White to move** · attackingF2F7, mate, mateIn2, short\n",
      ),
      legal,
    );
    assert.ok(legal.includes("\n6. Bxf7+ Ke7 7. Nd5#\n"), legal);
  },
});
