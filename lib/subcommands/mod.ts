/**
 * The subcommands of `fen`, declared in one place: each a word, one line
 * about it, and its front end (`{ spec, run }`: its option table and what
 * it does with the parsed command line), loaded only when it is called.
 * Every one is parsed, helped, refused and completed the same way, from
 * its table (lib/program/args.ts): a new subcommand is a row here and a
 * front end beside it.
 *
 * @module
 */

import { type CliIo, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { nearestName } from "../program/suggest.ts";
import { escapeText } from "../_quote.ts";
import {
  checkChoices,
  helpOf,
  parseArgs,
  type ProgramTable,
  usageOf,
} from "../program/args.ts";
import type {
  CommandParts,
  Program,
  ProgramGroup,
  Registered,
  Subcommand,
} from "./front_end.ts";
import { FRAME_SAMPLES } from "../program/frame_use.ts";

export type {
  CommandParts,
  Program,
  ProgramGroup,
  Registered,
  Subcommand,
} from "./front_end.ts";

const { games, position, document, treeLine } = FRAME_SAMPLES;

/** A row of lichess's puzzle CSV, its header first. */
const PUZZLE_CSV =
  "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n" +
  "00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,Italian_Game Italian_Game_Classical_Variation\n";

/**
 * The subcommands by their word, in the order help and completions list
 * them; each with what it reads and writes as sample invocations (`frame`),
 * which the frame's tests run every program with.
 */
export const SUBCOMMANDS: Readonly<Record<string, Registered>> = {
  analyse: {
    about: "annotate games and positions with a UCI engine",
    load: async () => (await import("./analyse.ts")).ANALYSE,
    // An engine's smallest search (nodes 1): the same output every time.
    frame: {
      reads: [{
        args: ["--nodes", "1", "FILE"],
        input: "text",
        sample: position + "\n",
      }],
      writes: [{ args: ["--nodes", "1", "-"], stdin: position + "\n" }],
    },
  },
  puzzles: {
    about: "find puzzles in games as lichess does; filter its puzzle CSV",
    load: async (parts) =>
      (await import("./puzzles.ts")).puzzlesProgram(await parts.pictures()),
    // An engine's smallest search (nodes 1): the same output every time.
    frame: {
      reads: [
        { args: ["--nodes", "1", "FILE"], input: "text", sample: games },
        {
          args: ["--from", "puzzles", "FILE"],
          input: "text",
          sample: PUZZLE_CSV,
        },
      ],
      writes: [
        { args: ["--nodes", "1", "-"], stdin: games },
        { args: ["--from", "puzzles", "-"], stdin: PUZZLE_CSV },
      ],
    },
  },
  book: {
    about: "make, probe, merge and dump Polyglot opening books",
    load: async () => (await import("./book.ts")).BOOK,
    frame: {
      nested: true,
      reads: [
        {
          args: ["make", "--min-game", "1", "FILE"],
          input: "text",
          sample: games,
        },
        { args: ["probe", "FILE", position], input: "file" },
        { args: ["merge", "FILE", "FILE"], input: "file" },
        { args: ["dump", "--color", "white", "FILE"], input: "file" },
      ],
      writes: [
        { args: ["make", "--min-game", "1", "-"], stdin: games },
        { args: ["probe", "--help"] },
        { args: ["dump", "--help"] },
      ],
    },
  },
  db: {
    about: "a game database: import, explorer answers, queries, export",
    load: async () => (await import("./db.ts")).DB,
    frame: {
      nested: true,
      reads: [
        {
          args: ["import", "--db", ":memory:", "FILE"],
          input: "text",
          sample: games,
        },
        { args: ["query", "FILE", "--moves", "e4"], input: "file" },
        { args: ["export", "FILE"], input: "file" },
      ],
      writes: [
        { args: ["import", "--db", ":memory:", "-"], stdin: games },
        { args: ["query", "--help"] },
      ],
    },
  },
  tree: {
    about: "an opening tree of games, with statistics per move",
    load: async () => (await import("./tree.ts")).TREE,
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: games }],
      writes: [{ args: ["-"], stdin: games }],
    },
  },
  repertoire: {
    about: "check games against an opening repertoire, find its gaps",
    load: async () => (await import("./repertoire.ts")).REPERTOIRE,
    // The sample games are a repertoire too (two lines from 1. e4).
    frame: {
      nested: true,
      reads: [
        { args: ["stats", "FILE"], input: "text", sample: games },
        {
          args: ["check", "--color", "white", "FILE"],
          input: "text",
          sample: games,
        },
      ],
      writes: [
        { args: ["stats", "-"], stdin: games },
        { args: ["check", "--help"] },
      ],
    },
  },
  merge: {
    about: "put together what the parts of a --shard job wrote",
    load: async () => (await import("./merge.ts")).MERGE,
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: treeLine }],
      writes: [{ args: ["-"], stdin: treeLine }],
    },
  },
  md: {
    about: "Markdown with each fen block drawn (a Pandoc filter too)",
    load: async (parts) =>
      (await import("./md.ts")).mdProgram(await parts.pictures()),
    frame: {
      reads: [{ args: ["FILE"], input: "text", sample: document }],
      writes: [{ args: ["-"], stdin: document }],
      // The first picture's name is its content's digest.
      files: [{
        args: ["--format", "svg", "--out-dir", "DIR", "-"],
        stdin: document,
        name: "fen-9504fca8e4f4868b.svg",
      }],
    },
  },
  serve: {
    about: "board images, games and checks over HTTP",
    load: async () => (await import("./serve.ts")).SERVE,
    frame: { reads: [], writes: [{ args: ["--help"] }] },
  },
  completions: {
    about: "write a completion script for bash, zsh or fish",
    load: async (parts) =>
      (await import("./completions.ts")).completionsProgram(() =>
        commandTable(parts)
      ),
    frame: { reads: [], writes: [{ args: ["bash"] }] },
  },
};

