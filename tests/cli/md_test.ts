// `fen md` through the real program (stdout, stderr and exit code) and
// in-process: fen blocks drawn, everything else written back byte for byte,
// every bad block reported at the document's line and column.

import assert from "node:assert/strict";
import { runFen, runFenBytes, runMain, spawnFen } from "./_harness.ts";
import { mdSpec } from "../../lib/subcommands/md.ts";
import { BLOCK_OPTIONS, PICTURE_OPTIONS } from "../../lib/cli/option_blocks.ts";

const T = "`".repeat(3);
const DATA = new URL("../testdata/markdown/", import.meta.url);
const UNTOUCHED = await Deno.readTextFile(new URL("untouched.md", DATA));
const CRLF = await Deno.readTextFile(new URL("crlf.md", DATA));
const KINGS = "8/8/8/8/8/8/8/K6k w - - 0 1";

Deno.test("fen md writes a document without fen blocks back byte for byte (tildes, longer fences, HTML, front matter, indented code)", async () => {
  const path = new URL("untouched.md", DATA).pathname;
  const built = await runFen(["md", path], {
    permissions: ["--allow-read"],
  });
  assert.deepEqual(built, { code: 0, stdout: UNTOUCHED, stderr: "" });
  const run = await runMain(["md"], { stdin: UNTOUCHED });
  assert.deepEqual([run.code, run.stdout, run.stderr], [0, UNTOUCHED, ""]);
});

Deno.test("fen md replaces a fen block by inline SVG in a <div>, and nothing else", async () => {
  const before = `# Title\n\ntext\n\n${T}js\nx\n${T}\n`;
  const doc = `${before}${T}fen flip size=200\n${KINGS}\n${T}\nafter\n`;
  const run = await runMain(["md", "notes.md"], { files: { "notes.md": doc } });
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  assert.ok(run.stdout.startsWith(`${before}<div class="fen-diagram">\n<svg `));
  // A blank line ends the HTML block before the paragraph after it.
  assert.ok(run.stdout.endsWith("</svg>\n</div>\n\nafter\n"));
  assert.ok(run.stdout.includes('width="200"'));
  assert.ok(run.stdout.includes("seen from Black&#39;s side"));
  assert.ok(!/\n\s*\n[\s\S]*<\/svg>/.test(run.stdout.slice(before.length)));
});

Deno.test("fen md keeps CRLF line endings and a missing final newline", async () => {
  const run = await runMain(["md"], { stdin: CRLF });
  assert.equal(run.code, 0);
  const fence = CRLF.indexOf(`${T}fen`);
  assert.equal(run.stdout.slice(0, fence), CRLF.slice(0, fence));
  assert.ok(!/[^\r]\n/.test(run.stdout), "every line ends in CRLF");
  assert.ok(
    run.stdout.endsWith("</div>\r\n\r\nafter\r\n\r\nlast line, no newline"),
  );
  const last = await runMain(["md"], { stdin: `${T}fen\n${KINGS}\n${T}` });
  assert.ok(last.stdout.endsWith("</svg>\n</div>"));
});

Deno.test("fen md draws blocks in block quotes and list items with their prefixes", async () => {
  const quoted = await runMain(["md"], {
    stdin: `> ${T}fen\n> ${KINGS}\n> ${T}\n`,
  });
  assert.equal(quoted.code, 0);
  assert.ok(
    quoted.stdout.split("\n").slice(0, -1).every((l) => l.startsWith("> ")),
  );
  const listed = await runMain(["md"], {
    stdin: `- a position:\n\n  ${T}fen\n  ${KINGS}\n  ${T}\n- next\n`,
  });
  const lines = listed.stdout.split("\n");
  assert.equal(lines[2], '  <div class="fen-diagram">');
  assert.ok(lines.slice(2, -3).every((l) => l.startsWith("  ")));
  assert.deepEqual(lines.slice(-4), ["  </div>", "", "- next", ""]);
});

