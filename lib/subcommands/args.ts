// A subcommand's command line as data (`fen book make`, `fen tree`): its
// table of options, rows like the command's own (lib/cli/option_table.ts),
// from which both its argv parser and its help come. Its inputs are read
// through the frame (lib/program/frame.ts).

export { writeAll, writeText } from "../program/io.ts";
import { RepeatedOptionError, UsageError } from "../program/usage_error.ts";
import type { ProgressMode } from "../program/progress.ts";
import { PROGRESS_HELP, progressMode } from "../program/progress_options.ts";

/** The rows of `--progress` and `--no-progress`, for a subcommand's table. */
export const PROGRESS_OPTIONS: readonly OptionSpec[] = [
  { name: "progress", help: PROGRESS_HELP["progress"] },
  { name: "no-progress", help: PROGRESS_HELP["no-progress"] },
];

/** What a subcommand's `--progress` and `--no-progress` ask for. */
export function progressOf(args: SubcommandArgs): ProgressMode {
  return progressMode((name) => args.values.has(name));
}

/** One option of a subcommand, a row of its table. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  /** The placeholder of its argument; none for a flag. */
  readonly value?: string;
  /** Whether it may be given more than once (each value is kept). */
  readonly multiple?: boolean;
  /** The value used when it is not given, as the help shows it. */
  readonly default?: string;
  /** The only values it takes; any other is refused with one message. */
  readonly choices?: readonly string[];
  /** One line for the help. */
  readonly help: string;
}

/** An option's help line with its choices and default, from the table. */
function helpLine(o: OptionSpec): string {
  const choices = o.choices === undefined
    ? ""
    : `; ${o.choices.slice(0, -1).join(", ")} or ${o.choices.at(-1)}`;
  const defaults = o.default === undefined ? "" : ` (default ${o.default})`;
  return `${o.help}${choices}${defaults}`;
}

/** A subcommand: its words, operands, what it does, and its options. */
export interface SubcommandSpec {
  /** The words after `fen`: `book make`. */
  readonly name: string;
  /** The operands in the usage line: `[<pgn-file>...]`. */
  readonly operands: string;
  /** What it does, a few lines. */
  readonly about: string;
  readonly options: readonly OptionSpec[];
}

/** What a subcommand's argv says: each option's values, and the operands. */
export interface SubcommandArgs {
  readonly values: Map<string, string[]>;
  readonly operands: string[];
}

/**
 * Reads a subcommand's arguments: `--name value`, `--name=value`, flags,
 * `--` ending the options; a lone `-` is an operand (stdin).
 *
 * @example
 * ```ts
 * import { parseSubcommand } from "./args.ts";
 * import assert from "node:assert/strict";
 *
 * const spec = {
 *   name: "demo",
 *   operands: "[<file>...]",
 *   about: "A demonstration.",
 *   options: [{ name: "max-ply", value: "<n>", help: "plies" }],
 * };
 * const { values, operands } = parseSubcommand(spec, ["--max-ply=8", "a.pgn"]);
 * assert.deepEqual(values.get("max-ply"), ["8"]);
 * assert.deepEqual(operands, ["a.pgn"]);
 * ```
 *
 * @param spec The subcommand's table.
 * @param args The arguments after its words.
 * @returns The values by option name, and the operands.
 * @throws {UsageError} For an unknown option, a missing value or a value
 * out of the option's choices.
 */
export function parseSubcommand(
  spec: SubcommandSpec,
  args: readonly string[],
): SubcommandArgs {
  const values = new Map<string, string[]>();
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--")) {
      if (arg.length > 1 && arg.startsWith("-")) {
        throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
      }
      operands.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const option = spec.options.find((o) => o.name === name);
    if (option === undefined) {
      throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
    }
    let value = "";
    if (option.value === undefined) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
    } else {
      const given = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (given === undefined) throw new UsageError(`--${name} needs a value`);
      if (option.choices !== undefined && !option.choices.includes(given)) {
        throw new UsageError(
          `--${name} takes ${option.choices.join(", ")}, not ${
            JSON.stringify(given)
          }`,
        );
      }
      value = given;
    }
    const list = values.get(name) ?? [];
    if (list.length > 0 && option.multiple !== true) {
      const [earlier] = list;
      throw new RepeatedOptionError(`--${name}`, [
        option.value === undefined ? null : earlier,
        option.value === undefined ? null : value,
      ]);
    }
    list.push(value);
    values.set(name, list);
  }
  return { values, operands };
}

/**
 * A subcommand's help, from its table.
 *
 * @param spec The subcommand's table.
 * @returns The usage line, what it does, and a line per option.
 */
export function subcommandHelp(spec: SubcommandSpec): string {
  const lines = spec.options.map((o) => {
    const flags = `--${o.name}${o.value === undefined ? "" : ` ${o.value}`}`;
    return flags.length < 25
      ? `  ${flags.padEnd(26)}${helpLine(o)}`
      : `  ${flags}\n${" ".repeat(28)}${helpLine(o)}`;
  });
  return `Usage: fen ${spec.name} [options] ${spec.operands}\n\n${spec.about}\n\n` +
    `${lines.join("\n")}\n`;
}

/**
 * An option's value as a whole number from `min` to `max`.
 *
 * @param args The parsed arguments.
 * @param name The option's name.
 * @param range Its fallback and bounds.
 * @returns The number.
 * @throws {UsageError} When it is not a whole number in the range.
 */
export function wholeOption(
  args: SubcommandArgs,
  name: string,
  range: { fallback: number; min: number; max: number },
): number {
  const text = args.values.get(name)?.[0];
  if (text === undefined) return range.fallback;
  const value = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= range.min && value <= range.max)) {
    throw new UsageError(
      `--${name} takes a whole number from ${range.min} to ${range.max}, not ${
        JSON.stringify(text)
      }`,
    );
  }
  return value;
}

/**
 * An input that cannot be read, or a file that is not what it should be:
 * the frame's error (lib/program/frame.ts), which every program's run ends
 * with in one line.
 */
export { ProgramError as SubcommandError } from "../program/frame.ts";
