// The byte writers (lib/fen/bytes.ts, the batch command's path) against the
// string writers of the library: the same record must come out byte for
// byte (see lib/fen/bytes.ts for why there are two).

import assert from "node:assert/strict";
import fc from "fast-check";
import { stringifyEpd, stringifyEpdOperations } from "../../../lib/fen/epd.ts";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { FenReader } from "../../../lib/fen/reader.ts";
import {
  FEN_BYTES_MAX,
  JSON_BYTES_MAX,
  UNICODE_BYTES_MAX,
  writeFenBytes,
  writeFourFieldBytes,
  writeGridBytes,
  writeJsonBytes,
  writeJsonFieldBytes,
  writeUnicodeBytes,
} from "../../../lib/fen/bytes.ts";
import { fen2grid } from "../../../lib/fen/grid.ts";
import { renderUnicode } from "../../../lib/text/unicode.ts";
import type { Square } from "../../../lib/types.ts";
import {
  arbitraryBoard,
  arbitraryPosition,
  PROPERTY_RUNS,
} from "../_arbitraries.ts";

const decoder = new TextDecoder();
const buffer = new Uint8Array(4096);

/** The three byte writers' output for what `reader` read last. */
function written(
  reader: FenReader,
): { fen: string; epd: string; json: string; fields: string } {
  const at = 7; // not at the buffer's start, as in a batch
  const fenEnd = writeFenBytes(reader, buffer, at);
  assert.ok(fenEnd - at <= FEN_BYTES_MAX);
  const fen = decoder.decode(buffer.subarray(at, fenEnd));
  const fourEnd = writeFourFieldBytes(reader, buffer, at);
  const ops = reader.operations;
  const epd = decoder.decode(buffer.subarray(at, fourEnd)) +
    (ops !== null && ops.length > 0 ? ` ${stringifyEpdOperations(ops)}` : "");
  const jsonEnd = writeJsonBytes(reader, buffer, at);
  assert.ok(jsonEnd - at <= JSON_BYTES_MAX);
  const json = decoder.decode(buffer.subarray(at, jsonEnd));
  const fieldsEnd = writeJsonFieldBytes(reader, buffer, at);
  const fields = decoder.decode(buffer.subarray(at, fieldsEnd));
  return { fen, epd, json, fields };
}

/** Asserts the byte writers agree with the string writers on `text`. */
function assertSame(reader: FenReader, text: string): void {
  reader.read(text);
  const position = reader.toPosition();
  const bytes = written(reader);
  assert.equal(bytes.fen, stringifyFen(position), text);
  assert.equal(bytes.epd, stringifyEpd(position, reader.operations ?? []));
  assert.equal(bytes.json, JSON.stringify(position), text);
  const { board: _, ...fields } = position;
  assert.equal(`{${bytes.fields}}`, JSON.stringify(fields), text);
}

Deno.test("byte writers: every sample record as stringifyFen, stringifyEpd and JSON.stringify write it", async () => {
  const text = await Deno.readTextFile(
    new URL("../../testdata/sample.fen", import.meta.url),
  );
  const tricky: { fen: string }[] = JSON.parse(
    await Deno.readTextFile(
      new URL("../../testdata/tricky_fens.json", import.meta.url),
    ),
  );
  const lenient = new FenReader();
  const chess960 = new FenReader({ chess960: true });
  let records = 0;
  for (const line of [...text.split("\n"), ...tricky.map((t) => t.fen)]) {
    for (const reader of [lenient, chess960]) {
      try {
        reader.read(line);
      } catch {
        continue; // invalid records are not written
      }
      assertSame(reader, line);
      records++;
    }
  }
  assert.ok(records > 2000, `only ${records} records read`);
});

Deno.test("byte writers: extreme fields (no piece, 16 rights, huge counters, fullmove 0)", () => {
  const reader = new FenReader({ chess960: true });
  for (
    const text of [
      "8/8/8/8/8/8/8/8 b - - 0 0",
      "rrrrrrrr/8/8/8/8/8/8/RRRRRRRR w ABCDEFGHabcdefgh - 9007199254740991 9007199254740991",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 10 99999999999",
      '1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq e3 1 2 bm Qg6; id "a b";',
    ]
  ) assertSame(reader, text);
});

