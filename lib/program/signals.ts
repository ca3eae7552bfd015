// SIGINT and SIGTERM during a stream: the awaited read ends, the job writes
// what it converted and returns the conventional exit code. The command's
// streams and every subcommand's inputs (frame.ts) read through it.

import type { CliIo } from "../program/io.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";

/** SIGINT and SIGTERM, which end the read being awaited. */
export class Signals {
  code: ExitCode | null = null;
  readonly #io: CliIo;
  #wake: ((value: false) => void) | null = null; // ends the awaited read
  #handlers: [("SIGINT" | "SIGTERM"), () => void][] = [];

  constructor(io: CliIo) {
    this.#io = io;
    for (
      const [signal, code] of [["SIGINT", EXIT.interrupted], [
        "SIGTERM",
        EXIT.terminated,
      ]] as const
    ) {
      const handler = () => {
        this.code = code;
        this.#wake?.(false);
      };
      try {
        io.addSignalListener?.(signal, handler);
        this.#handlers.push([signal, handler]);
      } catch {
        // not every platform has every signal; it then ends the process as usual
      }
    }
  }

  /**
   * The read, or `false` once a signal comes. One promise per read, not
   * Promise.race against one promise that never settles: every race left a
   * reaction on it, memory that grew with the input (about 40 MB over 10M
   * records).
   */
  race<T>(read: Promise<T>): Promise<T | false> {
    if (this.#handlers.length === 0) return read;
    if (this.code !== null) {
      // A read started after the signal (it came while the caller awaited
      // something else) is abandoned: when its file is closed under it, it
      // fails, and that failure is nobody's to report.
      read.catch(() => {});
      return Promise.resolve(false);
    }
    return new Promise<T | false>((resolve, reject) => {
      this.#wake = resolve;
      read.then(resolve, reject);
    });
  }

  close(): void {
    for (const [signal, handler] of this.#handlers) {
      this.#io.removeSignalListener?.(signal, handler);
    }
    this.#handlers = [];
  }
}