Deno.test("fen md draws a game's final position, or ply's, with the last move; EPD and attribute spellings", async () => {
  const doc =
    `${T}fen\n1. e4 e5 2. Nf3 *\n${T}\n\n${T}{.fen ply=1 #start}\n1. e4 e5 2. Nf3 *\n${T}\n\n` +
    `${T}fen\n${KINGS.slice(0, 23)} bm Ka2; id "x";\n${T}\n`;
  const run = await runMain(["md"], { stdin: doc });
  assert.equal(run.stderr, "");
  const titles = [...run.stdout.matchAll(/<title>([^<]*)<\/title>/g)].map((m) =>
    m[1]
  );
  assert.deepEqual(titles, [
    "Chess diagram: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2, Black to move",
    "Chess diagram: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1, Black to move",
    "Chess diagram: 8/8/8/8/8/8/8/K6k w - - 0 1, White to move",
  ]);
  assert.match(run.stdout, /Last move g1 to f3\./);
  assert.match(run.stdout, /<div class="fen-diagram" id="start">/);
});

Deno.test("fen md reports every bad block at the document's line and column, draws the rest, and exits with the worst code", async () => {
  const doc = [
    "# Notes", // 1
    "",
    `${T}fen`, // 3
    "8/8/8/8/8/8/8/K6x w",
    T,
    "",
    `${T}fen sise=300`, // 7
    KINGS,
    T,
    "",
    `${T}fen`, // 11
    KINGS,
    T,
    "",
    `  ${T}fen`, // 15
    "  1. e4 e5 2. Ke3 *",
    `  ${T}`,
    "",
    `${T}fen`, // 19
    KINGS,
  ].join("\n");
  const built = await runFen(["md", "-"], { stdin: doc });
  assert.equal(
    built.stderr,
    'fen: md: <stdin>:4:17: cannot parse FEN: "x" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8\n' +
      'fen: md: <stdin>:7:8: unknown option "sise"; did you mean size?\n' +
      'fen: md: <stdin>:16:15: cannot read PGN: move 2. "Ke3": illegal: no king can move to e3\n' +
      "fen: md: <stdin>:19:1: the fen block is not closed (a fence of as many backticks ends it)\n",
  );
  assert.equal(built.code, 1); // a usage error in a block outranks a bad FEN
  const lines = built.stdout.split("\n");
  // The bad blocks are left as written; the good one is drawn.
  assert.deepEqual(lines.slice(0, 10), doc.split("\n").slice(0, 10));
  assert.equal(lines[10], '<div class="fen-diagram">');
  assert.deepEqual(lines.slice(-6), doc.split("\n").slice(-6));
  const run = await runMain(["md", "notes.md"], { files: { "notes.md": doc } });
  assert.equal(run.code, 1);
  assert.equal(run.stderr, built.stderr.replaceAll("<stdin>", "notes.md"));
  assert.equal(run.stdout, built.stdout);
});

Deno.test("fen md's bad FEN alone exits 2, an illegal move 5, as the command's other errors", async () => {
  const fen = await runMain(["md"], { stdin: `${T}fen\nx\n${T}\n` });
  assert.equal(fen.code, 2);
  const move = await runMain(["md"], { stdin: `${T}fen\n1. Ke2 *\n${T}\n` });
  assert.deepEqual([move.code, move.stderr], [
    5,
    'fen: md: <stdin>:2:4: cannot read PGN: move 1. "Ke2": illegal: no king can move to e2\n',
  ]);
});

