// The subcommands of `fen`: each a program of its own, its module graph
// loaded only when it is called. The one list of their names: the command's
// dispatch and the shell completions (lib/completions) both read it.

import type { CliIo } from "../program/io.ts";

/** A subcommand: what it does (one line), and how it runs. */
export interface Subcommand {
  /** One line for help and the shell completions. */
  readonly about: string;
  /** Runs with the arguments after its word; the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** The subcommands by their word, in the order completions list them. */
export const SUBCOMMANDS = {
  book: {
    about: "make, probe, merge and dump Polyglot opening books",
    run: async (args, io) =>
      (await import("../subcommands/book.ts")).book(args, io),
  },
  tree: {
    about: "an opening tree of games, with statistics per move",
    run: async (args, io) =>
      (await import("../subcommands/tree.ts")).tree(args, io),
  },
  // What the parts of a --shard job wrote, put together.
  merge: {
    about: "put together what the parts of a --shard job wrote",
    run: async (args, io) =>
      (await import("../subcommands/merge.ts")).merge(args, io),
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
  },
  // Engines, judgement and charts load only for `fen analyse`.
  analyse: {
    about: "annotate games and positions with a UCI engine",
    run: async (args, io) =>
      (await import("../analysis/mod.ts")).analyse(args, io),
  },
  serve: {
    about: "board images, games and checks over HTTP",
    run: async (args, io) => (await import("../serve/mod.ts")).serve(args, io),
  },
  completions: {
    about: "write a completion script for bash, zsh or fish",
    run: async (args, io) =>
      (await import("../completions/mod.ts")).completions(args, io),
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
