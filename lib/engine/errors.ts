/**
 * An engine's faults, as {@linkcode EngineError}: shared by the UCI
 * process, the pool and the analysis that words them.
 *
 * @module
 */

/**
 * What went wrong with an engine: `refused` is a binary the runtime's
 * permissions do not let this process run (Deno's `--allow-run`).
 */
export type EngineFault = "missing" | "refused" | "died" | "hung" | "garbage";

/**
 * An engine fault: `kind` says which, the message says it in words
 * ("Cannot run the engine: ...").
 */
export class EngineError extends Error {
  /** Which fault. */
  readonly kind: EngineFault;

  /**
   * Makes the error.
   *
   * @param kind Which fault.
   * @param message What happened, in words.
   */
  constructor(kind: EngineFault, message: string) {
    super(`Cannot run the engine: ${message}`);
    this.name = "EngineError";
    this.kind = kind;
  }
}
