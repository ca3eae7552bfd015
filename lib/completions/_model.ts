// What the shells are told about the command: its options, their values,
// its subcommands and theirs, read from the tables that define them (the
// command's option table, the subcommands' own tables). Nothing here is
// listed by hand: a new option or subcommand is completed once it is in its
// table.

import type { OperandKind, OptionSpec, ProgramTable } from "../program/args.ts";

/** What the value of an option (or an operand) completes to. */
export type ValueKind =
  | { readonly kind: "files" }
  | { readonly kind: "dirs" }
  | { readonly kind: "words"; readonly words: readonly string[] }
  /** A value with nothing to offer (a color, a number). */
  | { readonly kind: "text"; readonly label: string };

/** One option as the shells see it. */
export interface CompletionOption {
  /** The long name, without `--`. */
  readonly name: string;
  /** Other long names it answers to. */
  readonly aliases: readonly string[];
  /** The one-letter name, or `""`. */
  readonly short: string;
  /** `none`: a flag; `optional`: a value only after `=`. */
  readonly takes: "none" | "required" | "optional";
  /** What its value completes to (flags: nothing). */
  readonly value: ValueKind | null;
  /** Whether it may be given more than once. */
  readonly multiple: boolean;
  /** One line. */
  readonly help: string;
}

/** A command (`fen`) or a subcommand (`fen book make`) as the shells see it. */
export interface CompletionCommand {
  /** Its words: `["fen", "book", "make"]`. */
  readonly path: readonly string[];
  /** One line (the program's own: "" for `fen`). */
  readonly about: string;
  readonly options: readonly CompletionOption[];
  /** What its operands complete to (`null`: it takes none of its own). */
  readonly operands: ValueKind | null;
  /** Its subcommands, offered as its first operand. */
  readonly subcommands: readonly CompletionCommand[];
}

/**
 * What an option's placeholder says its value is: a path (`<file>`,
 * `<path>`, `<pgn-file>`), a folder (`<dir>`), or text to type.
 */
export function valueOf(
  placeholder: string,
  choices: readonly string[] | undefined,
): ValueKind {
  if (choices !== undefined) return { kind: "words", words: choices };
  if (/dir>$/.test(placeholder)) return { kind: "dirs" };
  if (/(file|path)>$/.test(placeholder)) return { kind: "files" };
  return { kind: "text", label: placeholder.replace(/^<|>$/g, "") };
}

/** What operands of `kind` complete to. */
function operandsOf(kind: OperandKind): ValueKind | null {
  if (kind === "none") return null;
  if (kind === "files") return { kind: "files" };
  return { kind: "words", words: kind.words };
}

/** A row as the shells see it. */
function optionOf(o: OptionSpec): CompletionOption {
  const takes = o.value === undefined
    ? "none"
    : o.optional === true
    ? "optional"
    : "required";
  return {
    name: o.name,
    aliases: o.aliases ?? [],
    short: o.short ?? "",
    takes,
    value: o.value === undefined
      ? null
      : valueOf(o.value, o.choices ?? o.suggest),
    multiple: o.multiple === true,
    help: o.help,
  };
}

/** The command (or a subcommand at `path`) as the shells see it. */
export function completionModel(
  table: ProgramTable,
  path: readonly string[] = ["fen"],
): CompletionCommand {
  return {
    path,
    about: table.about,
    options: table.options.map(optionOf),
    operands: operandsOf(table.operands),
    subcommands: Object.entries(table.subcommands).map(([word, sub]) =>
      completionModel(sub, [...path, word])
    ),
  };
}

/** Every command of the model, the command first. */
export function commandsOf(
  command: CompletionCommand,
): CompletionCommand[] {
  return [command, ...command.subcommands.flatMap(commandsOf)];
}
