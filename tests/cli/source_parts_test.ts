// Where `--jobs` cuts a stream (lib/cli/source_parts.ts): line feeds counted
// four bytes at a time, held equal to a byte-by-byte count at every
// alignment, and game starts found line by line with native searches, held
// to where the PGN reader starts games in the same generated text.

import assert from "node:assert/strict";
import fc from "fast-check";
import { countLines, gameCut, lineCut } from "../../lib/cli/source_parts.ts";
import { PgnReader } from "../../lib/pgn/mod.ts";

const encoder = new TextEncoder();

/** The games of `text` as the PGN reader reads them, as lines. */
function gamesOf(text: string): string[] {
  const reader = new PgnReader();
  return [...reader.push(text), ...reader.end()].map((game) =>
    `${[...game.tags]} ${
      game.mainline.moves.map((m) => m.san)
    } ${game.error?.reason}`
  );
}

/**
 * Whether a part may start at `at`, by the PGN reader itself: a line (not
 * the first) that opens with `[` after a line of spaces, tabs and a CR
 * only, where the reader starts a game when it reads the whole text, and
 * where reading the text before and after apart gives the same games.
 */
function startsPart(text: string, at: number): boolean {
  if (at === 0 || text[at] !== "[" || text[at - 1] !== "\n") return false;
  const before = text.lastIndexOf("\n", at - 2);
  if (!/^[ \t\r]*$/.test(text.slice(before + 1, at - 1))) return false;
  const reader = new PgnReader();
  const line = text.slice(0, at).split("\n").length;
  const games = [...reader.push(text), ...reader.end()];
  return games.some((game) => game.line === line) &&
    [...gamesOf(text.slice(0, at)), ...gamesOf(text.slice(at))].join("\n") ===
      gamesOf(text).join("\n");
}

/**
 * The last place where a part may start (startsPart) and the last line
 * before it that is not blank is not a tag line (which gameCut passes
 * over), or null.
 */
function gameCutByReader(
  text: string,
): { end: number; lines: number } | null {
  let cut: { end: number; lines: number } | null = null;
  for (let at = 0, lines = 0; at < text.length; at++) {
    const before = text.slice(0, at).split("\n").filter((line) =>
      !/^[ \t\r]*$/.test(line)
    ).at(-1);
    if (startsPart(text, at) && !before?.startsWith("[")) {
      cut = { end: at, lines };
    }
    if (text[at] === "\n") lines++;
  }
  return cut;
}

/** Text made of the pieces a PGN stream has, in any order. */
const pgnText = fc.array(
  fc.constantFrom(
    "\n",
    "\r\n",
    " ",
    "\t",
    '[Event "x"]',
    '[Event "{"]',
    '[Annotator "}"]',
    "1. e4 e5",
    "{a comment}",
    "{",
    "}",
    "; rest of line {",
    ";x\r{",
    '[Event "a"] {',
    "}",
    "%x {",
    "[",
    "a[",
    "2. Nf3 *",
  ),
  { maxLength: 60 },
).map((pieces) => pieces.join(""));

/** The same without what may hide a start: games, tags, blank lines, strays. */
const plainText = fc.array(
  fc.constantFrom(
    "\n",
    "\n\n",
    "\r\n",
    " ",
    '[Event "x"]',
    '[Site "y"]',
    "1. e4 e5",
    "2. Nf3 *",
    "1-0",
    "[",
    "a[",
    "@",
  ),
  { maxLength: 40 },
).map((pieces) => pieces.join(""));

Deno.test("gameCut cuts where the PGN reader starts a game, the last such place (not after tags) when no comment or stray character may hide one", () => {
  fc.assert(
    fc.property(fc.oneof(pgnText, plainText), (text) => {
      const cut = gameCut(encoder.encode(text));
      if (cut !== null) {
        assert.ok(
          startsPart(text, cut.end),
          `${JSON.stringify(text)} at ${cut.end}`,
        );
        assert.equal(cut.lines, text.slice(0, cut.end).split("\n").length - 1);
      }
      // Where a comment, a ; or % line or a stray brace may hide a start,
      // it may be missed (a part longer than needed), never invented.
      if (!/[{}%;]/.test(text)) {
        assert.deepEqual(
          cut === null ? null : { end: cut.end, lines: cut.lines },
          gameCutByReader(text),
          JSON.stringify(text),
        );
      }
    }),
    { numRuns: Number(Deno.env.get("PGN_RUNS") ?? 3000) },
  );
});

Deno.test("gameCut: a game without an empty line before its tags does not start a part", () => {
  const text =
    '[Event "a"]\n\n1. e4 *\n[Event "b"]\n\n1. d4 *\n\n[Event "c"]\n';
  const cut = gameCut(encoder.encode(text));
  assert.deepEqual(cut, {
    end: text.indexOf('[Event "c"]'),
    lines: 7,
    games: 1,
  });
  // a tag line inside a comment, and one after a `;` comment's brace
  const commented =
    '[Event "a"]\n\n1. e4 {\n\n[Event "b"]\n} *\n\n; {\n\n[Event "c"]\n';
  assert.deepEqual(gameCut(encoder.encode(commented)), {
    end: commented.indexOf('[Event "c"]'),
    lines: 9,
    games: 1,
  });
});

Deno.test("countLines counts line feeds at any offset and length, as lineCut's part", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 200 }),
      fc.nat(8),
      fc.nat(8),
      (random, before, after) => {
        // line feeds often enough to matter, at every alignment
        const bytes = random.map((b) => b % 3 === 0 ? 10 : b);
        const start = Math.min(before, bytes.length);
        const end = Math.max(start, bytes.length - after);
        let expected = 0;
        for (let i = start; i < end; i++) if (bytes[i] === 10) expected++;
        assert.equal(countLines(bytes, start, end), expected);
        const view = bytes.subarray(start, end); // a view not at its buffer's start
        assert.equal(countLines(view), expected);
        const cut = lineCut(view);
        if (expected === 0) assert.equal(cut, null);
        else {
          assert.equal(cut!.end, view.lastIndexOf(10) + 1);
          assert.equal(cut!.lines, expected);
        }
      },
    ),
    { numRuns: 3000 },
  );
});
