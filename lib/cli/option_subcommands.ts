// The command's side of its subcommands, which are declared in one place
// (lib/subcommands/mod.ts): what the command gives them (`fen md`'s picture
// options, the command's own table for `fen completions`), since they read
// nothing of lib/cli themselves, and the frame every one runs in.

import type { CliIo } from "../program/io.ts";
import { runFramed } from "../program/frame.ts";
import {
  FRAME_SAMPLES,
  type FrameUse,
  programWords,
} from "../program/frame_use.ts";
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
 * The main command's frame declaration, for the frame's tests: what it
 * reads (`--input FILE` and operands, through the same sniffer) and writes.
 */
export const COMMAND_FRAME: FrameUse = {
  reads: [
    {
      args: ["--format", "fen", "--input", "FILE"],
      input: "text",
      sample: FRAME_SAMPLES.position + "\n",
    },
  ],
  writes: [{ args: ["--format", "fen", FRAME_SAMPLES.position] }],
  files: [{
    args: ["--format", "svg", "--out-dir", "DIR", FRAME_SAMPLES.bareKings],
    name: "000001.svg",
  }],
};

/**
 * Runs the subcommand `args[0]` names with the rest, inside the one
 * input/output frame (lib/program/frame.ts), or returns `null` when it names
 * none (an option, a FEN, a file).
 */
export async function runNamed(
  args: readonly string[],
  io: CliIo,
): Promise<number | null> {
  const [word] = args;
  const sub = subcommand(word);
  if (sub === null) return null;
  const rest = args.slice(1);
  return await runFramed(
    programWords(word, sub.frame, rest),
    io,
    (framed) => runSubcommand(word, rest, { io: framed, parts: COMMAND_PARTS }),
  );
}
