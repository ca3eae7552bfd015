// One lane of `--jobs`' pool (source_jobs_pool.ts): a worker, or this
// thread's converter when no worker can start, given parts in shared slots
// and answering each in the order sent, its output in the slot's shared
// output buffer.

import type { ParsedArgs } from "./option_table.ts";
import {
  type Answer,
  type Message,
  PartConverter,
  type PartOutput,
  type StreamPart,
} from "./source_jobs_io.ts";

/** The module a worker runs. */
export const WORKER = new URL("./source_jobs_worker.ts", import.meta.url);

/** What a part's run sent back. */
export type PartResult = PartOutput<StreamPart>;

/**
 * A worker, or this thread's converter when no worker can start, and the
 * parts sent to it, answered in the order sent.
 */
export class Lane {
  readonly #worker: Worker | null;
  readonly #local: PartConverter | null;
  readonly #pending: {
    slot: number;
    resolve: (result: PartResult) => void;
    reject: (error: Error) => void;
  }[] = [];
  /**
   * The output buffers of the slots (the pool's, replaced when a worker
   * grows one), and each as this worker last had it: a grown one is sent
   * with the slot's next part here.
   */
  readonly #outs: SharedArrayBuffer[];
  readonly #known: SharedArrayBuffer[];
  /** Parts in this thread's converter. */
  #converting = 0;
  #failed: string | null = null;

  constructor(
    worker:
      | {
        parsed: ParsedArgs;
        slots: SharedArrayBuffer[];
        outs: SharedArrayBuffer[];
      }
      | PartConverter,
  ) {
    if (worker instanceof PartConverter) {
      this.#worker = null;
      this.#local = worker;
      this.#outs = this.#known = [];
      return;
    }
    this.#local = null;
    this.#outs = worker.outs;
    this.#known = [...worker.outs];
    const started = new Worker(WORKER, { type: "module" });
    started.onmessage = (event: MessageEvent<Answer>) => {
      if ("ready" in event.data) return;
      const pending = this.#pending.shift();
      if (pending !== undefined) {
        pending.resolve(this.#result(event.data, pending.slot));
      }
    };
    // A worker that cannot start, or fails, fails the parts it is given
    // (thrown where they are written), not the process.
    started.onerror = (event) => {
      event.preventDefault();
      this.#fail(event.message);
    };
    started.onmessageerror = () => this.#fail("a part could not be read");
    started.postMessage(worker);
    this.#worker = started;
  }

  /** Parts sent and not answered. */
  get load(): number {
    return this.#pending.length + this.#converting;
  }

  /**
   * Converts a part: its bytes are in a slot the worker shares, or are
   * sent (copied) when they fit in none; `bytes` are what the part holds.
   */
  send(
    bytes: Uint8Array,
    { part, slot }: { part: StreamPart; slot: number },
  ): Promise<PartResult> {
    if (this.#local !== null) {
      this.#converting++;
      return this.#local.convert(bytes, part)
        .finally(() => this.#converting--);
    }
    if (this.#failed !== null) {
      return Promise.reject(new Error(`a worker failed: ${this.#failed}`));
    }
    return new Promise<PartResult>((resolve, reject) => {
      this.#pending.push({ slot, resolve, reject });
      let message: Message = { bytes, part };
      if (slot >= 0) {
        message = { slot, length: bytes.length, part };
        const out = this.#outs[slot];
        if (this.#known[slot] !== out) message.out = this.#known[slot] = out;
      }
      this.#worker!.postMessage(message);
    });
  }

  /** A worker's answer, its writes in the slot's output buffer (a grown one kept) or its own bytes. */
  #result(answer: Exclude<Answer, { ready: true }>, slot: number): PartResult {
    const { writes, code, part, grown } = answer;
    if (grown !== undefined) this.#outs[slot] = this.#known[slot] = grown;
    const bytes = answer.bytes ?? new Uint8Array(this.#outs[slot]);
    return { writes, bytes, code, part };
  }

  close(): void {
    this.#worker?.terminate();
  }

  #fail(message: string): void {
    this.#failed = message;
    const error = new Error(`a worker failed: ${message}`);
    for (const pending of this.#pending.splice(0)) pending.reject(error);
  }
}
