import assert from "node:assert/strict";
import { scanFences, splitLines } from "../../../lib/markdown/fences.ts";

const T = "`".repeat(3);

function fences(doc: string) {
  return scanFences(splitLines(doc)).map((f) => ({
    info: f.info,
    open: f.open,
    close: f.close,
    lines: f.lines,
  }));
}

Deno.test("splitLines keeps every line ending, CRLF, CR and none at the end", () => {
  const doc = "a\r\nb\rc\n\nd";
  const lines = splitLines(doc);
  assert.deepEqual(lines.map((l) => l.text), ["a", "b", "c", "", "d"]);
  assert.equal(lines.map((l) => l.text + l.end).join(""), doc);
  assert.deepEqual(splitLines(""), []);
});

Deno.test("a fence closes with as many of its characters or more, never the other character", () => {
  const doc = `${T}fen\nx\n~~~\n${T}${T}\nafter\n`;
  assert.deepEqual(fences(doc), [
    { info: "fen", open: 0, close: 3, lines: ["x", "~~~"] },
  ]);
});

Deno.test("a backtick fence's info string may not hold a backtick: that line is inline code", () => {
  assert.deepEqual(fences(`${T}fen \`x\`\ny\n${T}\n`).map((f) => f.open), [2]);
});

Deno.test("four spaces of indentation make indented code, not a fence", () => {
  assert.deepEqual(fences(`    ${T}fen\n    x\n    ${T}\n`), []);
});

Deno.test("a fence in a block quote keeps its markers off its content, and ends with the quote", () => {
  const [quoted] = fences(`> ${T}fen\n> x\n> ${T}\n`);
  assert.deepEqual(quoted, { info: "fen", open: 0, close: 2, lines: ["x"] });
  const [cut] = fences(`> ${T}fen\n> x\ny\n`);
  assert.equal(cut.close, -1);
});

Deno.test("a fence in a list item, on its marker's line or indented to its content", () => {
  assert.deepEqual(fences(`- item\n\n  ${T}fen\n  x\n  ${T}\n`), [
    { info: "fen", open: 2, close: 4, lines: ["x"] },
  ]);
  assert.deepEqual(fences(`1. ${T}fen\n   x\n   ${T}\n`), [
    { info: "fen", open: 0, close: 2, lines: ["x"] },
  ]);
  // Nested items reach past four spaces of indentation.
  assert.deepEqual(
    fences(`- a\n  - b\n\n    ${T}fen\n    x\n    ${T}\n`)
      .map((f) => [f.open, f.close]),
    [[3, 5]],
  );
});

Deno.test("HTML blocks and front matter hold no fences", () => {
  assert.deepEqual(fences(`<!--\n${T}fen\nx\n${T}\n-->\n`), []);
  assert.deepEqual(fences(`<div>\n${T}fen\nx\n${T}\n</div>\n`), []);
  assert.deepEqual(fences(`---\na: |\n  ${T}fen\n---\n${T}fen\ny\n${T}\n`), [
    { info: "fen", open: 4, close: 6, lines: ["y"] },
  ]);
  // A blank line ends a <div> block: a fence after it is one.
  assert.equal(fences(`<div>\n\n${T}fen\nx\n${T}\n`).length, 1);
});

Deno.test("an unclosed fence runs to the end of the document", () => {
  assert.deepEqual(fences(`${T}fen\nx`), [
    { info: "fen", open: 0, close: -1, lines: ["x"] },
  ]);
});
