/**
 * Completion scripts for bash, zsh and fish, written from the command's
 * option table and its subcommands' (so a new option completes once it is
 * in its table). Loaded only by `fen completions`.
 *
 * @module
 */

import { VERSION } from "../program/version.ts";
import type { ProgramTable } from "../program/args.ts";
import { type CompletionCommand, completionModel } from "./_model.ts";

export type { ValueKind } from "./_model.ts";
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

/**
 * The completion script of `shell` for the command whose table (with its
 * subcommands') is `table`.
 *
 * @param shell One of {@linkcode SHELLS}.
 * @param table The command's table, which the command gives (this folder
 * reads nothing of the command itself).
 * @returns The script.
 */
export function completionScript(shell: Shell, table: ProgramTable): string {
  return shell.script(completionModel(table), VERSION);
}
