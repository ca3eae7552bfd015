// What the shells are told about the command: its options, their values,
// its subcommands and theirs, read from the tables that define them (the
// command's option table, the subcommands' own tables). Nothing here is
// listed by hand: a new option or subcommand is completed once it is in its
// table.

import type { SubcommandSpec } from "../subcommands/args.ts";

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

/**
 * A row of an option table, as any program's table has it (the command's,
 * a subcommand's): the fields the shells need, under the names the tables
 * give them.
 */
export interface TableRow {
  readonly short?: string;
  readonly aliases?: readonly string[];
  /** The placeholder (`<file>`), or whether a value is taken. */
  readonly value?: string | boolean;
  /** Whether the value may be left out (then given only after `=`). */
  readonly optional?: boolean;
  readonly choices?: readonly string[];
  readonly multiple?: boolean;
  readonly repeat?: boolean;
  readonly help: string;
}

/**
 * What a program tells the shells about itself: its option table (rows
 * with their names, or rows by name), its operands and its subcommands.
 */
export interface CommandTable {
  /** One line ("" for `fen` itself). */
  readonly about: string;
  readonly options:
    | readonly (TableRow & { readonly name: string })[]
    | Readonly<Record<string, TableRow>>;
  /** What its operands complete to (`null`: it takes none of its own). */
  readonly operands: ValueKind | null;
  readonly subcommands?: Readonly<Record<string, CommandTable>>;
}

/** Operands that are files. */
export const FILES: ValueKind = { kind: "files" };

/** A subcommand's table from its {@linkcode SubcommandSpec}. */
export function specTable(spec: SubcommandSpec): CommandTable {
  return {
    // Its first clause: "Makes a Polyglot opening book from games".
    about: spec.about.replaceAll("\n", " ").match(/^[^(,.:;]*/)![0].trim(),
    options: spec.options,
    operands: FILES,
  };
}

/** A row as the shells see it. */
function optionOf(name: string, o: TableRow): CompletionOption {
  const takes = o.value === undefined || o.value === false
    ? "none"
    : o.optional === true
    ? "optional"
    : "required";
  // `fen serve`'s table says only whether a value is taken: its name is the placeholder.
  const placeholder = typeof o.value === "string" ? o.value : `<${name}>`;
  return {
    name,
    aliases: o.aliases ?? [],
    short: o.short ?? "",
    takes,
    value: takes === "none" ? null : valueOf(placeholder, o.choices),
    multiple: o.multiple === true || o.repeat === true,
    help: o.help,
  };
}

/** The command (or a subcommand at `path`) as the shells see it. */
export function completionModel(
  table: CommandTable,
  path: readonly string[] = ["fen"],
): CompletionCommand {
  const rows = Array.isArray(table.options)
    ? table.options.map((o) => [o.name, o] as const)
    : Object.entries(table.options);
  return {
    path,
    about: table.about,
    options: rows.map(([name, o]) => optionOf(name, o)),
    operands: table.operands,
    subcommands: Object.entries(table.subcommands ?? {}).map(([word, sub]) =>
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
