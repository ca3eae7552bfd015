// A program's command line as data: ONE shape of option table for the
// command and every subcommand, from which come the argv parser (below),
// the help (below) and the shell completions (lib/completions). The parser
// is getopts-style like the classic shell script (-nl red, -l#fff, options
// anywhere, -- ends them) plus --long and --long=value; written here rather
// than loading node:util, which cost the one-shot path ~5 ms.

import { escapeText } from "../_quote.ts";
import { nearestName } from "./suggest.ts";
import { RepeatedOptionError, UsageError } from "./usage_error.ts";

/** One option of a program: a row of its table. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  /** The one-letter name, without `-`. */
  readonly short?: string;
  /** Other long names it answers to (earlier spellings). */
  readonly aliases?: readonly string[];
  /** The placeholder of its argument (`<file>`); none for a flag. */
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
  /**
   * Values the shells offer where the option takes others too (a variant's
   * aliases, a PGN tag's spelling): completed, never checked.
   */
  readonly suggest?: readonly string[];
  /** One line for `--help` (wrapped there), the docs and the shells. */
  readonly help: string;
}

/** What a program's operands are, for the shells: files, words, or none. */
export type OperandKind = "files" | "none" | {
  readonly words: readonly string[];
};

/** A program: its words, its operands, what it does, and its options. */
export interface ProgramSpec<O extends OptionSpec = OptionSpec> {
  /** The words after `fen` (`book make`); `""` for the command itself. */
  readonly name: string;
  /** The operands in the usage line: `[<pgn-file>...]`. */
  readonly operands: string;
  /** What the operands complete to (files when not said). */
  readonly operandKind?: OperandKind;
  /** What it does, a few lines of at most 80 columns. */
  readonly about: string;
  /** Its options, in help order. */
  readonly options: readonly O[];
}

/**
 * A program's table as the shells see it, with its subcommands' (the
 * command's and every subcommand's alike).
 */
export interface ProgramTable {
  /** One line ("" for `fen` itself). */
  readonly about: string;
  /** Its options. */
  readonly options: readonly OptionSpec[];
  /** What its operands complete to. */
  readonly operands: OperandKind;
  /** Its subcommands by word (none: `{}`). */
  readonly subcommands: Readonly<Record<string, ProgramTable>>;
}

/** What a command line says: each option's value or values, the operands. */
export interface ParsedArgs<N extends string = string> {
  /**
   * Option name to its value: `true` for a flag (or an optional value left
   * out), the text for an option of one value, every text, in order, for
   * an option that may be given more than once.
   */
  values: Map<N, string | true | string[]>;
  /** The operands, in order. */
  operands: string[];
}

/** The `--help` row every subcommand has. */
export const HELP_OPTION: OptionSpec = {
  name: "help",
  short: "h",
  help: "show this help and exit",
};

/** The width help fits in: a terminal's classic 80 columns. */
export const HELP_WIDTH = 80;

/** Where an option's help starts: the flags' column and two spaces. */
const OPTION_COLUMN = 28;

/**
 * Splits `argv` into options and operands by the program's table: `-nl red`,
 * `-l#fff`, `--name value`, `--name=value`, options anywhere, `--` ending
 * them, a lone `-` an operand (stdin).
 *
 * @example Reading a subcommand's command line
 * ```ts
 * import { parseArgs } from "./args.ts";
 * import assert from "node:assert/strict";
 *
 * const spec = {
 *   name: "demo",
 *   operands: "[<file>...]",
 *   about: "A demonstration.",
 *   options: [{ name: "max-ply", value: "<n>", help: "plies" }],
 * };
 * const { values, operands } = parseArgs(spec, ["--max-ply=8", "a.pgn"]);
 * assert.equal(values.get("max-ply"), "8");
 * assert.deepEqual(operands, ["a.pgn"]);
 * ```
 *
 * @param spec The program's table.
 * @param argv The arguments after its words.
 * @returns The values by option name, and the operands.
 * @throws {UsageError} Naming an unknown option (with the nearest known
 * one) or a missing value; a {@linkcode RepeatedOptionError} for an option
 * of one value given twice.
 */
