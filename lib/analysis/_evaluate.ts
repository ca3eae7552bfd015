// One run's evaluations: each position looked up (rules, the game's own
// [%eval], this run's earlier answers, the cache) before it is queued for
// an engine, so that a position is searched at most once per run; every
// answer checked against the position's legal moves.

import type { EnginePool } from "../engine/pool.ts";
import {
  EngineError,
  type SearchPosition,
  type SearchResult,
} from "../engine/uci.ts";
import { playMoves } from "../moves/mod.ts";
import type { Position } from "../types.ts";
import type { CachedEval, EvalCache } from "./cache.ts";
import type { Evaluation } from "./judgement.ts";
import type { AnalyseSettings } from "./_options.ts";

/** What an {@linkcode Evaluator} reads of a run's settings. */
export type EvaluatorSettings = Pick<
  AnalyseSettings,
  "limit" | "multipv" | "reanalyse"
>;

/** A position to evaluate. */
export interface PositionJob {
  /** The Polyglot key, 16 hex digits. */
  key: string;
  /** The position's FEN. */
  fen: string;
  position: Position;
  /** What the engine is sent: the game's start and moves, or the FEN. */
  search: SearchPosition;
  /** The evaluation a game's `[%eval]` gives, or `null`. */
  known: Evaluation | null;
  /** Checkmate (`{mate: 0}`) or stalemate (`{cp: 0}`): no search needed. */
  terminal: Evaluation | null;
}

/** One line of an evaluation, from White's side, in UCI and SAN. */
export interface EvaluatedLine {
  eval: Evaluation;
  pv: string[];
  san: string[];
}

/** A position's evaluation, or why there is none. */
export interface Evaluated {
  eval: Evaluation | null;
  lines: EvaluatedLine[];
  depth: number;
  nodes: number;
  from: "engine" | "cache" | "game" | "rules" | "none";
  /** Why it was not analysed, or `null`. */
  error: string | null;
  /** Whether the run was stopped before it was searched. */
  stopped: boolean;
}

/** Counts for the progress line and the tests. */
export interface EvaluationCounts {
  positions: number;
  done: number;
  searched: number;
  cacheHits: number;
  repeats: number;
}

function toWhite(score: Evaluation, turn: "w" | "b"): Evaluation {
  if (turn === "w") return score;
  return "cp" in score ? { cp: -score.cp || 0 } : { mate: -score.mate || 0 };
}

/** SAN of a line from a position; an illegal move is the engine's garbage. */
function sanLine(position: Position, pv: readonly string[]): string[] {
  try {
    return playMoves(position, pv).moves.map((m) => m.san);
  } catch {
    throw new EngineError(
      "garbage",
      `the engine's line ${
        JSON.stringify(pv.join(" ").slice(0, 60))
      } is not legal here`,
    );
  }
}

/** Evaluations for one run, and the engines behind them. */
export class Evaluator {
  readonly counts: EvaluationCounts = {
    positions: 0,
    done: 0,
    searched: 0,
    cacheHits: 0,
    repeats: 0,
  };
  readonly #pool: EnginePool;
  readonly #cache: EvalCache | null;
  readonly #settings: EvaluatorSettings;
  readonly #inflight = new Map<string, Promise<Evaluated>>();

  constructor(
    pool: EnginePool,
    cache: EvalCache | null,
    settings: EvaluatorSettings,
  ) {
    this.#pool = pool;
    this.#cache = cache;
    this.#settings = settings;
  }

  /** The position's evaluation (found or searched). */
  evaluate(job: PositionJob): Promise<Evaluated> {
    this.counts.positions++;
    const settle = (value: Evaluated): Evaluated => {
      this.counts.done++;
      return value;
    };
    if (job.terminal !== null) {
      return Promise.resolve(settle(this.#plain(job.terminal, "rules")));
    }
    if (job.known !== null && !this.#settings.reanalyse) {
      return Promise.resolve(settle(this.#plain(job.known, "game")));
    }
    const earlier = this.#inflight.get(job.key);
    if (earlier !== undefined) {
      this.counts.repeats++;
      return earlier.then(settle);
    }
    const cached = this.#settings.reanalyse
      ? undefined
      : this.#cache?.get(job.key, this.#settings.limit, this.#settings.multipv);
    const hit = cached === undefined ? null : this.#fromCache(job, cached);
    const answer = hit !== null ? Promise.resolve(hit) : this.#search(job);
    this.#inflight.set(job.key, answer);
    return answer.then(settle);
  }

  #plain(value: Evaluation, from: Evaluated["from"]): Evaluated {
    return {
      eval: value,
      lines: [],
      depth: 0,
      nodes: 0,
      from,
      error: null,
      stopped: false,
    };
  }

  /** The cached evaluation, or `null` when its lines do not fit the position (then it is searched). */
  #fromCache(job: PositionJob, cached: CachedEval): Evaluated | null {
    let lines: EvaluatedLine[];
    try {
      lines = cached.lines.map((line) => ({
        eval: line.eval,
        pv: line.pv,
        san: sanLine(job.position, line.pv),
      }));
    } catch {
      return null;
    }
    this.counts.cacheHits++;
    return {
      eval: lines[0]?.eval ?? null,
      lines,
      depth: cached.depth,
      nodes: cached.nodes,
      from: "cache",
      error: null,
      stopped: false,
    };
  }

  async #search(job: PositionJob): Promise<Evaluated> {
    let lines: EvaluatedLine[] = [];
    const check = (result: SearchResult): void => {
      if (result.bestmove === null || result.lines.length === 0) {
        throw new EngineError(
          "garbage",
          "the engine gave no move in a position that has some",
        );
      }
      sanLine(job.position, [result.bestmove]);
      lines = result.lines.map((line) => ({
        eval: toWhite(line.score, job.position.turn),
        pv: line.pv,
        san: sanLine(job.position, line.pv),
      }));
    };
    this.counts.searched++;
    const answer = await this.#pool.search({ position: job.search, check });
    if (!answer.ok) {
      return {
        eval: null,
        lines: [],
        depth: 0,
        nodes: 0,
        from: "none",
        error: answer.error.message,
        stopped: this.#pool.stopped,
      };
    }
    const { depth, nodes } = answer.result;
    await this.#cache?.put(job.key, job.fen.split(" ").slice(0, 4).join(" "), {
      lines,
      depth,
      nodes,
      limit: this.#settings.limit,
    });
    return {
      eval: lines[0].eval,
      lines,
      depth,
      nodes,
      from: "engine",
      error: null,
      stopped: false,
    };
  }
}