/** The subcommand `word` names, or `null` (an option, a FEN, a file). */
export function subcommand(word: string | undefined): Registered | null {
  return word !== undefined && Object.hasOwn(SUBCOMMANDS, word)
    ? SUBCOMMANDS[word]
    : null;
}

/** The subcommand nearest a mistyped `word` (`sevre`), or `null`. */
export function nearestSubcommand(word: string): string | null {
  return nearestName(word, Object.keys(SUBCOMMANDS));
}

/**
 * Runs the subcommand `word` with `args` (after its word): `--help`, the
 * parser's refusals and its run, the same for every one.
 *
 * @returns The exit code.
 */
export async function runSubcommand(
  word: string,
  args: readonly string[],
  { io, parts }: { io: CliIo; parts: CommandParts },
): Promise<number> {
  const program = await SUBCOMMANDS[word].load(parts);
  return await runProgram(program, args, { io, parts });
}

async function runProgram(
  program: Program | ProgramGroup,
  args: readonly string[],
  { io, parts }: { io: CliIo; parts: CommandParts },
): Promise<number> {
  if ("subcommands" in program) {
    const chosen = chooseIn(program, args[0], io);
    if (typeof chosen === "number") return chosen;
    return await runProgram(await chosen.load(parts), args.slice(1), {
      io,
      parts,
    });
  }
  const { spec } = program;
  try {
    const parsed = parseArgs(spec, args);
    if (parsed.values.has("help")) {
      writeText(io.stdout, helpOf(spec));
      return EXIT.ok;
    }
    checkChoices(spec, parsed);
    return await program.run(parsed, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeText(
      io.stderr,
      `fen: ${spec.name}: ${escapeText(error.message)}\n${usageOf(spec)}\n` +
        `'fen ${spec.name} --help' lists the options.\n`,
    );
    return EXIT.usage;
  }
}

/** The group's subcommand `word` names, or the exit code of its refusal. */
function chooseIn(
  group: ProgramGroup,
  word: string | undefined,
  io: CliIo,
): Subcommand | number {
  const { spec, subcommands } = group;
  if (word !== undefined && Object.hasOwn(subcommands, word)) {
    return subcommands[word];
  }
  if (word === "--help" || word === "-h") {
    writeText(io.stdout, groupHelp(group));
    return EXIT.ok;
  }
  if (word === undefined) {
    writeText(io.stderr, groupHelp(group));
    return EXIT.usage;
  }
  const near = nearestName(word, Object.keys(subcommands));
  writeText(
    io.stderr,
    `fen: ${spec.name}: no subcommand "${
      escapeText(word, 0, word.length, 40)
    }"${near === null ? "" : `; did you mean ${near}?`}\n${
      groupUsage(group)
    }\n` +
      `'fen ${spec.name} --help' lists its subcommands.\n`,
  );
  return EXIT.usage;
}

/** A group's help: its usage, what it does, a line per subcommand. */
function groupHelp(group: ProgramGroup): string {
  const { spec, subcommands } = group;
  return `${groupUsage(group)}\n\n${spec.about}\n\n` +
    subcommandLines(subcommands) +
    `\n'fen ${spec.name} <subcommand> --help' lists its options.\n`;
}

/** A group's usage line: `Usage: fen book make|probe|merge|dump [options] ...`. */
function groupUsage(group: ProgramGroup): string {
  const words = Object.keys(group.subcommands).join("|");
  return `Usage: fen ${group.spec.name} ${words} [options] ...`;
}

/** A line per subcommand, its word and what it does: for help texts. */
export function subcommandLines(
  subcommands: Readonly<Record<string, Subcommand>> = SUBCOMMANDS,
): string {
  const column = Math.max(...Object.keys(subcommands).map((w) => w.length)) +
    2;
  return Object.entries(subcommands).map(([word, sub]) =>
    `  ${word.padEnd(column)}${sub.about}\n`
  ).join("");
}

/** The command's table with every subcommand's, for `fen completions`. */
async function commandTable(parts: CommandParts): Promise<ProgramTable> {
  const command = await parts.command();
  return {
    about: "",
    options: command.options,
    operands: command.operandKind ?? "files",
    subcommands: await tablesOf(SUBCOMMANDS, parts),
  };
}

async function tablesOf(
  subcommands: Readonly<Record<string, Subcommand>>,
  parts: CommandParts,
): Promise<Record<string, ProgramTable>> {
  const tables: Record<string, ProgramTable> = {};
  for (const [word, sub] of Object.entries(subcommands)) {
    const program = await sub.load(parts);
    tables[word] = "subcommands" in program
      ? {
        about: sub.about,
        options: [],
        operands: "none",
        subcommands: await tablesOf(program.subcommands, parts),
      }
      : {
        about: sub.about,
        options: program.spec.options,
        operands: program.spec.operandKind ?? "files",
        subcommands: {},
      };
  }
  return tables;
}
