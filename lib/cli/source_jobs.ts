// `--jobs N`: a stream cut into parts of about 256 KiB (after a line, or
// before a game), each converted by one of N workers running the command's
// own pipeline, and the parts' output written in input order. A worker is
// told where its part starts (lines and games before it) and the run's
// state there; what it cannot know in advance (the games before it as the
// reader counts them, whether a record was read before) it assumes, and a
// part whose assumption turns out wrong is converted again before it is
// written, so the output, the messages and the exit code are those of one
// process, byte for byte.
//
// The command's thread converts nothing: it reads the stream into one
// buffer, cuts it at a line or game boundary (lines counted four bytes at a
// time, games found with native searches), copies each part into a slot
// shared with the workers (source_jobs_pool.ts), and writes their output in
// order from the slot's output buffer, shared too (a worker writes it
// there), so a worker never waits for it. Nothing is transferred: the first
// detached buffer in a worker threw away its optimized code (V8's
// ArrayBufferDetaching protector; about 140 deoptimizations a worker), and a
// new buffer per part counted against a worker's small heap and made full
// collections, which threw optimized code away too. Deno workers rather
// than processes: a worker starts in a fraction of a process's time
// (docs/scale.md).

import { whyNoWorkers } from "../program/workers.ts";
import { escapeText } from "../_quote.ts";
import { countLines, gameCut, lineCut } from "./source_parts.ts";
import { Diagnostics } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import { InputError } from "../program/io.ts";
import { type CliIo, type Source, writeText } from "../program/io.ts";
import {
  type NotText,
  notTextMessage,
  SniffedSource,
} from "../program/sniff.ts";
import { FORMATS } from "./format_registry.ts";
import type { ParsedArgs } from "./option_table.ts";
import { granted } from "./sink_out_dir.ts";
import { osReason } from "../program/messages.ts";
import { type ConvertPart, PartConverter } from "./source_jobs_io.ts";
import type { Settings } from "./option_settings.ts";
import { Pool } from "./source_jobs_pool.ts";
import { WORKER } from "./source_jobs_lane.ts";
import { Signals } from "../program/signals.ts";
import type { RunProgress } from "./source_progress.ts";
import type { StreamMeter } from "../program/progress.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";

/**
 * The size a part is cut at (the next line or game after it): small enough
 * that the workers end together (the last part is all one worker has left
 * to do while the other waits; 1 MiB parts made that a tenth of a 15 MB
 * run), large enough that a part's own cost does not show (measured the
 * same per megabyte from 256 KiB to 1 MiB).
 */
const PART = 1 << 18;
/** A line (or game) with no end in this many bytes is cut there. */
const LONGEST = 64 << 20;
/** The least a read is given room for. */
const READ = 1 << 16;

/**
 * Whether a run goes to workers: more than one job, every source a stream,
 * and output made record by record (no diagram, no counts or dedupe over
 * the whole run, no `--shard`), so that parts convert alone.
 */
export function parallel(settings: Settings): boolean {
  const { data, scale } = settings;
  const format = FORMATS[settings.format];
  return scale.jobs > 1 && scale.shard === null &&
    settings.sources.length > 0 &&
    settings.sources.every((s) => s.kind !== "operand") &&
    settings.from !== "grid" && settings.outDir === null &&
    !("file" in format) && !format.draws && !format.games &&
    !(settings.check && data.quiet) &&
    data.unique === null && !data.stats && !data.statsOnly &&
    data.perft === null;
}

/** The workers, or this thread's converter (said) when none can start. */
function startPool(
  settings: Settings,
  { parsed, io, partConverter }: {
    parsed: ParsedArgs;
    io: CliIo;
    partConverter: (settings: Settings, io: CliIo) => ConvertPart;
  },
): Pool {
  const why = whyNoWorkers(io, WORKER);
  if (why !== null) {
    writeText(io.stderr, `fen: ${why}: converting on one core\n`);
  }
  return new Pool(why === null ? settings.scale.jobs : 0, {
    parsed,
    io,
    local: () =>
      new PartConverter((partIo) => partConverter(settings, partIo), {
        copied: true,
      }),
    slot: PART + 2 * READ, // a part and the reads that end its last line
  });
}

