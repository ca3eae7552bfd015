import assert from "node:assert/strict";
import { parseEpd, stringifyEpd } from "../../lib/epd.ts";
import { parseFen } from "../../lib/fen.ts";

const WAC = [
  '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";',
  '8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";',
  '5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003";',
];

Deno.test("parseEpd() and stringifyEpd() round-trip test-suite lines", () => {
  for (const line of WAC) {
    const { position, operations } = parseEpd(line);
    assert.equal(stringifyEpd(position, operations), line);
    assert.equal(
      operations.find((op) => op.opcode === "id")?.operands.length,
      1,
    );
  }
});

Deno.test("parseEpd() gives the position a FEN record would", () => {
  const { position, operations } = parseEpd("8/8/8/8/8/8/8/K6k b - - 0 1");
  assert.deepEqual(position, parseFen("8/8/8/8/8/8/8/K6k b - - 0 1"));
  assert.deepEqual(operations, []);
});

Deno.test("parseEpd() results are the caller's to keep", () => {
  const first = parseEpd('8/8/8/8/8/8/8/K6k b - - id "one";');
  parseEpd('8/8/8/8/8/8/8/K6k b - - id "two";');
  assert.equal(first.operations[0].operands[0], "one");
});

Deno.test("stringifyEpd() quotes string operands and refuses what EPD cannot hold", () => {
  const position = parseFen("8/8/8/8/8/8/8/K6k w - - 0 1");
  assert.equal(
    stringifyEpd(position, [{ opcode: "c0", operands: ["two words"] }]),
    '8/8/8/8/8/8/8/K6k w - - c0 "two words";',
  );
  assert.throws(
    () => stringifyEpd(position, [{ opcode: "1x", operands: [] }]),
    TypeError,
  );
  assert.throws(
    () => stringifyEpd(position, [{ opcode: "c0", operands: ['say "hi"'] }]),
    TypeError,
  );
});
