// A command line a program refuses: the command's and the service's options
// are both read into it, and both programs answer it with the usage code.

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
