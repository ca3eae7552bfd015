// The subcommands of `fen`, as data: each a program of its own, its module
// graph loaded only when it is called, with its option table for the shell
// completions. The one list of their words: the command's dispatch
// (general.ts) and `fen completions` both read it.

import type { CliIo } from "../program/io.ts";
import type { CommandTable } from "../completions/mod.ts";
import type { FrameUse } from "../program/frame_use.ts";

const FILES = { kind: "files" } as const;

// Samples of what the programs read, for their frame declarations.
const GAMES = '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n' +
  '[Event "b"]\n[Result "0-1"]\n\n1. e4 c5 0-1\n';
const POSITION = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const BARE_KINGS = "8/8/8/8/8/8/8/K6k";
const DOCUMENT = "# Two boards\n\n```fen\n" + BARE_KINGS + "\n```\n\n" +
  "```fen\n" + POSITION + "\n```\n";
const TREE_LINE = '{"fen":"' + POSITION + '","white":1,"draws":0,' +
  '"black":0,"moves":[]}\n';

/** A subcommand: what it does, how it runs, and its table. */
export interface Subcommand {
  /** One line for the shell completions. */
  readonly about: string;
  /** Runs with the arguments after its word; the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
  /** Its options, operands and subcommands, from its own tables. */
  table(): Promise<Omit<CommandTable, "about">>;
  /**
   * What it reads and writes, as sample invocations: the frame's one test
   * (tests/e2e/programs_frame_test.ts) runs every program with them.
   */
  readonly frame: FrameUse;
}

/**
 * The main command's frame declaration, for the same test: what it reads
 * (`--input FILE` and operands, through the same sniffer) and writes.
 */
export const COMMAND_FRAME: FrameUse = {
  reads: [
    {
      args: ["--format", "fen", "--input", "FILE"],
      input: "text",
      sample: POSITION + "\n",
    },
  ],
  writes: [{ args: ["--format", "fen", POSITION] }],
  files: [{
    args: ["--format", "svg", "--out-dir", "DIR", BARE_KINGS],
    name: "000001.svg",
  }],
};

/** The subcommands by their word, in the order completions list them. */
export const SUBCOMMANDS = {
  book: {
    about: "make, probe, merge and dump Polyglot opening books",
    run: async (args, io) =>
      (await import("../subcommands/book.ts")).book(args, io),
    table: async () => {
      const { BOOK_SPECS } = await import("../subcommands/book.ts");
      const { specTable } = await import("../completions/mod.ts");
      const subcommands = Object.fromEntries(
        Object.entries(BOOK_SPECS).map(([word, spec]) => [
          word,
          specTable(spec),
        ]),
      );
      return { options: [], operands: null, subcommands };
    },
    frame: {
      nested: true,
      reads: [
        {
          args: ["make", "--min-game", "1", "FILE"],
          input: "text",
          sample: GAMES,
        },
        { args: ["probe", "FILE", POSITION], input: "file" },
        { args: ["merge", "FILE", "FILE"], input: "file" },
        { args: ["dump", "--color", "white", "FILE"], input: "file" },
      ],
      writes: [
        { args: ["make", "--min-game", "1", "-"], stdin: GAMES },
        { args: ["probe", "--help"] },
        { args: ["dump", "--help"] },
      ],
    },
  },
  tree: {
    about: "an opening tree of games, with statistics per move",
    run: async (args, io) =>
      (await import("../subcommands/tree.ts")).tree(args, io),
    table: async () => {
      const { TREE_SPEC } = await import("../subcommands/tree.ts");
      return (await import("../completions/mod.ts")).specTable(TREE_SPEC);
    },
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: GAMES }],
      writes: [{ args: ["-"], stdin: GAMES }],
    },
  },
  // What the parts of a --shard job wrote, put together (no options but --help).
  merge: {
    about: "put together what the parts of a --shard job wrote",
    run: async (args, io) =>
      (await import("../subcommands/merge.ts")).merge(args, io),
    table: () => Promise.resolve({ options: [], operands: FILES }),
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: TREE_LINE }],
      writes: [{ args: ["-"], stdin: TREE_LINE }],
    },
  },
  // `fen md` reads its blocks' options with this command's table, given here.
  md: {
    about: "Markdown with each fen block drawn (a Pandoc filter too)",
    run: async (args, io) => {
      const [{ md }, { PICTURE_OPTIONS }] = await Promise.all([
        import("../subcommands/md.ts"),
        import("./option_blocks.ts"),
      ]);
      return md(args, io, PICTURE_OPTIONS);
    },
    table: async () => {
      const [{ mdSpec }, { PICTURE_OPTIONS }, { specTable }] = await Promise
        .all([
          import("../subcommands/md.ts"),
          import("./option_blocks.ts"),
          import("../completions/mod.ts"),
        ]);
      return specTable(mdSpec(PICTURE_OPTIONS));
    },
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: DOCUMENT }],
      writes: [{ args: ["-"], stdin: DOCUMENT }],
      // The first picture's name is its content's digest.
      files: [{
        args: ["--format", "svg", "--out-dir", "DIR", "-"],
        stdin: DOCUMENT,
        name: "fen-9504fca8e4f4868b.svg",
      }],
    },
  },
  // Engines, judgement and charts load only for `fen analyse`.
  analyse: {
    about: "annotate games and positions with a UCI engine",
    run: async (args, io) =>
      (await import("../analysis/mod.ts")).analyse(args, io),
    table: async () => ({
      options: (await import("../analysis/mod.ts")).ANALYSE_OPTIONS,
      operands: FILES,
    }),
    // Read with an engine's smallest search (nodes 1): the same output
    // every time, from Stockfish (the test has it installed).
    frame: {
      reads: [{
        args: ["--nodes", "1", "FILE"],
        input: "text",
        sample: POSITION + "\n",
      }],
      writes: [{ args: ["--nodes", "1", "-"], stdin: POSITION + "\n" }],
    },
  },
  serve: {
    about: "board images, games and checks over HTTP",
    run: async (args, io) => (await import("../serve/mod.ts")).serve(args, io),
    table: async () => ({
      options: (await import("../serve/mod.ts")).OPTIONS,
      operands: null,
    }),
    frame: { reads: [], writes: [{ args: ["--help"] }] },
  },
  completions: {
    about: "write a completion script for bash, zsh or fish",
    run: async (args, io) =>
      (await import("../completions/mod.ts")).completions(
        args,
        io,
        commandTable,
      ),
    table: async () => ({
      options: [],
      operands: {
        kind: "words",
        words: Object.keys((await import("../completions/mod.ts")).SHELLS),
      },
    }),
    frame: { reads: [], writes: [{ args: ["bash"] }] },
  },
} as const satisfies Readonly<Record<string, Subcommand>>;

/** The word of a subcommand. */
export type SubcommandName = keyof typeof SUBCOMMANDS;

/** The subcommand `word` names, or `null` (an option, a FEN, a file). */
export function subcommand(word: string | undefined): Subcommand | null {
  return word !== undefined && Object.hasOwn(SUBCOMMANDS, word)
    ? SUBCOMMANDS[word as SubcommandName]
    : null;
}

/** The command's table and its subcommands', for `fen completions`. */
async function commandTable(): Promise<CommandTable> {
  const { OPTION_SPECS } = await import("./option_table.ts");
  const subcommands: Record<string, CommandTable> = {};
  for (const [word, sub] of Object.entries(SUBCOMMANDS)) {
    subcommands[word] = { about: sub.about, ...await sub.table() };
  }
  // A FEN-string cannot be completed; a file of records can.
  return { about: "", options: OPTION_SPECS, operands: FILES, subcommands };
}
