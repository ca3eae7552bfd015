/**
 * `fen completions bash|zsh|fish`: a completion script for the shell,
 * written from the command's option tables and its subcommands' (so a new
 * option completes once it is in its table). Loaded only by
 * `fen completions`.
 *
 * @module
 */

import { type CliIo, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { VERSION } from "../program/version.ts";
import { escapeText } from "../_quote.ts";
import {
  type CommandTable,
  type CompletionCommand,
  completionModel,
} from "./_model.ts";

export {
  type CommandTable,
  FILES,
  specTable,
  type TableRow,
  type ValueKind,
} from "./_model.ts";
import { bashScript } from "./_bash.ts";
import { zshScript } from "./_zsh.ts";
import { fishScript } from "./_fish.ts";

/** A shell: the writer of its script, and where the script goes. */
export interface Shell {
  script(model: CompletionCommand, version: string): string;
  /** The command line that installs it for the user (docs/terminal.md too). */
  install: string;
}

/** The shells, in the order help lists them. */
export const SHELLS: Readonly<Record<string, Shell>> = {
  bash: {
    script: bashScript,
    install:
      "fen completions bash > ~/.local/share/bash-completion/completions/fen",
  },
  zsh: {
    script: zshScript,
    install: "fen completions zsh > ~/.zfunc/_fen",
  },
  fish: {
    script: fishScript,
    install: "fen completions fish > ~/.config/fish/completions/fen.fish",
  },
};

/** `fen completions --help`. */
export function completionsHelp(): string {
  const installs = Object.values(SHELLS).map((shell) => `  ${shell.install}\n`)
    .join("");
  return `Usage: fen completions ${Object.keys(SHELLS).join("|")}

Writes a completion script for the shell to stdout: options, their values
(formats, files, folders), and the subcommands with theirs. Install for the
user (zsh: with ~/.zfunc in $fpath before compinit; docs/terminal.md):
${installs}`;
}

/**
 * Runs `fen completions` with `args` (after the word `completions`).
 *
 * @param args The shell's name, or `--help`.
 * @param io The standard streams.
 * @param table The command's table with its subcommands', which the
 * command gives (this folder reads nothing of the command itself).
 * @returns The exit code.
 */
export async function completions(
  args: string[],
  io: CliIo,
  table: () => Promise<CommandTable>,
): Promise<number> {
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    writeText(io.stdout, completionsHelp());
    return EXIT.ok;
  }
  const shell = args.length === 1 && Object.hasOwn(SHELLS, args[0])
    ? SHELLS[args[0]]
    : null;
  if (shell === null) {
    const given = args.length === 0
      ? "a shell is needed"
      : args.length > 1
      ? "one shell, not several"
      : `no shell ${JSON.stringify(escapeText(args[0]))}`;
    writeText(
      io.stderr,
      `fen: completions: ${given}: ${Object.keys(SHELLS).join(", ")}\n` +
        completionsHelp().split("\n")[0] + "\n",
    );
    return EXIT.usage;
  }
  writeText(
    io.stdout,
    shell.script(completionModel(await table()), VERSION),
  );
  return EXIT.ok;
}
