// What an option of the command is: the shape of one row of the option
// table (lib/cli/option_table.ts), apart so that the table's parts can name
// it.

import type { OptionSpec as ProgramOption } from "../program/args.ts";

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

/**
 * One option of the command: a row of the one shape every program's table
 * has (lib/program/args.ts), with where the command's help lists it and
 * what output it goes with.
 */
export interface OptionSpec extends ProgramOption {
  /** What output it goes with (see {@linkcode OptionScope}). */
  readonly scope?: OptionScope;
  /** Whether the classic one-shot diagram takes it (no general path). */
  readonly oneShot?: boolean;
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
