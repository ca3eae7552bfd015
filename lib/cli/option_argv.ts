// The getopts-style parser made from the option table: -nl red, -l#fff,
// options anywhere, -- ends them, --long and --long=value, and a near miss
// named ("did you mean --format?"). Written here rather than loading
// node:util, which cost the one-shot path ~5 ms.

import { OPTION_SPECS, type ParsedArgs } from "./option_table.ts";
import { RepeatedOptionError, UsageError } from "../program/usage_error.ts";
import { nearestName } from "../program/suggest.ts";

type Spec = typeof OPTION_SPECS[number];

const BY_SHORT: ReadonlyMap<string, Spec> = new Map(
  OPTION_SPECS.filter((o) => o.short).map((o) => [o.short!, o]),
);
const BY_NAME: ReadonlyMap<string, Spec> = new Map(
  OPTION_SPECS.flatMap((o) =>
    [o.name, ...(o.aliases ?? [])].map((name) => [name, o] as const)
  ),
);

/**
 * Splits `args` into options and operands by the option table. Throws
 * a {@linkcode UsageError} naming an unknown option or a missing value, and
 * a {@linkcode RepeatedOptionError} for an option of one value given twice.
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
  if (spec === undefined) {
    throw new UsageError(`unknown option ${arg}${suggestion(name)}`);
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

/** ", did you mean --format?" for a near miss, or "". */
function suggestion(name: string): string {
  const best = nearestName(name, BY_NAME.keys());
  return best === null ? "" : `; did you mean --${best}?`;
}

// A flag given twice says the same thing twice (-nn); an option with a
// value is kept once unless the table says it is repeatable (--arrow) or
// that the last wins (the classic script's -l and -d), so that the last of
// two --format never wins unseen.
function set(parsed: ParsedArgs, spec: Spec, value: string | true): void {
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
