// Where `--jobs` cuts a stream (lib/cli/source_parts.ts): line feeds counted
// four bytes at a time, and game starts found line by line with native
// searches, each held equal to a byte-by-byte reading of the same rules
// (written out below) over generated text, at every alignment.

import assert from "node:assert/strict";
import fc from "fast-check";
import { countLines, gameCut, lineCut } from "../../lib/cli/source_parts.ts";

const encoder = new TextEncoder();

/** The rules of a game start, one byte at a time: what gameCut must find. */
function gameCutByBytes(
  bytes: Uint8Array,
): { end: number; lines: number; games: number } | null {
  let comment = false, semi = false, tag = false;
  let blank = true, previousBlank = true, lineStart = true;
  let games = 0, lines = 0;
  let cut: { end: number; lines: number; games: number } | null = null;
  for (let i = 0; i < bytes.length; i++) {
    const c = String.fromCharCode(bytes[i]);
    if (c === "\n") {
      lines++;
      previousBlank = blank;
      blank = lineStart = true;
      semi = tag = false;
      continue;
    }
    const first = lineStart;
    lineStart = false;
    if (tag || semi) continue; // a tag line's or a `;` comment's bytes
    if (first && c === "[" && !comment) {
      if (previousBlank) {
        if (i > 0) cut = { end: i, lines, games };
        games++;
      }
      blank = false;
      tag = true;
      continue;
    }
    if (c !== "\r" && c !== " " && c !== "\t") blank = false;
    if (comment) comment = c !== "}";
    else if (c === "{") comment = true;
    else if (c === ";") semi = true;
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
    "[",
    "a[",
    "2. Nf3 *",
  ),
  { maxLength: 60 },
).map((pieces) => pieces.join(""));

Deno.test("gameCut finds the last game start as a byte-by-byte reading does", () => {
  fc.assert(
    fc.property(pgnText, (text) => {
      const bytes = encoder.encode(text);
      assert.deepEqual(gameCut(bytes), gameCutByBytes(bytes), text);
    }),
    { numRuns: 3000 },
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