export function parseArgs<N extends string>(
  spec: { readonly options: readonly (OptionSpec & { readonly name: N })[] },
  argv: readonly string[],
): ParsedArgs<N> {
  const table = new OptionIndex(spec.options);
  const parsed: ParsedArgs<N> = { values: new Map(), operands: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      parsed.operands.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) i = table.long(argv, i, parsed);
    else if (arg.length > 1 && arg[0] === "-") i = table.short(argv, i, parsed);
    else parsed.operands.push(arg);
  }
  return parsed;
}

/** A table's options by their names, and the reading of one option. */
class OptionIndex<N extends string> {
  readonly #byShort: Map<string, OptionSpec & { readonly name: N }>;
  readonly #byName: Map<string, OptionSpec & { readonly name: N }>;

  constructor(options: readonly (OptionSpec & { readonly name: N })[]) {
    this.#byShort = new Map(
      options.filter((o) => o.short).map((o) => [o.short!, o]),
    );
    this.#byName = new Map(
      options.flatMap((o) =>
        [o.name, ...(o.aliases ?? [])].map((name) => [name, o] as const)
      ),
    );
  }

  /** Reads `--name`, `--name=value` or `--name value`; the last index read. */
  long(argv: readonly string[], i: number, parsed: ParsedArgs<N>): number {
    const arg = argv[i];
    const equals = arg.indexOf("=");
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    const spec = this.#byName.get(name);
    if (spec === undefined) {
      throw new UsageError(`unknown option ${shorter(arg)}${this.#near(name)}`);
    }
    if (spec.value === undefined) {
      if (equals >= 0) throw new UsageError(`--${name} takes no value`);
      set(parsed, spec, true);
      return i;
    }
    if (spec.optional && equals < 0) {
      set(parsed, spec, true); // the value only after "=": --unique -
      return i;
    }
    if (equals >= 0) {
      set(parsed, spec, arg.slice(equals + 1));
      return i;
    }
    if (i + 1 >= argv.length) {
      throw new UsageError(`--${name} needs a value ${spec.value}`);
    }
    set(parsed, spec, argv[i + 1]);
    return i + 1;
  }

  /** Reads `-n`, `-nl red`, `-l#fff`; the last index read. */
  short(argv: readonly string[], i: number, parsed: ParsedArgs<N>): number {
    const arg = argv[i];
    for (let k = 1; k < arg.length; k++) {
      const spec = this.#byShort.get(arg[k]);
      if (spec === undefined) {
        throw new UsageError(`unknown option -${shorter(arg[k])}`);
      }
      if (spec.value === undefined) {
        set(parsed, spec, true);
        continue;
      }
      if (k + 1 < arg.length) {
        set(parsed, spec, arg.slice(k + 1)); // attached: -l#c9b458
        return i;
      }
      if (i + 1 >= argv.length) {
        throw new UsageError(`-${spec.short} needs a value ${spec.value}`);
      }
      set(parsed, spec, argv[i + 1]);
      return i + 1;
    }
    return i;
  }

  /** "; did you mean --format?" for a near miss, or "". */
  #near(name: string): string {
    const best = nearestName(name, this.#byName.keys());
    return best === null ? "" : `; did you mean --${best}?`;
  }
}

/** An echoed argument, its hidden characters spelled out, shortened. */
function shorter(text: string): string {
  return escapeText(text, 0, text.length, 40);
}

// A flag given twice says the same thing twice (-nn); an option with a
// value is kept once unless the table says it is repeatable (--arrow) or
// that the last wins (the classic script's -l and -d), so that the last of
// two --format never wins unseen.
function set<N extends string>(
  parsed: ParsedArgs<N>,
  spec: OptionSpec & { readonly name: N },
  value: string | true,
): void {
  const earlier = parsed.values.get(spec.name);
  if (spec.multiple && typeof value === "string") {
    if (Array.isArray(earlier)) earlier.push(value);
    else parsed.values.set(spec.name, [value]);
    return;
  }
  if (earlier !== undefined && spec.value !== undefined && !spec.lastWins) {
    throw new RepeatedOptionError(`--${spec.name}`, [
      earlier === true ? null : String(earlier),
      value === true ? null : value,
    ]);
  }
  parsed.values.set(spec.name, value);
}

