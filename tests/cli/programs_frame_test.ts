// The frame of every program in-process (the quick half of
// tests/e2e/programs_frame_test.ts, which spawns them): from the same
// declarations, each way a program writes meets a stdout that fails (a full
// disk, a closed pipe) and each way it reads a missing file, through `main`
// with streams of its own; one line of the program and the documented exit
// code each.

import assert from "node:assert/strict";
import { type CliIo, main } from "../../lib/cli/main.ts";
import {
  COMMAND_FRAME,
  SUBCOMMANDS,
} from "../../lib/cli/option_subcommands.ts";
import { EXIT } from "../../lib/program/exit.ts";
import { type FrameUse, programWords } from "../../lib/program/frame_use.ts";
import { Collected, pipedStdin } from "./_harness.ts";

const decoder = new TextDecoder();

/** `main` with stdin's text, a stdout that fails with `fault`, stderr kept. */
async function runFailing(
  args: string[],
  { stdin = "", fault }: { stdin?: string | undefined; fault: () => Error },
): Promise<{ code: number; stderr: string }> {
  const err = new Collected();
  const io: CliIo = Object.assign(Object.create(Deno) as CliIo, {
    stdin: pipedStdin(stdin),
    stdout: {
      writeSync(): number {
        throw fault();
      },
      isTerminal: () => false,
    },
    stderr: err,
  });
  const code = await main(args, io);
  return { code, stderr: decoder.decode(err.bytes()) };
}

const FULL = () =>
  Object.assign(new Error("No space left on device (os error 28)"), {
    code: "ENOSPC",
  });
const CLOSED = () => new Deno.errors.BrokenPipe("Broken pipe (os error 32)");

/** The programs as declared: the command, and each subcommand. */
const PROGRAMS: readonly { word: string | null; use: FrameUse }[] = [
  { word: null, use: COMMAND_FRAME },
  ...Object.entries(SUBCOMMANDS).map(([word, sub]) => ({
    word,
    use: sub.frame,
  })),
];

for (const { word, use } of PROGRAMS) {
  const name = word === null ? "fen" : `fen ${word}`;
  const full = (args: readonly string[]) =>
    word === null ? [...args] : [word, ...args];
  const prefix = (args: readonly string[]) =>
    word === null ? "fen: " : `fen: ${programWords(word, use, args)}: `;
  Deno.test(`${name} in-process: a stdout that fails is one line and exit 4, a closed one 141 quietly, a missing input one line and exit 4`, async () => {
    for (const write of use.writes) {
      const failed = await runFailing(full(write.args), {
        stdin: write.stdin,
        fault: FULL,
      });
      assert.deepEqual(failed, {
        code: EXIT.ioError,
        stderr: `${
          prefix(write.args)
        }cannot write output: no space left on the device\n`,
      }, write.args.join(" "));
      const closed = await runFailing(full(write.args), {
        stdin: write.stdin,
        fault: CLOSED,
      });
      assert.deepEqual(
        closed,
        { code: EXIT.brokenPipe, stderr: "" },
        `${write.args.join(" ")}, closed`,
      );
    }
    for (const read of use.reads) {
      const args = read.args.map((a) => a === "FILE" ? "no such file" : a);
      const missing = await runFailing(full(args), { fault: FULL });
      assert.equal(missing.code, EXIT.ioError, read.args.join(" "));
      assert.match(
        missing.stderr,
        new RegExp(
          `^${
            prefix(read.args).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          }cannot (open|read) "?no such file"?: no such file or directory\n$`,
        ),
        read.args.join(" "),
      );
    }
  });
}
