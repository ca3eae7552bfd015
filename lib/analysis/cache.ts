/**
 * Evaluations kept between runs: a file of JSON lines, one per position,
 * in the shape of lichess's evaluation database
 * (`{"fen": ..., "evals": [{"pvs": [{"cp": 31, "line": "e2e4 e7e5"}],
 * "knodes": 1500, "depth": 23}]}`, scores from White's side), with the
 * position's Polyglot key and the search limit added. A position is looked up by key; an entry
 * counts when it searched at least as far as asked.
 *
 * A file that holds anything else is refused before anything is written
 * to it; a write that fails (a full disk) is kept as
 * {@linkcode EvalCache.writeError} and ends the writing, never the run.
 *
 * @module
 */

import type { SearchLimit } from "../engine/uci.ts";
import type { Evaluation } from "./judgement.ts";

/** One line of a position's evaluation: the score and the moves (UCI). */
export interface CachedLine {
  eval: Evaluation;
  pv: string[];
}

/** One evaluation of a position. */
export interface CachedEval {
  lines: CachedLine[];
  nodes: number;
  depth: number;
  /** The limit it was searched with (an early mate stops short of it). */
  limit?: SearchLimit;
}

interface EvalDbLine {
  key: string;
  fen: string;
  evals: {
    pvs: ({ cp: number } | { mate: number } & { line: string })[];
    knodes: number;
    depth: number;
    limit?: SearchLimit;
  }[];
}

/**
 * A cache file that holds something other than cache lines: `line` is the
 * first line that is not one.
 */
export class CacheFormatError extends SyntaxError {
  /** The file. */
  readonly path: string;
  /** The first line (from 1) that is not a cache line. */
  readonly line: number;

  /**
   * Makes the error.
   *
   * @param path The file.
   * @param line The line that is not a cache line.
   */
  constructor(path: string, line: number) {
    super(`line ${line} is not an evaluation in JSON (key, fen, evals)`);
    this.name = "CacheFormatError";
    this.path = path;
    this.line = line;
  }
}

const encoder = new TextEncoder();
/** The start of every line this cache writes: a cut one is known by it. */
const OWN_LINE = '{"key":"';
/** Longer than any cache line: a file whose line runs past it is no cache. */
const MAX_LINE = 1 << 20;

/** Whether `value` is an evaluation line this cache can use. */
function isEvalDbLine(value: unknown): value is EvalDbLine {
  const entry = value as EvalDbLine;
  return typeof entry === "object" && entry !== null &&
    typeof entry.key === "string" && /^[0-9a-f]{16}$/.test(entry.key) &&
    typeof entry.fen === "string" && Array.isArray(entry.evals) &&
    entry.evals.every((e) =>
      typeof e === "object" && e !== null && Array.isArray(e.pvs) &&
      typeof e.knodes === "number" && typeof e.depth === "number" &&
      e.pvs.every((pv) =>
        typeof pv === "object" && pv !== null &&
        typeof (pv as { line?: unknown }).line === "string" &&
        (typeof (pv as { cp?: unknown }).cp === "number" ||
          typeof (pv as { mate?: unknown }).mate === "number")
      )
    );
}

/** The cache of one run: read once, added to as positions are searched. */
export class EvalCache {
  readonly #path: string;
  readonly #entries = new Map<string, CachedEval[]>();
  /** Bytes of whole lines in the file: what a failed write is cut back to. */
  #size = 0;
  /** What the first write must do: drop a cut last line, or end the last one. */
  #tail: "none" | "cut" | "newline" = "none";
  #writes: Promise<void> = Promise.resolve();
  #writeError: Error | null = null;

  private constructor(path: string) {
    this.#path = path;
  }

  /** The first write that failed (then no more are tried), or `null`. */
  get writeError(): Error | null {
    return this.#writeError;
  }

