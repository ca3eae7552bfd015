// Bounded memory for book making: when the count table reaches its budget,
// the table's entries and every later move go to 16 files by the top 4
// bits of the key still unread at this depth, each read back in turn into
// an empty table (and split again the same way if it too outgrows the
// budget). A position's moves all land in one file, in the order they were
// played, after its entries' counts as they stood: the halving rule, which
// needs a position's counts in order, gives the same numbers as one table
// would, and the files read in order give the keys in order.

import { CountTable, type TableFilter } from "./_table.ts";
import { writeBookEntry } from "./entry.ts";

/** A temporary file: written, then read back once from its start. */
export interface SpillFile {
  /** Appends `bytes`. */
  write(bytes: Uint8Array): void;
  /** Reads into `buffer` from where the last read ended; 0 at the end. */
  read(buffer: Uint8Array): number;
  /** Closes and removes it. */
  close(): void;
}

/** Where spilled counts go: {@linkcode tempFileStore} by default. */
export interface SpillStore {
  /** A new empty file. */
  create(): SpillFile;
}

/** Spill files as temporary files of the system's temporary folder. */
export function tempFileStore(): SpillStore {
  return {
    create(): SpillFile {
      const path = Deno.makeTempFileSync({ prefix: "fen-book-" });
      const file = Deno.openSync(path, { read: true, write: true });
      let reading = false;
      return {
        write: (bytes) => {
          for (let at = 0; at < bytes.length;) {
            at += file.writeSync(bytes.subarray(at));
          }
        },
        read: (buffer) => {
          if (!reading) {
            file.seekSync(0, Deno.SeekMode.Start);
            reading = true;
          }
          let got = 0;
          while (got < buffer.length) {
            const n = file.readSync(buffer.subarray(got));
            if (n === null || n === 0) break;
            got += n;
          }
          return got;
        },
        close: () => {
          file.close();
          Deno.removeSync(path);
        },
      };
    },
  };
}

/** Bytes of one spilled record: an entry's counts, or one move played. */
const RECORD = 16;
const BUFFER = 4096 * RECORD;
const STATE = 0x80;
/** Below this depth a file can split again (8 nibbles of the high word). */
const MAX_DEPTH = 8;

/** How a level of the making is set up. */
export interface LevelSettings {
  budget: number;
  store: SpillStore;
  filter: TableFilter;
}

/**
 * One table's worth of counting, which turns into 16 files when the table
 * reaches the budget: see the comment at the top of the file.
 */
export class Level {
  readonly #settings: LevelSettings;
  readonly #depth: number;
  #table: CountTable | null = new CountTable();
  #files: SpillFile[] = [];
  #buffers: Uint8Array[] = [];
  #views: DataView[] = [];
  #fill: number[] = [];

  constructor(settings: LevelSettings, depth = 0) {
    this.#settings = settings;
    this.#depth = depth;
  }