/** Runs the command with `settings.scale.jobs` workers. */
export async function runJobs(
  settings: Settings,
  { parsed, io, out, partConverter, progress = null }: {
    parsed: ParsedArgs;
    io: CliIo;
    out: Output;
    /** The converter of parts in this thread (lib/cli/run.ts's), when no worker can start. */
    partConverter: (settings: Settings, io: CliIo) => ConvertPart;
    /** The progress line: the files' bytes as read, the records as written. */
    progress?: RunProgress | null;
  },
): Promise<ExitCode> {
  const pool = startPool(settings, { parsed, io, partConverter });
  const diagnostics = new Diagnostics(io, out, {
    json: FORMATS[settings.format].json === true,
    verbose: false,
    interactive: false,
  });
  const signals = new Signals(io);
  const meter = progress?.begin(settings, io) ?? null;
  const unit = settings.from === "pgn" ? "games" : "lines";
  meter?.begin(() => pool.written[unit]);
  try {
    for (const source of settings.sources) {
      if (source.kind === "stdin") {
        await feed(io.stdin, { label: "", file: "" }, {
          settings,
          pool,
          signals,
        });
      } else if (source.kind === "file") {
        await feedFile(source.path, {
          settings,
          pool,
          signals,
          diagnostics,
          io,
          meter,
        });
      }
      if (pool.stopped || signals.code !== null) break;
    }
    await pool.drain();
  } catch (error) {
    // everything converted before the fault is written first
    await pool.drain().catch(() => {});
    throw error;
  } finally {
    signals.close();
    pool.close();
  }
  if (signals.code !== null) return signals.code;
  return worse(diagnostics.status, pool.code);
}

interface Feeding {
  settings: Settings;
  pool: Pool;
  signals: Signals;
}

/** An `--input` file, opened when its turn comes (after what comes before it). */
async function feedFile(
  path: string,
  { diagnostics, io, meter, ...feeding }: Feeding & {
    diagnostics: Diagnostics;
    io: CliIo;
    meter: StreamMeter | null;
  },
): Promise<void> {
  const label = escapeText(path, 0, path.length, 80);
  await feeding.pool.drain(); // messages in input order
  if (!granted(io, "read", path)) {
    diagnostics.say(
      `fen: cannot read ${label}: no permission (run deno with --allow-read=${label})\n`,
    );
    return feeding.pool.stop(EXIT.ioError);
  }
  let file;
  try {
    file = await io.open(path, { read: true });
  } catch (error) {
    diagnostics.say(`fen: cannot read ${label}: ${osReason(error)}\n`);
    return feeding.pool.stop(EXIT.ioError);
  }
  try {
    await feed(meter?.counted(file) ?? file, { label, file: path }, feeding);
  } catch (error) {
    if (error instanceof InputError && error.source === "") {
      throw new InputError(error.cause, label);
    }
    throw error;
  } finally {
    file.close();
  }
}

/**
 * One stream, cut into parts for the pool. A read that fails ends the
 * stream with a last part of what was read before it, whose worker
 * converts it and reports the failure as one process would.
 */
async function feed(
  stream: Source,
  names: { label: string; file: string },
  feeding: Feeding,
): Promise<void> {
  const held = new Held();
  try {
    await cut(stream, names, { ...feeding, held });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const { pool } = feeding;
    const part = pool.part(names, held, held.lines > 0 || held.games > 0);
    part.fault = error.message;
    await pool.submit(held.bytes.subarray(0, held.size), part);
  }
}

/**
 * What a stream's cutter has read and not yet sent: the stream is read
 * straight into one buffer (no chunk copied, no chunks joined); a part is
 * copied from it into a shared slot, and the bytes after the cut (less than
 * a line, or a game) move to its start.
 */