/**
 * The refusal of a value outside an option's choices, in the one wording
 * every program uses.
 *
 * @param name The option's long name.
 * @param value The value given.
 * @param choices The values it takes.
 * @returns The error to throw.
 */
export function choiceError(
  name: string,
  value: string,
  choices: readonly string[],
): UsageError {
  return new UsageError(
    `--${name} "${escapeText(value, 0, value.length, 40)}" must be ${
      choices.length > 2 ? "one of " : ""
    }${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`,
  );
}

/**
 * Refuses a value outside its option's choices, for every option of the
 * table that has some.
 *
 * @throws {UsageError} See {@linkcode choiceError}.
 */
export function checkChoices(spec: ProgramSpec, parsed: ParsedArgs): void {
  for (const option of spec.options) {
    if (option.choices === undefined) continue;
    for (const value of valuesOf(parsed, option.name)) {
      if (!option.choices.includes(value)) {
        throw choiceError(option.name, value, option.choices);
      }
    }
  }
}

/** The text of an option of one value, or `undefined` when not given. */
export function valueOf(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Every text given to an option (none when not given, or a flag). */
export function valuesOf(parsed: ParsedArgs, name: string): string[] {
  const value = parsed.values.get(name);
  return Array.isArray(value)
    ? value
    : typeof value === "string"
    ? [value]
    : [];
}

/**
 * An option's value as a whole number from `min` to `max`.
 *
 * @param parsed The parsed arguments.
 * @param name The option's name.
 * @param range Its fallback and bounds.
 * @returns The number.
 * @throws {UsageError} When it is not a whole number in the range.
 */
export function wholeOption(
  parsed: ParsedArgs,
  name: string,
  range: { fallback: number; min: number; max: number },
): number {
  const text = valueOf(parsed, name);
  if (text === undefined) return range.fallback;
  const value = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= range.min && value <= range.max)) {
    throw new UsageError(
      `--${name} takes a whole number from ${range.min} to ${range.max}, not "${
        escapeText(text, 0, text.length, 40)
      }"`,
    );
  }
  return value;
}

/** The usage line of a program: `Usage: fen tree [options] [<pgn-file>...]`. */
export function usageOf(spec: ProgramSpec): string {
  return `Usage: fen ${spec.name} [options] ${spec.operands}`.trimEnd();
}

/**
 * A program's help, from its table: the usage line, what it does, and its
 * options, each line at most {@linkcode HELP_WIDTH} columns.
 *
 * @param spec The program's table.
 * @returns The text of `fen <program> --help`.
 */
export function helpOf(spec: ProgramSpec): string {
  return `${usageOf(spec)}\n\n${spec.about}\n\n${optionLines(spec.options)}`;
}

/** An option's help with its choices and default, from its row. */
export function helpLine(o: OptionSpec): string {
  const choices = o.choices === undefined
    ? ""
    : `; ${o.choices.slice(0, -1).join(", ")} or ${o.choices.at(-1)}`;
  const defaults = o.default === undefined ? "" : ` (default ${o.default})`;
  return `${o.help}${choices}${defaults}`;
}

/** The help's lines for `options`: flags, then the help wrapped beside them. */
export function optionLines(options: readonly OptionSpec[]): string {
  return options.map((o) => {
    const flags = `${o.short ? `-${o.short}, ` : "    "}--${o.name}${
      o.value === undefined
        ? ""
        : `${o.optional ? "[=" : " "}${o.value}${o.optional ? "]" : ""}`
    }`;
    // A flag too long for its column gets its help on the next line.
    const lines = wrap(helpLine(o), HELP_WIDTH - OPTION_COLUMN);
    const indent = " ".repeat(OPTION_COLUMN);
    const rest = lines.slice(1).map((line) => `${indent}${line}\n`).join("");
    return (flags.length < OPTION_COLUMN - 3
      ? `  ${flags.padEnd(OPTION_COLUMN - 2)}${lines[0]}\n`
      : `  ${flags}\n${indent}${lines[0]}\n`) + rest;
  }).join("");
}

/** `text` in lines of at most `width` characters, broken between words. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}