Deno.test("fen md --out-dir writes each picture once, named by its content, and links it", async () => {
  const doc =
    `${T}fen\n${KINGS}\n${T}\n\ntext\n\n${T}fen\n${KINGS}\n${T}\n\n${T}fen flip\n${KINGS}\n${T}\n`;
  const run = await runMain(["md", "--out-dir", "img"], { stdin: doc });
  assert.equal(run.code, 0, run.stderr);
  const links = [
    ...run.stdout.matchAll(
      /!\[Chess diagram: ([^\]]*)\]\((img\/fen-[0-9a-f]{16}\.svg)\)/g,
    ),
  ];
  assert.equal(links.length, 3);
  assert.equal(links[0][1], KINGS);
  assert.equal(links[0][2], links[1][2]); // the same picture, the same file
  assert.notEqual(links[0][2], links[2][2]);
  assert.deepEqual(
    [...run.files.keys()].sort(),
    [links[0][2], links[2][2]].sort(),
  );
  assert.ok(run.files.get(links[0][2])!.startsWith("<svg "));
  // Names depend on the picture alone: a second run names them the same.
  const again = await runMain(["md", "--out-dir", "img"], { stdin: doc });
  assert.equal(again.stdout, run.stdout);
});

Deno.test("fen md --format png writes PNG files through the command's PNG renderer", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen_md_png_" });
  try {
    const run = await runFen([
      "md",
      "--format",
      "png",
      "--out-dir",
      dir,
      "--size",
      "160",
    ], {
      stdin: `${T}fen arrow=a1a8\n${KINGS}\n${T}\n`,
      permissions: ["--allow-read", "--allow-write"],
    });
    assert.equal(run.code, 0, run.stderr);
    const link = /\]\((.*\.png)\)\n$/.exec(run.stdout)![1];
    const png = await Deno.readFile(link);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.equal(new DataView(png.buffer).getUint32(16), 160);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen md refuses what it cannot do with the usage code: png inline, bad defaults, unknown options", async () => {
  const png = await runMain(["md", "--format", "png"], { stdin: "" });
  assert.equal(png.code, 1);
  assert.match(
    png.stderr,
    /^fen: md: --format png writes image files: give --out-dir\n/,
  );
  const size = await runMain(["md", "--size", "0"], { stdin: "" });
  assert.equal(size.code, 1);
  assert.match(size.stderr, /--size "0" must be a whole number of pixels/);
  const unknown = await runMain(["md", "--delay", "5"], { stdin: "" });
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /unknown option --delay/);
  const classic = await runMain(["md", "--format=png", "--out-dir=x"], {
    stdin: `${T}fen style=classic\n${KINGS}\n${T}\n`,
  });
  assert.equal(classic.code, 1);
  assert.match(
    classic.stderr,
    /^fen: md: <stdin>:1:1: style classic is drawn only as SVG/,
  );
});

Deno.test("fen md: a file that cannot be read exits 4, one that is not UTF-8 exits 2, and neither is written", async () => {
  const missing = await runMain(["md", "nope.md"]);
  assert.deepEqual([missing.code, missing.stdout], [4, ""]);
  assert.match(missing.stderr, /^fen: md: cannot open "nope.md"/);
  const latin = await runMain(["md"], {
    stdin: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 10]),
  });
  assert.deepEqual([latin.code, latin.stdout], [2, ""]);
  assert.match(latin.stderr, /<stdin> is not UTF-8 text/);
});

Deno.test("fen md --help comes from its table: the command's picture options, vector by default", async () => {
  const run = await runFen(["md", "--help"]);
  assert.equal(run.code, 0);
  for (const option of mdSpec(PICTURE_OPTIONS).options) {
    assert.ok(run.stdout.includes(`--${option.name}`), option.name);
  }
  for (const option of BLOCK_OPTIONS.filter((o) => o.name !== "ply")) {
    assert.ok(run.stdout.includes(`--${option.name}`), option.name);
  }
  assert.match(
    run.stdout,
    /--style <name> +the drawing;[^]*?\(default vector\)/,
  );
});

Deno.test("fen md draws the example document's four blocks and leaves its shown source as written", async () => {
  const path =
    new URL("../../examples/markdown/scholars_mate.md", import.meta.url)
      .pathname;
  const source = await Deno.readTextFile(path);
  const run = await runFen(["md", path], { permissions: ["--allow-read"] });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.equal(run.stdout.match(/<div class="fen-diagram">/g)?.length, 4);
  const shown = source.slice(source.indexOf("````markdown"));
  assert.ok(run.stdout.endsWith(shown));
});