class Held {
  bytes = new Uint8Array(PART + 2 * READ);
  size = 0;
  /** Lines and games of the stream before the held bytes. */
  lines = 0;
  games = 0;

  /** Reads once more, growing the buffer first when fewer than READ bytes are free. */
  async read(source: Source, signals: Signals): Promise<boolean> {
    // a signal that came while a part waited for a worker: no read is begun
    if (signals.code !== null) return false;
    if (this.bytes.length - this.size < READ) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    const into = this.bytes.subarray(this.size);
    let n: number | null = null;
    const more = await signals.race(
      read(source, into).then((got) => {
        n = got;
        return got !== null && got > 0;
      }),
    );
    if (more) this.size += n!;
    return more;
  }

  /** Forgets the bytes before `end` (sent), keeping the rest at the start. */
  drop(end: number): void {
    this.size -= end;
    if (this.bytes.length > 4 * PART && this.size < PART) {
      // after a line longer than a part: back to a part's size
      const smaller = new Uint8Array(PART + 2 * READ);
      smaller.set(this.bytes.subarray(end, end + this.size));
      this.bytes = smaller;
    } else this.bytes.copyWithin(0, end, end + this.size);
  }
}

/** Cuts a stream into parts; `held` is what is read and not yet sent. */
async function cut(
  stream: Source,
  names: { label: string; file: string },
  { settings, pool, signals, held }: Feeding & { held: Held },
): Promise<void> {
  const pgn = settings.from === "pgn";
  // What the stream is, told once (the one sniffer, lib/cli/source_compression.ts):
  // text goes on, decompressed; what is not read is said, in its turn.
  const source = new SniffedSource(stream);
  let refused: NotText | null = null;
  // a stream that gives nothing yet (a terminal, a pipe) is interruptible
  const opened = await signals.race(
    source.open().then((why) => {
      refused = why;
      return true;
    }),
  );
  if (!opened) return;
  if (refused !== null) {
    await pool.drain();
    const { message, code } = notTextMessage(refused, names.label || "stdin");
    return pool.say(message, EXIT[code]);
  }
  let need = PART;
  for (;;) {
    let ended = false;
    while (held.size < need) {
      if (!await held.read(source, signals)) {
        ended = true;
        break;
      }
    }
    const buffer = held.bytes.subarray(0, held.size);
    const continued = held.lines > 0 || held.games > 0;
    if (signals.code !== null) {
      // what one process would have converted by now: the whole lines (or
      // games) read before the signal
      const at = pgn ? gameCut(buffer) : lineCut(buffer);
      if (at !== null) {
        await pool.submit(
          buffer.subarray(0, at.end),
          pool.part(names, held, continued),
        );
      }
      return;
    }
    if (ended) {
      if (held.size > 0) {
        const part = pool.part(names, held, continued);
        await pool.submit(buffer, part);
        held.drop(held.size);
      }
      // binary data after text: stopped at its line, said after the lines before
      const binary = source.binary;
      if (binary !== null) {
        await pool.drain();
        const { message, code } = notTextMessage(
          binary,
          names.label || "stdin",
        );
        pool.say(message, EXIT[code]);
      }
      return;
    }
    const at = pgn ? gameCut(buffer) : lineCut(buffer);
    if (at === null && held.size < LONGEST) {
      need = held.size + READ; // no line or game ends in it yet
      continue;
    }
    const part = pool.part(names, held, continued);
    held.lines += at?.lines ?? countLines(buffer);
    held.games += at?.games ?? 0;
    const end = at?.end ?? held.size;
    await pool.submit(buffer.subarray(0, end), part);
    held.drop(end);
    if (pool.stopped) return;
    need = PART;
  }
}

async function read(source: Source, into: Uint8Array): Promise<number | null> {
  try {
    return await source.read(into);
  } catch (error) {
    throw new InputError(error);
  }
}
