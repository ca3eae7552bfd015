/**
 * Polyglot keys from a stream of FEN records, in process: read each record
 * into a `FenReader` and write its key as 16 hex digits (what
 * `fen --format key` does per record), against reading alone and reading
 * plus writing the record back (`--format fen`), over the corpus of
 * bench/corpus.ts.
 *
 * ```sh
 * deno bench --allow-read --allow-write bench/keys_bench.ts
 * ```
 *
 * One iteration is one slice of SLICE (1,000) records: keys/s = SLICE ×
 * iter/s. Goals (issue 21): at least 1,000,000 keys/s for `read+key`;
 * `--unique` and `--stats` at most 1.5x the time of `read+write fen bytes`
 * (`--format fen`), whose writing they replace or add to. The sets are made
 * once, so later iterations find most keys seen: a stream of repeats.
 *
 * python-chess 1.11.2 on CPython 3.11.7, measured once over
 * tests/testdata/sample.fen on the shared 2-core machine of issue 21 (not
 * here: it is not a Deno program): `chess.Board(fen)` then
 * `chess.polyglot.zobrist_hash(board)`, 8,900 keys/s; the hash alone on
 * boards made beforehand, 34,500 keys/s. The same run of this bench gave
 * the rows quoted in the note of the commit that added it.
 *
 * @module
 */

import { FenReader } from "../lib/fen/reader.ts";
import { writeFenBytes } from "../lib/fen/bytes.ts";
import { PolyglotHasher } from "../lib/data/polyglot/mod.ts";
import { recordViewOf } from "../lib/record_view.ts";
import {
  PositionHasher,
  PositionStats,
  UniqueSet,
} from "../lib/data/unique/mod.ts";
import { loadCorpus } from "./corpus.ts";
import { rotating, SLICE, slices } from "./_slices.ts";

const corpus = await loadCorpus();
if (corpus.length < SLICE) {
  throw new Error(`the corpus has ${corpus.length} records, need ${SLICE}`);
}
const fenSlices = slices(corpus);
const reader = new FenReader();
const hasher = new PolyglotHasher();
const buffer = new Uint8Array(256);
let sink = 0;

const keySlice = rotating(fenSlices);
Deno.bench({
  name: "read+key (PolyglotHasher.write)",
  group: "keys",
  baseline: true,
  fn() {
    for (const fen of keySlice()) {
      reader.read(fen);
      sink ^= hasher.write(reader, buffer, 0) + buffer[5];
    }
  },
});

const views = slices(
  corpus.slice(0, SLICE * 20).map((fen) => {
    reader.read(fen);
    return recordViewOf(reader.toPosition());
  }),
);
const viewSlice = rotating(views);
Deno.bench({
  name: "key only (PolyglotHasher.write on records read before)",
  group: "keys",
  fn() {
    for (const view of viewSlice()) {
      sink ^= hasher.write(view, buffer, 0) + buffer[5];
    }
  },
});

const uniqueSlice = rotating(fenSlices);
const positionHasher = new PositionHasher();
const at = PositionHasher.offset("position");
const seen = new UniqueSet({ capacity: 1 << 20 });
Deno.bench({
  name: "read+unique at level position (--unique)",
  group: "keys",
  fn() {
    for (const fen of uniqueSlice()) {
      reader.read(fen);
      const hashes = positionHasher.hash(reader);
      if (seen.addHash(hashes[at], hashes[at + 1])) sink ^= buffer[3];
    }
  },
});

const statsSlice = rotating(fenSlices);
const stats = new PositionStats({ capacity: 1 << 18 });
Deno.bench({
  name: "read+stats, six levels (--stats)",
  group: "keys",
  fn() {
    for (const fen of statsSlice()) {
      reader.read(fen);
      stats.add(reader);
    }
  },
});

const readSlice = rotating(fenSlices);
Deno.bench({
  name: "read only (FenReader.read)",
  group: "keys",
  fn() {
    for (const fen of readSlice()) {
      reader.read(fen);
      sink ^= reader.cells[60];
    }
  },
});

const fenSlice = rotating(fenSlices);
Deno.bench({
  name: "read+write fen bytes (--format fen)",
  group: "keys",
  fn() {
    for (const fen of fenSlice()) {
      reader.read(fen);
      sink ^= writeFenBytes(reader, buffer, 0);
    }
  },
});

globalThis.addEventListener("unload", () => {
  if (sink === 0.5) console.log(sink); // keeps the work observable
});
