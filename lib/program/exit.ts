// The exit codes, each with its meaning: the one definition that `--help`,
// docs/command.md (checked by a test) and the code use.

/** The exit codes of the `fen` command. */
export const EXIT = {
  ok: 0,
  usage: 1,
  invalidFen: 2,
  illegalPosition: 3,
  ioError: 4,
  illegalMove: 5,
  internal: 70,
  interrupted: 130,
  brokenPipe: 141,
  terminated: 143,
} as const;

/** An exit code of the command. */
export type ExitCode = typeof EXIT[keyof typeof EXIT];

/** What each exit code means, in `--help` order. */
export const EXIT_MEANINGS: readonly (readonly [ExitCode, string])[] = [
  [EXIT.ok, "success (--check: legal, warnings allowed)"],
  [EXIT.usage, "usage error: unknown option, missing or bad value or operand"],
  [
    EXIT.invalidFen,
    "invalid FEN-string (streams: at least one line was invalid)",
  ],
  [
    EXIT.illegalPosition,
    "--check: a well-formed position that cannot occur in a game",
  ],
  [
    EXIT.ioError,
    "input could not be read or output written (a file, stdin, stdout)",
  ],
  [
    EXIT.illegalMove,
    "--moves, EPD moves: a move is malformed, ambiguous or illegal",
  ],
  [EXIT.internal, "an internal error (a bug in fen: please report it)"],
  [
    EXIT.interrupted,
    "interrupted (SIGINT): what was converted has been written",
  ],
  [EXIT.brokenPipe, "stdout was closed early (as in | head); stops quietly"],
  [
    EXIT.terminated,
    "terminated (SIGTERM): what was converted has been written",
  ],
];

// Which code wins when a stream meets several outcomes: a failure to read or
// write beats everything, then a usage error found late (a second diagram
// on stdout), a bad move, a bad record, an illegal position.
const RANK: Readonly<Record<number, number>> = {
  [EXIT.ok]: 0,
  [EXIT.illegalPosition]: 1,
  [EXIT.invalidFen]: 2,
  [EXIT.illegalMove]: 3,
  [EXIT.usage]: 4,
  [EXIT.ioError]: 5,
  [EXIT.internal]: 6,
};

/** The code that wins of two outcomes of one run. */
export function worse(a: ExitCode, b: ExitCode): ExitCode {
  return (RANK[b] ?? 0) > (RANK[a] ?? 0) ? b : a;
}
