// A command line a program refuses: the command's and the service's options
// are both read into it, and both programs answer it with the usage code.

import { escapeText } from "../_quote.ts";

/** A command line that does not follow a program's option table. */
export class UsageError extends Error {
  /**
   * Makes the error.
   *
   * @param message What is wrong, for `fen: ...` (or "" for the usage line alone).
   */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * An option that takes one value given twice: refused rather than letting
 * the last one win unseen (`--format svg ... --format png`), as the
 * service refuses a query parameter given twice. Its message names the
 * option and both values, wherever the command line is read.
 */
export class RepeatedOptionError extends UsageError {
  /** The option as `--name`. */
  readonly option: string;
  /** Its two values, in order (`null` for the option without a value). */
  readonly values: readonly [string | null, string | null];

  /**
   * Makes the error.
   *
   * @param option The option as `--name`.
   * @param values Its earlier and its later value (`null`: none given).
   */
  constructor(option: string, values: [string | null, string | null]) {
    const [first, second] = values.map((v) =>
      v === null ? "with no value" : `"${escapeText(v, 0, v.length, 40)}"`
    );
    super(
      values[0] === null && values[1] === null
        ? `${option} was given twice: give it once`
        : `${option} was given twice (${first}, then ${second}): give it once`,
    );
    this.name = "RepeatedOptionError";
    this.option = option;
    this.values = values;
  }
}
