// The zsh completion script, from the model: one function per command
// path, each an `_arguments` call made from the command's table, with its
// subcommands dispatched first. It works both from a folder of $fpath (as
// the autoloaded function _fen) and sourced.

import {
  commandsOf,
  type CompletionCommand,
  type CompletionOption,
  type ValueKind,
} from "./_model.ts";
import { shellQuote } from "./_bash.ts";

/** The function that completes a command path. */
function functionName(command: CompletionCommand): string {
  return `_${command.path.join("_")}`;
}

/** Text for inside `[...]` of an `_arguments` spec. */
function described(text: string): string {
  return text.replace(/[\\\]\[:]/g, (c) => `\\${c}`);
}

/** The `:message:action` of a value. */
function action(value: ValueKind, label: string): string {
  switch (value.kind) {
    case "files":
      return `:${label}:_files`;
    case "dirs":
      return `:${label}:_files -/`;
    case "text":
      return `:${value.label}: `;
    case "words":
      return `:${label}:(${value.words.join(" ")})`;
  }
}

/** An option's `_arguments` specs (shell words, quoted). */
function optionSpecs(o: CompletionOption): string {
  const help = `[${described(o.help)}]`;
  const label = o.name;
  const value = o.value === null
    ? ""
    : o.takes === "optional"
    ? `:${action(o.value, label)}`
    : action(o.value, label);
  const star = o.multiple ? "*" : "";
  const long = [o.name, ...o.aliases].map((name) =>
    `--${name}${
      o.takes === "required" ? "=" : o.takes === "optional" ? "=-" : ""
    }`
  );
  const short = o.short === ""
    ? []
    : [`-${o.short}${o.takes === "none" ? "" : "+"}`];
  const names = [...short, ...long];
  const exclusive = o.multiple || names.length === 1
    ? ""
    : `(${names.map((n) => n.replace(/[=+-]+$/, "")).join(" ")})`;
  if (names.length === 1) {
    return shellQuote(`${star}${names[0]}${help}${value}`);
  }
  return `${shellQuote(`${exclusive}${star}`)}{${
    names.map(shellQuote).join(",")
  }}${shellQuote(`${help}${value}`)}`;
}

/** The function of one command path. */
function commandFunction(command: CompletionCommand): string {
  const name = functionName(command);
  const dispatch = command.subcommands.map((sub) =>
    `      (${sub.path.at(-1)}) shift words; (( CURRENT-- )); ${
      functionName(sub)
    }; return ;;`
  );
  const subWords = command.subcommands.map((sub) =>
    shellQuote(`${sub.path.at(-1)}:${sub.about.replaceAll(":", "\\:")}`)
  );
  const operand = command.operands === null
    ? []
    : [shellQuote(`*${action(command.operands, "operand")}`)];
  const lines = [`${name}() {`];
  if (dispatch.length > 0) {
    lines.push(
      `  if (( CURRENT > 2 )); then`,
      `    case $words[2] in`,
      ...dispatch,
      `    esac`,
      `  fi`,
      `  local -a subcommands=(${subWords.join(" ")})`,
      `  (( CURRENT == 2 )) && [[ $PREFIX != -* ]] && _describe -t subcommands ${
        shellQuote(`${command.path.join(" ")} subcommand`)
      } subcommands`,
    );
  }
  const specs = [...command.options.map(optionSpecs), ...operand];
  if (specs.length > 0) {
    lines.push(`  _arguments -s -S : \\\n    ${specs.join(" \\\n    ")}`);
  }
  lines.push("}");
  return lines.join("\n");
}

/** The zsh script for `fen completions zsh`. */
export function zshScript(model: CompletionCommand, version: string): string {
  return `#compdef fen
# zsh completion for fen ${version}, written by \`fen completions zsh\` from
# its option tables. Install: docs/terminal.md (a file named _fen in a
# folder of $fpath, before compinit; or, for this shell, after compinit:
# source <(fen completions zsh)).

${commandsOf(model).map(commandFunction).join("\n\n")}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _fen "$@"
else
  compdef _fen fen
fi
`;
}
