/**
 * `fen tree`: an opening explorer of one's own games, as JSON lines in
 * the lichess explorer's shape. Loaded only by `fen tree`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UnkeyedVariantError } from "../data/polyglot/rules.ts";
import { UsageError } from "../program/usage_error.ts";
import {
  HELP_OPTION,
  type OptionSpec,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
  valuesOf,
  wholeOption,
} from "../program/args.ts";
import {
  PROGRESS_OPTIONS,
  progressOf,
  SubcommandError,
  writeText,
} from "./args.ts";
import type { Program } from "./front_end.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { lowered } from "../program/messages.ts";
import { tryParseFen } from "../fen/mod.ts";
import { OpeningTree, treeLine, type TreeOptions } from "../tree/mod.ts";

const OPTIONS: readonly OptionSpec[] = [
  {
    name: "max-ply",
    value: "<n>",
    default: "1024",
    help: "walk each game's first n plies",
  },
  {
    name: "min-games",
    value: "<k>",
    default: "1",
    help: "list the positions reached in at least k games",
  },
  {
    name: "at",
    value: "<FEN>",
    multiple: true,
    help:
      "list only this position (again for more), even if no game reached it",
  },
  {
    name: "player",
    value: "<name>",
    help: "count only this player's games (the White or Black tag, any case)",
  },
  {
    name: "color",
    value: "<color>",
    choices: ["white", "black"],
    help: "with --player: only the games where the player had this colour",
  },
  {
    name: "min-rating",
    value: "<r>",
    help: "count only games whose players' average Elo is at least r",
  },
  {
    name: "since",
    value: "<YYYY.MM.DD>",
    help: "count only games played on that date or later (the Date tag)",
  },
  ...PROGRESS_OPTIONS,
  HELP_OPTION,
];

/** `fen tree`'s table. */
export const TREE_SPEC: ProgramSpec = {
  name: "tree",
  operands: "[<pgn-file>...]",
  about:
    "For each position the games reach (stdin without files), a JSON line in\n" +
    "the lichess opening explorer's shape: fen, white, draws, black, and the\n" +
    "moves played there (uci, san, white, draws, black, averageRating, and\n" +
    "the ratedGames and ratingSum it averages), most played first. A game\n" +
    "counts once per position and move, with its Result tag; games without a\n" +
    "known result are left out. Trees of parts of the games add up to the\n" +
    "whole's with fen merge.",
  options: OPTIONS,
};

/** `fen tree`'s front end. */
export const TREE: Program = { spec: TREE_SPEC, run: tree };

/**
 * Runs `fen tree` with its parsed command line.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
async function tree(parsed: ParsedArgs, io: CliIo): Promise<number> {
  try {
    const { tree, failed } = treeOf(parsed, io);
    await frameOf(io, "tree").read(
      parsed.operands,
      (bytes) => tree.push(bytes),
      { progress: progressOf(parsed) },
    );
    tree.end();
    const minGames = wholeOption(parsed, "min-games", {
      fallback: 1,
      min: 0,
      max: 1e9,
    });
    // Lines gathered into writes of about 64 KiB: one write per position
    // would cost a system call each.
    let lines = "";
    for (const node of tree.nodes(minGames)) {
      lines += treeLine(node);
      if (lines.length >= 1 << 16) {
        writeText(io.stdout, lines);
        lines = "";
      }
    }
    if (lines !== "") writeText(io.stdout, lines);
    return failed() ? EXIT.invalidFen : EXIT.ok;
  } catch (error) {
    if (error instanceof SubcommandError) {
      writeText(io.stderr, `fen: tree: ${error.message}\n`);
      return error.exit;
    }
    if (error instanceof UnkeyedVariantError) {
      writeText(io.stderr, `fen: tree: ${escapeText(error.message)}\n`);
      return EXIT.usage;
    }
    if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
    throw error;
  }
}

/**
 * The tree the games go into, each game it cannot read said on stderr; an
 * input whose first games all fail is stopped (lib/program/bad_input.ts).
 */
function treeOf(
  parsed: ParsedArgs,
  io: CliIo,
): { tree: OpeningTree; failed(): boolean } {
  const run = new BadRun();
  let errors = 0;
  const tree: OpeningTree = new OpeningTree({
    ...treeOptions(parsed),
    onError(error) {
      // a game read well before this one: the input holds games
      if (tree.gamesRead > ++errors) run.good();
      if (run.bad()) {
        throw new SubcommandError(
          notInputMessage({
            items: "games that cannot be read",
            kind: "PGN games",
          }),
          EXIT.invalidFen,
        );
      }
      writeText(
        io.stderr,
        `fen: tree: ${escapeText(lowered(error.message))}; left out\n`,
      );
    },
  });
  return { tree, failed: () => errors > 0 };
}

function treeOptions(args: ParsedArgs): TreeOptions {
  const { values } = args;
  const at = values.has("at") ? valuesOf(args, "at") : undefined;
  for (const fen of at ?? []) {
    const parsed = tryParseFen(fen);
    if (!parsed.ok) {
      throw new UsageError(
        `--at ${JSON.stringify(escapeText(fen))}: ${
          lowered(parsed.error.message)
        }`,
      );
    }
  }
  const color = valueOf(args, "color") as "white" | "black" | undefined;
  const player = valueOf(args, "player");
  if (color !== undefined && player === undefined) {
    throw new UsageError("--color needs --player");
  }
  const since = valueOf(args, "since");
  if (since !== undefined && !/^[0-9]{4}\.[0-9]{2}\.[0-9]{2}$/.test(since)) {
    throw new UsageError(
      `--since takes a date as YYYY.MM.DD, not ${
        JSON.stringify(escapeText(since))
      }`,
    );
  }
  const options: TreeOptions = {
    maxPly: wholeOption(args, "max-ply", { fallback: 1024, min: 0, max: 1e9 }),
  };
  if (at !== undefined) options.at = at;
  if (player !== undefined) options.player = player;
  if (color !== undefined) options.color = color;
  if (since !== undefined) options.since = since;
  if (values.has("min-rating")) {
    options.minRating = wholeOption(args, "min-rating", {
      fallback: 0,
      min: 0,
      max: 9999,
    });
  }
  return options;
}
