// What an option of the command is: the shape of one row of the option
// table (lib/cli/options.ts), apart so that the table's parts can name it.

/**
 * What output an option goes with; any other is refused, never ignored:
 * `diagram` the svg, png and gif formats, `vector` the vector look (png,
 * gif, or svg with `--style vector`), `gif` the gif format, `board` every
 * format that draws a board, `out-dir` the `--out-dir` option, `pgn` games
 * (`--from pgn`); for data work, `fields` the formats that write a record's
 * fields (fen, epd, json, key), `quiet` the `--check` report, `perft` the
 * `--perft` counts, `notation` the formats that write moves (epd, moves),
 * `json` `--format json`.
 */
export type OptionScope =
  | "diagram"
  | "vector"
  | "gif"
  | "board"
  | "out-dir"
  | "pgn"
  | "fields"
  | "quiet"
  | "perft"
  | "notation"
  | "json";

/** One option of the command. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  /** The one-letter name, without `-`. */
  readonly short?: string;
  /** Other long names it answers to (earlier spellings). */
  readonly aliases?: readonly string[];
  /** The placeholder of its argument; none for a flag. */
  readonly value?: string;
  /**
   * Whether its value may be left out (`--unique` or `--unique=epd`): it is
   * then given only after `=`, and the flag alone means the default.
   */
  readonly optional?: boolean;
  /** Whether it may be given more than once (each value is kept). */
  readonly multiple?: boolean;
  /**
   * Whether a second value replaces the first, as the classic script's
   * getopts let `-l blue -l red` draw red (kept for drop-in use); any other
   * option of one value given twice is a usage error.
   */
  readonly lastWins?: boolean;
  /** The value used when it is not given, as `--help` shows it. */
  readonly default?: string;
  /** The only values it takes; any other is refused with one message. */
  readonly choices?: readonly string[];
  /** What output it goes with (see {@linkcode OptionScope}). */
  readonly scope?: OptionScope;
  /** Whether the classic one-shot diagram takes it (no general path). */
  readonly oneShot?: boolean;
  /** One line for `--help` and docs/command.md. */
  readonly help: string;
  /** Where `--help` lists it. */
  readonly group:
    | "diagram"
    | "input"
    | "output"
    | "check"
    | "data"
    | "scale"
    | "other";
}