Deno.test("fen md writes several files one after the other, each drawn on its own", async () => {
  const a = `# A\n\n${T}fen\n${KINGS}\n${T}\n`;
  const b = `# B\n\n${T}fen\nx\n${T}\n`;
  const run = await runMain(["md", "a.md", "b.md"], {
    files: { "a.md": a, "b.md": b },
  });
  assert.equal(run.code, 2);
  assert.ok(run.stdout.startsWith("# A\n\n<div"));
  assert.ok(run.stdout.endsWith(b));
  assert.equal(
    run.stderr,
    'fen: md: b.md:4:1: cannot parse FEN: "x" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8\n',
  );
});

Deno.test("fen md draws a game's position as the command draws it, shapes of its comments included", async () => {
  const game = "1. e4 { [%cal Gg1f3] [%csl Rd5] } e5 2. Nf3 *\n";
  const md = await runMain(["md"], {
    stdin: `${T}{.fen ply=1 flip size=240}\n${game}${T}\n`,
  });
  const command = await runMain(
    [
      "--from",
      "pgn",
      "--ply",
      "1",
      "--style",
      "vector",
      "--flip",
      "--size",
      "240",
      "-",
    ],
    { stdin: game },
  );
  assert.equal(command.code, 0, command.stderr);
  assert.match(command.stdout, /Highlighted: d5\. Arrow g1 to f3\./);
  const svg = command.stdout.split("\n").filter((l) => l !== "").join("\n");
  assert.equal(md.stdout, `<div class="fen-diagram">\n${svg}\n</div>\n`);
});

Deno.test("fen md keeps a byte order mark and still draws a fen block on the first line", async () => {
  // Bytes: a TextDecoder would drop the mark.
  const bom = [0xef, 0xbb, 0xbf];
  const run = await runFenBytes(["md"], {
    stdin: `\uFEFF${T}fen\n${KINGS}\n${T}\n`,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual([...run.stdout.subarray(0, 3)], bom);
  const text = new TextDecoder().decode(run.stdout);
  assert.ok(text.startsWith('<div class="fen-diagram">\n<svg '));
  const untouched = await runFenBytes(["md"], { stdin: "\uFEFF# Title\n" });
  assert.deepEqual([...untouched.stdout], [
    ...bom,
    ...new TextEncoder().encode("# Title\n"),
  ]);
});

Deno.test("fen md as a process and in-process agree on the corpus: CRLF, blocks in quotes, lists and longer fences, an unclosed block", async () => {
  for (const name of ["crlf.md", "blocks.md"]) {
    const path = new URL(name, DATA).pathname;
    const text = await Deno.readTextFile(path);
    const built = await spawnFen(["md", path], {
      permissions: ["--allow-read"],
    });
    const run = await runMain(["md", path], { files: { [path]: text } });
    assert.deepEqual(
      { code: run.code, stdout: run.stdout, stderr: run.stderr },
      built,
      name,
    );
  }
  const blocks = await spawnFen(["md", "-"], {
    stdin: await Deno.readTextFile(new URL("blocks.md", DATA)),
  });
  // Every block of the corpus is a bad FEN or game: each is reported where
  // it is, and a move that is not one (exit 5) outranks a bad FEN (exit 2).
  assert.equal(blocks.code, 5);
  assert.deepEqual(
    blocks.stderr.split("\n").slice(0, -1).map((l) => l.split(": ")[2]),
    [
      "<stdin>:6:1",
      "<stdin>:10:3",
      "<stdin>:16:3",
      "<stdin>:23:3",
      "<stdin>:27:4",
      "<stdin>:34:5",
      "<stdin>:38:1",
      "<stdin>:44:3",
      "<stdin>:62:1",
      "<stdin>:66:1",
    ],
  );
});