  /** Counts a move played (`score` 2 a win, 1 a draw, 0 a loss). */
  add(
    hi: number,
    lo: number,
    move: number,
    score: number,
    colour: number,
  ): void {
    const table = this.#table;
    if (table === null) {
      this.#record(hi, lo, move, score << 1 | colour, 0, 0);
      return;
    }
    table.add(hi, lo, move, score, colour);
    if (table.full(this.#settings.budget) && this.#depth < MAX_DEPTH) {
      this.#spill(table);
    }
  }

  #restore(hi: number, lo: number, move: number, counts: Counts): void {
    const table = this.#table;
    if (table === null) {
      this.#record(hi, lo, move, STATE | counts.colour, counts.n, counts.sum);
      return;
    }
    table.restore(hi, lo, move, counts);
    if (table.full(this.#settings.budget) && this.#depth < MAX_DEPTH) {
      this.#spill(table);
    }
  }

  /** Turns the table into 16 files, its entries first in the order made. */
  #spill(table: CountTable): void {
    for (let k = 0; k < 16; k++) {
      this.#files.push(this.#settings.store.create());
      const buffer = new Uint8Array(BUFFER);
      this.#buffers.push(buffer);
      this.#views.push(new DataView(buffer.buffer));
      this.#fill.push(0);
    }
    this.#table = null;
    for (let pos = 0; pos < table.size; pos++) {
      this.#record(
        table.hi[pos],
        table.lo[pos],
        table.move[pos],
        STATE | table.colour[pos],
        table.n[pos],
        table.sum[pos],
      );
    }
  }

  #record(
    hi: number,
    lo: number,
    move: number,
    flags: number,
    n: number,
    sum: number,
  ): void {
    const k = (hi >>> (28 - 4 * this.#depth)) & 15;
    const view = this.#views[k];
    let at = this.#fill[k];
    view.setUint32(at, hi);
    view.setUint32(at + 4, lo);
    view.setUint16(at + 8, move);
    view.setUint8(at + 10, flags);
    view.setUint16(at + 12, n);
    view.setUint16(at + 14, sum);
    at += RECORD;
    if (at === BUFFER) {
      this.#files[k].write(this.#buffers[k]);
      at = 0;
    }
    this.#fill[k] = at;
  }

  /** Writes the book's entries, in order, in chunks, to `out`. */
  finish(out: (bytes: Uint8Array) => void): void {
    if (this.#table !== null) {
      writeTable(this.#table, this.#settings.filter, out);
      return;
    }
    for (let k = 0; k < 16; k++) {
      const file = this.#files[k];
      file.write(this.#buffers[k].subarray(0, this.#fill[k]));
      this.#buffers[k] = new Uint8Array(0);
      const child = new Level(this.#settings, this.#depth + 1);
      replay(file, child);
      file.close();
      child.finish(out);
    }
  }

  /** Feeds a spilled record back (see {@linkcode replay}). */
  feed(view: DataView, at: number, counts: Counts): void {
    const hi = view.getUint32(at), lo = view.getUint32(at + 4);
    const move = view.getUint16(at + 8), flags = view.getUint8(at + 10);
    if (flags & STATE) {
      counts.colour = flags & 1;
      counts.n = view.getUint16(at + 12);
      counts.sum = view.getUint16(at + 14);
      this.#restore(hi, lo, move, counts);
    } else this.add(hi, lo, move, flags >> 1, flags & 1);
  }
}

interface Counts {
  n: number;
  sum: number;
  colour: number;
}

/** Reads a spill file's records into a level, in the order written. */
function replay(file: SpillFile, level: Level): void {
  const buffer = new Uint8Array(BUFFER);
  const view = new DataView(buffer.buffer);
  const counts: Counts = { n: 0, sum: 0, colour: 0 };
  for (let got: number; (got = file.read(buffer)) > 0;) {
    for (let at = 0; at + RECORD <= got; at += RECORD) {
      level.feed(view, at, counts);
    }
  }
}

/** Writes a table's kept entries in polyglot's order. */
function writeTable(
  table: CountTable,
  filter: TableFilter,
  out: (bytes: Uint8Array) => void,
): void {
  const { order, weight } = table.sorted(filter);
  const buffer = new Uint8Array(BUFFER);
  const entry = { hi: 0, lo: 0, move: 0, weight: 0, learn: 0 };
  let at = 0;
  for (let k = 0; k < order.length; k++) {
    const pos = order[k];
    entry.hi = table.hi[pos];
    entry.lo = table.lo[pos];
    // Polyglot keeps the zero key for a book's header: it writes none.
    if (entry.hi === 0 && entry.lo === 0) continue;
    entry.move = table.move[pos];
    entry.weight = weight[pos];
    writeBookEntry(buffer, at, entry);
    at += RECORD;
    if (at === BUFFER) {
      out(buffer.slice());
      at = 0;
    }
  }
  if (at > 0) out(buffer.slice(0, at));
}
