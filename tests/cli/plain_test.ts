// The classic one-shot diagram has a shortcut (lib/cli/plain.ts) that
// skips the general path: on any command line, main must write what the
// general path writes, and the shortcut must really take the plain ones.

import assert from "node:assert/strict";
import fc from "fast-check";
import type { CliIo } from "../../cli.ts";
import { main } from "../../lib/cli/main.ts";
import { parseArgv } from "../../lib/cli/option_argv.ts";
import { plainDiagram } from "../../lib/cli/plain.ts";
import { runCommand, usageFailure } from "../../lib/cli/run.ts";
import { UsageError } from "../../lib/program/usage_error.ts";
import { stringifyFen } from "../../lib/fen/mod.ts";
import { arbitraryPosition } from "../unit/_arbitraries.ts";

const decoder = new TextDecoder();

/** Runs `command` with in-memory streams: its code, stdout and stderr. */
/** The general path alone: what main does without the shortcut. */
async function general(args: string[], io: CliIo): Promise<number> {
  try {
    return await runCommand(parseArgv(args), io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return usageFailure(error, args, io);
  }
}

async function capture(
  command: (args: string[], io: CliIo) => Promise<number>,
  args: string[],
): Promise<[number, string, string]> {
  const out: number[] = [], err: number[] = [];
  const sink = (into: number[]) => ({
    writeSync(data: Uint8Array): number {
      for (const byte of data) into.push(byte);
      return data.length;
    },
    isTerminal: () => false,
  });
  const io = {
    ...Deno,
    stdin: { read: () => Promise.resolve(null), close() {} },
    stdout: sink(out),
    stderr: sink(err),
  } as unknown as CliIo;
  const code = await command(args, io);
  return [
    code,
    decoder.decode(new Uint8Array(out)),
    decoder.decode(new Uint8Array(err)),
  ];
}

/** Options of a classic diagram, valid or not, and a few that are not plain. */
const arbitraryOptions = fc.array(
  fc.oneof(
    fc.constant(["-n"]),
    fc.constant(["--flip"]),
    fc.constantFrom("red", "#abc", "#6aaa64", "hsl(1 2% 3%)", "nocolor", "")
      .chain((c) => fc.constantFrom(["-l", c], ["-d", c], [`-nl${c}`])),
    fc.constantFrom("1", "240", "4096", "4097", "0", "x")
      .map((s) => ["--size", s]),
    fc.constantFrom("classic", "vector", "other").map((s) => ["--style", s]),
    fc.constantFrom(
      ["--highlight", "e4"],
      ["--accessible"],
      ["--mark-check"],
      ["--format", "svg"],
      ["--side-to-move"],
      ["-x"],
      ["-"],
    ),
  ),
  { maxLength: 4 },
).map((groups) => groups.flat());

/** A record as operands: a placement, or a whole record split or not. */
const arbitraryRecord = fc.tuple(
  arbitraryPosition(),
  fc.constantFrom("placement", "record", "split", "broken"),
).map(([position, shape]) => {
  const text = stringifyFen(position);
  if (shape === "placement") return [text.split(" ")[0]];
  if (shape === "record") return [text];
  if (shape === "split") return text.split(" ");
  return [text.replace("/", "//")];
});

/** Whether `args` parse and the shortcut draws them. */
function tookShortcut(args: string[]): boolean {
  try {
    return plainDiagram(parseArgv(args)) !== null;
  } catch {
    return false;
  }
}

Deno.test("main writes what the general path writes, shortcut or not", async () => {
  let plain = 0;
  await fc.assert(
    fc.asyncProperty(
      arbitraryOptions,
      arbitraryRecord,
      async (options, record) => {
        const args = [...options, ...record];
        if (tookShortcut(args)) plain++;
        assert.deepEqual(
          await capture(main, args),
          await capture(general, args),
        );
      },
    ),
    { numRuns: 1000 },
  );
  assert.ok(
    plain > 100,
    `only ${plain} of 1000 command lines took the shortcut`,
  );
});

Deno.test("the shortcut takes the classic script's command lines", () => {
  const fen = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
  for (
    const args of [[fen], ["-n", fen], ["-nl", "#c9b458", "-d", "#6aaa64", fen]]
  ) {
    assert.ok(plainDiagram(parseArgv(args))?.startsWith("<svg "));
  }
  assert.equal(plainDiagram(parseArgv(["--style", "vector", fen])), null);
  assert.equal(plainDiagram(parseArgv(["-l", "nocolor", fen])), null);
});
