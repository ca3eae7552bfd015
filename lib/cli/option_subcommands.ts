// The command's side of its subcommands, which are declared in one place
// (lib/subcommands/mod.ts): what the command gives them (`fen md`'s picture
// options, the command's own table for `fen completions`), since they read
// nothing of lib/cli themselves.

import type { CliIo } from "../program/io.ts";
import {
  type CommandParts,
  runSubcommand,
  subcommand,
} from "../subcommands/mod.ts";

export { nearestSubcommand, SUBCOMMANDS } from "../subcommands/mod.ts";

/** What the command gives its subcommands, loaded when one asks. */
export const COMMAND_PARTS: CommandParts = {
  pictures: async () => (await import("./option_blocks.ts")).PICTURE_OPTIONS,
  command: async () => {
    const { OPTION_SPECS } = await import("./option_table.ts");
    // A FEN-string cannot be completed; a file of records can.
    return {
      name: "",
      operands: "<FEN-string>",
      about: "",
      options: OPTION_SPECS,
    };
  },
};

/**
 * Runs the subcommand `args[0]` names with the rest, or returns `null` when
 * it names none (an option, a FEN, a file).
 */
export async function runNamed(
  args: readonly string[],
  io: CliIo,
): Promise<number | null> {
  const [word] = args;
  if (subcommand(word) === null) return null;
  return await runSubcommand(word, args.slice(1), { io, parts: COMMAND_PARTS });
}
