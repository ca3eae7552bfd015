// The command line as data: ONE table of options, from which the argv
// parser, the help text and (through a test) the README's table come. The
// parser is getopts-style like the classic shell script (-nl red, -l#fff,
// options anywhere, -- ends them) plus --long and --long=value; written
// here rather than loading node:util, which cost the one-shot path ~5 ms.

import { DEFAULT_DARK, DEFAULT_LIGHT, DEFAULT_SIZE } from "../svg/_defaults.ts";

/** One option of the command. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  /** The one-letter name, without `-`. */
  readonly short?: string;
  /** The placeholder of its argument; none for a flag. */
  readonly value?: string;
  /** Whether it may be given more than once (each value is kept). */
  readonly multiple?: boolean;
  /** One line for `--help` and the README. */
  readonly help: string;
  /** Where `--help` lists it. */
  readonly group: "diagram" | "input" | "output" | "check" | "other";
}

/** Every option of the `fen` command, in the order `--help` lists them. */
export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "labels",
    short: "n",
    group: "diagram",
    help: "draw file letters and rank digits around the board",
  },
  {
    name: "light",
    short: "l",
    value: "<color>",
    group: "diagram",
    help: `color of the light squares (default ${DEFAULT_LIGHT})`,
  },
  {
    name: "dark",
    short: "d",
    value: "<color>",
    group: "diagram",
    help: `color of the dark squares (default ${DEFAULT_DARK})`,
  },
  {
    name: "flip",
    group: "diagram",
    help: "draw boards from Black's side (every board format)",
  },
  {
    name: "style",
    value: "<name>",
    group: "diagram",
    help: "classic (the default) or vector (needs no fonts)",
  },
  {
    name: "size",
    value: "<px>",
    group: "diagram",
    help: `width and height in pixels (default ${DEFAULT_SIZE})`,
  },
  {
    name: "highlight",
    value: "<squares>",
    multiple: true,
    group: "diagram",
    help: "tint squares, such as e4,d5 (repeatable)",
  },
  {
    name: "highlight-color",
    value: "<color>",
    group: "diagram",
    help: "the tint of --highlight",
  },
  {
    name: "arrow",
    value: "<move>",
    multiple: true,
    group: "diagram",
    help: "draw an arrow, such as e2e4 (repeatable)",
  },
  {
    name: "arrow-color",
    value: "<color>",
    group: "diagram",
    help: "the color of --arrow",
  },
  {
    name: "lastmove",
    value: "<move>",
    group: "diagram",
    help: "tint the squares of the last move, such as e2e4",
  },
  {
    name: "mark-check",
    group: "diagram",
    help: "mark a king in check (vector: always)",
  },
  {
    name: "side-to-move",
    group: "diagram",
    help: "mark the side to move when the record gives it",
  },
  {
    name: "accessible",
    group: "diagram",
    help: "add a text alternative (vector: always)",
  },
  {
    name: "format",
    value: "<name>",
    group: "output",
    help: "output format (see Formats; default svg)",
  },
  {
    name: "empty",
    value: "<char>",
    group: "output",
    help: "the empty-square mark of --format grid (default *)",
  },
  {
    name: "out-dir",
    value: "<dir>",
    group: "output",
    help: "write one file per record into <dir> (svg, png)",
  },
  {
    name: "name",
    value: "<pattern>",
    group: "output",
    help: "--out-dir names: {line}, {n}, {id} (default {line})",
  },
  {
    name: "explain",
    group: "output",
    help: "tell on stderr what --format fen changed",
  },
  {
    name: "input",
    value: "<file>",
    multiple: true,
    group: "input",
    help: "read records from <file> (- is stdin; repeatable)",
  },
  {
    name: "from",
    value: "<kind>",
    group: "input",
    help: "what records are: fen (default) or grid (boards)",
  },
  {
    name: "strict",
    group: "input",
    help: "accept only the PGN standard's FEN",
  },
  {
    name: "chess960",
    group: "input",
    help: "read castling KQkq as X-FEN (the outermost rooks)",
  },
  {
    name: "moves",
    value: "<moves>",
    group: "input",
    help: 'play moves first (SAN or UCI: "e4 e5 Nf3")',
  },
  {
    name: "check",
    group: "check",
    help: "report what makes a position illegal, and its status",
  },
  {
    name: "verbose",
    group: "other",
    help: "say why a FEN-string is invalid (a terminal: always)",
  },
  { name: "help", short: "h", group: "other", help: "show this help and exit" },
  { name: "version", group: "other", help: "show the version and exit" },
];