Deno.test("property: byte writers agree with the string writers on random records", () => {
  const backRank = fc.constantFrom(..."abcdefgh").chain((file) =>
    fc.constantFrom(`${file}1`, `${file}8`)
  );
  const counter = fc.oneof(
    fc.nat(200),
    fc.constant(0),
    fc.nat(Number.MAX_SAFE_INTEGER),
  );
  fc.assert(
    fc.property(
      arbitraryPosition(),
      fc.uniqueArray(backRank, { maxLength: 6 }),
      fc.option(fc.constantFrom(..."abcdefgh"), { nil: null }),
      fc.boolean(),
      fc.tuple(counter, counter),
      (position, castling, epFile, epRank3, [halfmove, fullmove]) => {
        // Raw fields, as a lenient reader takes them: Shredder castling,
        // an en-passant rank that may not fit the turn, fullmove 0.
        const rights =
          (castling as Square[]).map((square) =>
            square[1] === "1" ? square[0].toUpperCase() : square[0]
          ).join("") || "-";
        const ep = epFile === null ? "-" : `${epFile}${epRank3 ? 3 : 6}`;
        const placement = stringifyFen(position).split(" ")[0];
        const text =
          `${placement} ${position.turn} ${rights} ${ep} ${halfmove} ${fullmove}`;
        assertSame(new FenReader(), text);
        assertSame(new FenReader({ chess960: true }), text);
      },
    ),
    { numRuns: PROPERTY_RUNS / 2 },
  );
});

Deno.test("property: the Unicode board bytes are renderUnicode's text", () => {
  fc.assert(
    fc.property(arbitraryBoard(), fc.boolean(), (board, flip) => {
      const cells = board.map((piece) => piece?.charCodeAt(0) ?? 0);
      const end = writeUnicodeBytes(cells, flip, buffer, 3);
      assert.ok(end - 3 <= UNICODE_BYTES_MAX);
      assert.equal(
        decoder.decode(buffer.subarray(3, end)),
        renderUnicode(board, { flip }),
      );
    }),
    { numRuns: PROPERTY_RUNS / 2 },
  );
});

Deno.test("property: the grid board bytes are fen2grid's text, any mark, either side", () => {
  const encoder = new TextEncoder();
  fc.assert(
    fc.property(
      arbitraryBoard(),
      fc.constantFrom(".", "*", "□", "\u{1F7E9}"),
      fc.boolean(),
      (board, mark, flip) => {
        const cells = board.map((piece) => piece?.charCodeAt(0) ?? 0);
        const bytes = encoder.encode(mark);
        const end = writeGridBytes(cells, bytes, flip, buffer, 5);
        assert.ok(end - 5 <= 64 * bytes.length + 8); // the room it asks for
        const placement = stringifyFen({
          board: flip ? [...board].reverse() : board,
          turn: "w",
          castling: [],
          enPassant: null,
          halfmoveClock: 0,
          fullmoveNumber: 1,
        }).split(" ")[0];
        assert.equal(
          decoder.decode(buffer.subarray(5, end)),
          fen2grid(placement, mark) + "\n",
        );
      },
    ),
    { numRuns: PROPERTY_RUNS / 2 },
  );
});

Deno.test("castling: a right without its rook keeps K or Q in both writers, not a file letter", () => {
  for (
    const fen of [
      "4k3/8/8/8/8/8/8/1RK4R w KQ - 0 1",
      "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1",
      "rk2r3/8/8/8/8/8/8/4K3 b q - 0 1",
    ]
  ) {
    const position = parseFen(fen);
    assert.equal(stringifyFen(position), fen);
    const bytes = new Uint8Array(FEN_BYTES_MAX);
    const end = writeFenBytes(
      {
        ...position,
        cells: position.board.map((p) => p?.charCodeAt(0) ?? 0),
      },
      bytes,
      0,
    );
    assert.equal(new TextDecoder().decode(bytes.subarray(0, end)), fen);
  }
  // With the rook there and another outside it, the file letter stays.
  const chess960 = parseFen("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1", {
    chess960: true,
  });
  assert.equal(stringifyFen(chess960), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
});
