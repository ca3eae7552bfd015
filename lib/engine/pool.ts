/**
 * Several engine processes searching a queue of positions: each position
 * goes to the first free engine. An engine that fails (dies, hangs,
 * answers garbage) is replaced by a new process and the position is
 * searched once more; a second failure is the position's answer.
 * {@linkcode FAULTS_IN_ROW} failures with no answer between them (an
 * engine that hangs or crashes on every position) stop the pool: waiting
 * for each position in turn would take hours and find nothing.
 *
 * @module
 */

import {
  EngineError,
  type SearchLimit,
  type SearchPosition,
  type SearchResult,
  UciEngine,
} from "./uci.ts";

/** Failures in a row (no search answered between them) after which the pool gives up. */
export const FAULTS_IN_ROW = 3;

/** Options for {@linkcode EnginePool.start}. */
export interface EnginePoolOptions {
  /** The engine binary. */
  path: string;
  /** UCI options for every engine, in order. */
  options: readonly (readonly [string, string])[];
  /** How many engine processes. */
  jobs: number;
  /** The search limit. */
  limit: SearchLimit;
  /** Lines per position (default 1). */
  multipv?: number;
  /** The time after which a search counts as hung, in ms. */
  timeoutMs: number;
  /** Told of each fault, with whether the position will be tried again. */
  onFault?: (error: EngineError, retry: boolean) => void;
  /** Told once when the pool gives up ({@linkcode FAULTS_IN_ROW}), after that fault's `onFault`. */
  onGiveUp?: () => void;
}

/** A position's answer: the search, or why there is none. */
export type PoolAnswer =
  | { ok: true; result: SearchResult }
  | { ok: false; error: EngineError };

/** A search to make: checks `result` against the position (legal moves). */
export interface PoolTask {
  position: SearchPosition;
  /** Lines to search, when not the pool's (`multipv`). */
  multipv?: number;
  /** Throws an {@linkcode EngineError} `garbage` if the answer is impossible. */
  check?: (result: SearchResult) => void;
}

interface Pending {
  task: PoolTask;
  resolve: (answer: PoolAnswer) => void;
}

/** A fixed number of engines over one queue. */
export class EnginePool {
  /** `go` commands sent, retries included. */
  searches = 0;
  /** The first engine's name. */
  readonly name: string;
  readonly #options: EnginePoolOptions;
  readonly #engines: (UciEngine | null)[];
  readonly #queue: Pending[] = [];
  readonly #idle: number[] = [];
  #stopped = false;
  #faultsInRow = 0;
  #gaveUp = false;

  private constructor(options: EnginePoolOptions, engines: UciEngine[]) {
    this.#options = options;
    this.#engines = engines;
    this.name = engines[0].name;
    for (let i = 0; i < engines.length; i++) this.#idle.push(i);
  }

  /**
   * Starts `jobs` engines (the handshake of each).
   *
   * @param options The engine, its options, the limit and the time limit.
   * @returns The pool.
   * @throws {EngineError} If an engine cannot be started.
   */
  static async start(options: EnginePoolOptions): Promise<EnginePool> {
    const start = () =>
      UciEngine.start(options.path, { options: options.options });
    const first = await start();
    const rest = await Promise.allSettled(
      Array.from({ length: Math.max(0, options.jobs - 1) }, start),
    );
    const engines = [first];
    for (const outcome of rest) {
      if (outcome.status === "fulfilled") engines.push(outcome.value);
      else {
        for (const engine of engines) engine.kill();
        for (const other of rest) {
          if (other.status === "fulfilled") other.value.kill();
        }
        throw outcome.reason;
      }
    }
    return new EnginePool(options, engines);
  }

  /**
   * Queues a search; the answer comes when an engine has made it (or
   * failed twice, or the pool was stopped).
   *
   * @param task The position and the check of the answer.
   * @returns The answer.
   */
  search(task: PoolTask): Promise<PoolAnswer> {
    return new Promise((resolve) => {
      if (this.#stopped) {
        resolve({ ok: false, error: stoppedError() });
        return;
      }
      this.#queue.push({ task, resolve });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const slot = this.#idle.shift()!;
      const pending = this.#queue.shift()!;
      this.#run(slot, pending).then(() => {
        this.#idle.push(slot);
        this.#dispatch();
      });
    }
  }

  async #run(slot: number, pending: Pending): Promise<void> {
    let last: EngineError | null = null;
    for (let attempt = 0; attempt < 2 && !this.#stopped; attempt++) {
      try {
        const engine = await this.#engine(slot);
        this.searches++;
        const result = await engine.search(
          pending.task.position,
          this.#options.limit,
          {
            multipv: pending.task.multipv ?? this.#options.multipv ?? 1,
            timeoutMs: this.#options.timeoutMs,
          },
        );
        pending.task.check?.(result);
        this.#faultsInRow = 0;
        pending.resolve({ ok: true, result });
        return;
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        last = error;
        this.#engines[slot]?.kill();
        this.#engines[slot] = null;
        if (!this.#stopped) this.#fault(error, attempt === 0);
      }
    }
    pending.resolve({ ok: false, error: last ?? stoppedError() });
  }

  /** A failure told, counted, and the pool stopped at the last one in a row allowed. */
  #fault(error: EngineError, retry: boolean): void {
    const giveUp = ++this.#faultsInRow >= FAULTS_IN_ROW;
    this.#options.onFault?.(error, retry && !giveUp);
    if (!giveUp) return;
    this.#gaveUp = true;
    this.stop();
    this.#options.onGiveUp?.();
  }

  /** The slot's engine, started again if it failed. */
  async #engine(slot: number): Promise<UciEngine> {
    const current = this.#engines[slot];
    if (current !== null) return current;
    const engine = await UciEngine.start(this.#options.path, {
      options: this.#options.options,
    });
    if (this.#stopped) {
      engine.kill();
      throw stoppedError();
    }
    this.#engines[slot] = engine;
    return engine;
  }

  /** Whether the pool gave up after {@linkcode FAULTS_IN_ROW} failures in a row. */
  get gaveUp(): boolean {
    return this.#gaveUp;
  }

  /** Whether {@linkcode EnginePool.stop} was called. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Stops at once (Ctrl-C): queued searches answer "stopped", engines are killed. */
  stop(): void {
    this.#stopped = true;
    for (const pending of this.#queue.splice(0)) {
      pending.resolve({ ok: false, error: stoppedError() });
    }
    for (const engine of this.#engines) engine?.kill();
  }

  /** Quits every engine. */
  async close(): Promise<void> {
    await Promise.all(
      this.#engines.map((engine) => engine?.close() ?? Promise.resolve()),
    );
  }
}

function stoppedError(): EngineError {
  return new EngineError("died", "stopped before this position was searched");
}
