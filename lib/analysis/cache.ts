/**
 * Evaluations kept between runs: a file of JSON lines, one per position,
 * in the shape of lichess's evaluation database
 * (`{"fen": ..., "evals": [{"pvs": [{"cp": 31, "line": "e2e4 e7e5"}],
 * "knodes": 1500, "depth": 23}]}`, scores from White's side), with the
 * position's Polyglot key and the search limit added. A position is looked up by key; an entry
 * counts when it searched at least as far as asked.
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

/** The cache of one run: read once, added to as positions are searched. */
export class EvalCache {
  readonly #path: string;
  readonly #entries = new Map<string, CachedEval[]>();
  /** Lines that could not be read (kept in the file, not used). */
  skipped = 0;

  private constructor(path: string) {
    this.#path = path;
  }

  /**
   * Reads the cache file (a missing file is an empty cache).
   *
   * @param path The file.
   * @returns The cache.
   */
  static async open(path: string): Promise<EvalCache> {
    const cache = new EvalCache(path);
    let text = "";
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        cache.#add(JSON.parse(line) as EvalDbLine);
      } catch {
        cache.skipped++;
      }
    }
    return cache;
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
   * written at once, so that an interrupted run keeps what it found).
   */
  async put(key: string, fen: string, value: CachedEval): Promise<void> {
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
    await Deno.writeTextFile(this.#path, JSON.stringify(entry) + "\n", {
      append: true,
    });
  }
}
