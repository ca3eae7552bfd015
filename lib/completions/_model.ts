// What the shells are told about the command: its options, their values,
// its subcommands and theirs, read from the tables that define them (the
// command's option table, the subcommands' own tables). Nothing here is
// listed by hand: a new option or subcommand is completed once it is in its
// table.

import { OPTION_SPECS } from "../cli/option_table.ts";
import { type SubcommandName, SUBCOMMANDS } from "../cli/subcommands.ts";
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

/** The command's own options, from its table. */
function commandOptions(): CompletionOption[] {
  return OPTION_SPECS.map((o) => {
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
      value: o.value === undefined ? null : valueOf(o.value, o.choices),
      multiple: o.multiple === true,
      help: o.help,
    };
  });
}

/** A subcommand's options from a table of rows by name. */
function tableOptions(
  rows: Iterable<
    readonly [string, {
      readonly value?: string | boolean;
      readonly choices?: readonly string[];
      readonly multiple?: boolean;
      readonly repeat?: boolean;
      readonly help: string;
    }]
  >,
): CompletionOption[] {
  return [...rows].map(([name, o]) => {
    // `fen serve`'s table says only whether a value is taken: its name is the placeholder.
    const placeholder = typeof o.value === "string" ? o.value : `<${name}>`;
    return {
      name,
      aliases: [],
      short: "",
      takes: o.value === undefined || o.value === false ? "none" : "required",
      value: o.value === undefined || o.value === false
        ? null
        : valueOf(placeholder, o.choices),
      multiple: o.multiple === true || o.repeat === true,
      help: o.help,
    };
  });
}

const FILES: ValueKind = { kind: "files" };

/** A subcommand made from its table (`fen tree`, `fen book make`). */
function fromSpec(path: string[], spec: SubcommandSpec): CompletionCommand {
  return {
    path,
    // Its first clause: "Makes a Polyglot opening book from games".
    about: spec.about.replaceAll("\n", " ").match(/^[^(,.:;]*/)![0].trim(),
    options: tableOptions(spec.options.map((o) => [o.name, o] as const)),
    operands: FILES,
    subcommands: [],
  };
}

/**
 * Each subcommand's options and operands, from its own table: the type
 * makes every subcommand of {@linkcode SUBCOMMANDS} have one.
 */
const SUBCOMMAND_TABLES: Readonly<
  Record<
    SubcommandName,
    (path: string[]) => Promise<Omit<CompletionCommand, "about">>
  >
> = {
  book: async (path) => {
    const { BOOK_SPECS } = await import("../subcommands/book.ts");
    return {
      path,
      options: [],
      operands: null,
      subcommands: Object.entries(BOOK_SPECS).map(([word, spec]) =>
        fromSpec([...path, word], spec)
      ),
    };
  },
  tree: async (path) => {
    const { TREE_SPEC } = await import("../subcommands/tree.ts");
    return fromSpec(path, TREE_SPEC);
  },
  // `fen merge` has no options but --help: its operands are files.
  merge: (path) =>
    Promise.resolve({ path, options: [], operands: FILES, subcommands: [] }),
  md: async (path) => {
    const [{ mdSpec }, { PICTURE_OPTIONS }] = await Promise.all([
      import("../subcommands/md.ts"),
      import("../cli/option_blocks.ts"),
    ]);
    return fromSpec(path, mdSpec(PICTURE_OPTIONS));
  },
  analyse: async (path) => {
    const { ANALYSE_OPTIONS } = await import("../analysis/mod.ts");
    return {
      path,
      options: tableOptions(Object.entries(ANALYSE_OPTIONS)),
      operands: FILES,
      subcommands: [],
    };
  },
  serve: async (path) => {
    const { OPTIONS } = await import("../serve/mod.ts");
    return {
      path,
      options: tableOptions(Object.entries(OPTIONS)),
      operands: null,
      subcommands: [],
    };
  },
  completions: async (path) => {
    const { SHELLS } = await import("./mod.ts");
    return {
      path,
      options: [],
      operands: { kind: "words", words: Object.keys(SHELLS) },
      subcommands: [],
    };
  },
};

/** The whole command as the shells see it, from its tables. */
export async function completionModel(): Promise<CompletionCommand> {
  const subcommands = await Promise.all(
    (Object.keys(SUBCOMMANDS) as SubcommandName[]).map(async (word) => ({
      ...await SUBCOMMAND_TABLES[word](["fen", word]),
      about: SUBCOMMANDS[word].about,
    })),
  );
  return {
    path: ["fen"],
    about: "",
    options: commandOptions(),
    // A FEN-string cannot be completed; a file of records can.
    operands: FILES,
    subcommands,
  };
}

/** Every command of the model, the command first. */
export function commandsOf(
  command: CompletionCommand,
): CompletionCommand[] {
  return [command, ...command.subcommands.flatMap(commandsOf)];
}