/** The values of a parsed command line: flags are `true`, values strings. */
export interface ParsedArgs {
  /** Option name to its value (`true` for a flag, all values if repeatable). */
  values: Map<string, string | true | string[]>;
  /** The operands, in order. */
  operands: string[];
}

/** A command line that does not follow the option table. */
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

const BY_SHORT: ReadonlyMap<string, OptionSpec> = new Map(
  OPTIONS.filter((o) => o.short).map((o) => [o.short!, o]),
);
const BY_NAME: ReadonlyMap<string, OptionSpec> = new Map(
  OPTIONS.map((o) => [o.name, o]),
);

/**
 * Splits `args` into options and operands by {@linkcode OPTIONS}. Throws
 * a {@linkcode UsageError} naming an unknown option or a missing value.
 */
export function parseArgv(args: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { values: new Map(), operands: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      parsed.operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) i = parseLong(args, i, parsed);
    else if (arg.length > 1 && arg[0] === "-") i = parseShort(args, i, parsed);
    else parsed.operands.push(arg);
  }
  return parsed;
}

function parseLong(
  args: readonly string[],
  i: number,
  parsed: ParsedArgs,
): number {
  const arg = args[i];
  const equals = arg.indexOf("=");
  const name = arg.slice(2, equals < 0 ? undefined : equals);
  const spec = BY_NAME.get(name);
  if (spec === undefined) throw new UsageError(`unknown option ${arg}`);
  if (spec.value === undefined) {
    if (equals >= 0) throw new UsageError(`--${name} takes no value`);
    set(parsed, spec, true);
    return i;
  }
  if (equals >= 0) {
    set(parsed, spec, arg.slice(equals + 1));
    return i;
  }
  if (i + 1 >= args.length) {
    throw new UsageError(`--${name} needs a value ${spec.value}`);
  }
  set(parsed, spec, args[i + 1]);
  return i + 1;
}

function parseShort(
  args: readonly string[],
  i: number,
  parsed: ParsedArgs,
): number {
  const arg = args[i];
  for (let k = 1; k < arg.length; k++) {
    const spec = BY_SHORT.get(arg[k]);
    if (spec === undefined) throw new UsageError(`unknown option -${arg[k]}`);
    if (spec.value === undefined) {
      set(parsed, spec, true);
      continue;
    }
    if (k + 1 < arg.length) {
      set(parsed, spec, arg.slice(k + 1)); // attached: -l#c9b458
      return i;
    }
    if (i + 1 >= args.length) {
      throw new UsageError(`-${spec.short} needs a value ${spec.value}`);
    }
    set(parsed, spec, args[i + 1]);
    return i + 1;
  }
  return i;
}

function set(parsed: ParsedArgs, spec: OptionSpec, value: string | true): void {
  if (spec.multiple && typeof value === "string") {
    const list = parsed.values.get(spec.name);
    if (Array.isArray(list)) list.push(value);
    else parsed.values.set(spec.name, [value]);
  } else {
    parsed.values.set(spec.name, value);
  }
}

/** The option lines of `--help` for one group, from {@linkcode OPTIONS}. */
export function renderOptions(group: OptionSpec["group"]): string {
  return OPTIONS.filter((o) => o.group === group).map((o) => {
    const flags = `${o.short ? `-${o.short}, ` : "    "}--${o.name}${
      o.value ? ` ${o.value}` : ""
    }`;
    // A flag too long for its column gets its help on the next line.
    const column = 28;
    return flags.length < column - 3
      ? `  ${flags.padEnd(column - 2)}${o.help}\n`
      : `  ${flags}\n${" ".repeat(column)}${o.help}\n`;
  }).join("");
}