  /**
   * Reads the cache file. A missing or empty file is an empty cache, and so
   * is a device (`/dev/null`, `/dev/full`), which is written and never read.
   *
   * @param path The file.
   * @returns The cache.
   * @throws {CacheFormatError} If the file holds anything but cache lines
   * (a cache line cut short at the very end, as a full disk leaves it, is
   * dropped at the first write).
   */
  static async open(path: string): Promise<EvalCache> {
    const cache = new EvalCache(path);
    let file: Deno.FsFile;
    try {
      if ((await Deno.stat(path)).isCharDevice) return cache;
      file = await Deno.open(path, { read: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return cache;
      throw error;
    }
    try {
      await cache.#read(file);
    } finally {
      file.close();
    }
    return cache;
  }

  /** Reads the lines as they come: a file that is no cache stops the read at its first line. */
  async #read(file: Deno.FsFile): Promise<void> {
    const decoder = new TextDecoder();
    let rest = "", line = 0;
    const take = (text: string): void => {
      line++;
      this.#size += encoder.encode(text).length + 1;
      if (text.trim() === "") return;
      this.#add(this.#parse(text, line));
    };
    const buffer = new Uint8Array(1 << 16);
    for (
      let n = await file.read(buffer);
      n !== null;
      n = await file.read(buffer)
    ) {
      const chunk = buffer.subarray(0, n);
      const parts = (rest + decoder.decode(chunk, { stream: true })).split(
        "\n",
      );
      rest = parts.pop() ?? "";
      for (const part of parts) take(part);
      const start = rest.trimStart();
      if (start !== "" && !start.startsWith("{") || rest.length > MAX_LINE) {
        throw new CacheFormatError(this.#path, line + 1);
      }
    }
    rest += decoder.decode();
    if (rest.trim() === "") return;
    try {
      this.#add(this.#parse(rest, line + 1));
      this.#size += encoder.encode(rest).length;
      this.#tail = "newline";
    } catch (error) {
      if (!rest.startsWith(OWN_LINE)) throw error;
      this.#tail = "cut";
    }
  }

  #parse(text: string, line: number): EvalDbLine {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new CacheFormatError(this.#path, line);
    }
    if (!isEvalDbLine(value)) throw new CacheFormatError(this.#path, line);
    return value;
  }

  #add(entry: EvalDbLine): void {
    const list = this.#entries.get(entry.key) ?? [];
    for (const e of entry.evals) {
      list.push({
        nodes: e.knodes * 1000,
        depth: e.depth,
        ...(e.limit ? { limit: e.limit } : {}),
        lines: e.pvs.map((pv) => ({
          eval: "mate" in pv ? { mate: pv.mate } : { cp: pv.cp },
          pv: (pv as { line: string }).line.split(" ").filter(Boolean),
        })),
      });
    }
    this.#entries.set(entry.key, list);
  }

  /**
   * The cached evaluation of `key` that went as far as `limit` asks with
   * at least `multipv` lines, or `undefined`.
   */
  get(
    key: string,
    limit: SearchLimit,
    multipv: number,
  ): CachedEval | undefined {
    return this.#entries.get(key)?.find((e) =>
      e.lines.length >= multipv &&
      (limit.nodes === undefined ||
        Math.max(e.nodes, e.limit?.nodes ?? 0) >= limit.nodes) &&
      (limit.depth === undefined ||
        Math.max(e.depth, e.limit?.depth ?? 0) >= limit.depth) &&
      (limit.movetime === undefined ||
        (e.limit?.movetime ?? 0) >= limit.movetime ||
        e.limit?.nodes !== undefined || e.limit?.depth !== undefined)
    );
  }

  /**
   * Adds an evaluation, in memory and at the end of the file (one line,
   * written at once, so that an interrupted run keeps what it found). A
   * write that fails is cut back out of the file, kept as
   * {@linkcode EvalCache.writeError}, and is the last one tried: this
   * never throws.
   */
  put(key: string, fen: string, value: CachedEval): Promise<void> {
    const entry: EvalDbLine = {
      key,
      fen,
      evals: [{
        pvs: value.lines.map((l) => ({ ...l.eval, line: l.pv.join(" ") })),
        knodes: Math.ceil(value.nodes / 1000),
        depth: value.depth,
        ...(value.limit ? { limit: value.limit } : {}),
      }],
    };
    this.#add(entry);
    // One write at a time, so that a failed one is cut back alone.
    this.#writes = this.#writes.then(() =>
      this.#append(JSON.stringify(entry) + "\n")
    );
    return this.#writes;
  }

  async #append(line: string): Promise<void> {
    if (this.#writeError !== null) return;
    const bytes = encoder.encode(
      this.#tail === "newline" ? "\n" + line : line,
    );
    try {
      if (this.#tail === "cut") await Deno.truncate(this.#path, this.#size);
      await Deno.writeFile(this.#path, bytes, { append: true });
      this.#size += bytes.length;
      this.#tail = "none";
    } catch (error) {
      this.#writeError = error as Error;
      // A line written in part would make the file no cache.
      await Deno.truncate(this.#path, this.#size).catch(() => {});
    }
  }
}
