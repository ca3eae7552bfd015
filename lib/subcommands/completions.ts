// `fen completions bash|zsh|fish`'s front end: its table, and the script of
// the shell named (lib/completions writes it).

import type { CliIo } from "../program/io.ts";
import { writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { escapeText } from "../_quote.ts";
import { HELP_OPTION, type ProgramTable } from "../program/args.ts";
import { completionScript, SHELLS } from "../completions/mod.ts";
import type { Program } from "./front_end.ts";

const WORDS = Object.keys(SHELLS);

/**
 * `fen completions`, writing the script from `table` (the command's, with
 * every subcommand's, which the registry gives).
 */
export function completionsProgram(
  table: () => Promise<ProgramTable>,
): Program {
  const installs = Object.values(SHELLS).map((shell) => `  ${shell.install}\n`)
    .join("");
  return {
    spec: {
      name: "completions",
      operands: WORDS.join("|"),
      operandKind: { words: WORDS },
      about:
        "Writes a completion script for the shell to stdout: options, their values\n" +
        "(formats, files, folders), and the subcommands with theirs. Install for\n" +
        "the user (zsh: with ~/.zfunc in $fpath before compinit; docs/terminal.md):\n" +
        installs.trimEnd(),
      options: [HELP_OPTION],
    },
    async run(parsed, io: CliIo): Promise<number> {
      const [word, ...more] = parsed.operands;
      if (word === undefined || more.length > 0) {
        throw new UsageError(
          `${
            word === undefined ? "a shell is needed" : "one shell, not several"
          }: ${WORDS.join(", ")}`,
        );
      }
      if (!Object.hasOwn(SHELLS, word)) {
        throw new UsageError(
          `no shell "${escapeText(word, 0, word.length, 40)}": ${
            WORDS.join(", ")
          }`,
        );
      }
      writeText(io.stdout, completionScript(SHELLS[word], await table()));
      return EXIT.ok;
    },
  };
}
