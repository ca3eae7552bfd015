// The fish completion script, from the model: a function that tells the
// command path typed so far (fen, fen book, fen book make), and one
// `complete` line per option, subcommand and operand kind, each for its path.

import {
  commandsOf,
  type CompletionCommand,
  type CompletionOption,
  type ValueKind,
} from "./_model.ts";

/** `text` in single quotes, as fish reads them. */
function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** The condition that the command path typed so far is `command`'s. */
function when(command: CompletionCommand): string {
  return `-n ${
    fishQuote(`test (__fen_path) = ${fishQuote(command.path.join(" "))}`)
  }`;
}

/** The condition that the word typed is the first after `command`'s path. */
function whenFirst(command: CompletionCommand): string {
  return `-n ${
    fishQuote(
      `test (__fen_path) = ${fishQuote(command.path.join(" "))}; and ` +
        `test (count (commandline -opc)) -eq ${command.path.length}`,
    )
  }`;
}

/** The flags of `complete` for a value. */
function valueFlags(value: ValueKind): string {
  switch (value.kind) {
    case "files":
      return "-r -F";
    case "dirs":
      return `-r -f -a ${fishQuote("(__fish_complete_directories)")}`;
    case "text":
      return "-x";
    case "words":
      return `-x -a ${fishQuote(value.words.join(" "))}`;
  }
}

/** The `complete` line of one option. */
function optionLine(command: CompletionCommand, o: CompletionOption): string {
  const names = [
    ...(o.short === "" ? [] : [`-s ${o.short}`]),
    `-l ${o.name}`,
    ...o.aliases.map((a) => `-l ${a}`),
  ].join(" ");
  // fish takes an optional value only after "=": its words are offered there.
  const value = o.value === null
    ? ""
    : o.takes === "optional"
    ? o.value.kind === "words"
      ? ` -a ${fishQuote(o.value.words.join(" "))}`
      : ""
    : ` ${valueFlags(o.value)}`;
  return `complete -c fen ${when(command)} ${names}${value} -d ${
    fishQuote(o.help)
  }`;
}

/** The `complete` lines of a command path. */
function commandLines(command: CompletionCommand): string[] {
  const subs = command.subcommands.map((sub) =>
    `complete -c fen ${whenFirst(command)} -f -a ${
      fishQuote(sub.path.at(-1)!)
    } -d ${fishQuote(sub.about)}`
  );
  // Operands: files unless the path takes none, or only words.
  const operands = command.operands?.kind === "files"
    ? []
    : command.operands?.kind === "words"
    ? [
      `complete -c fen ${when(command)} -f -a ${
        fishQuote(command.operands.words.join(" "))
      }`,
    ]
    : [`complete -c fen ${when(command)} -f`];
  return [
    `# ${command.path.join(" ")}`,
    ...subs,
    ...operands,
    ...command.options.map((o) => optionLine(command, o)),
  ];
}

/** The cases of `__fen_path`: each command with subcommands, and theirs. */
function pathFunction(model: CompletionCommand): string {
  const parents = commandsOf(model).filter((c) => c.subcommands.length > 0);
  const steps = parents.map((c) =>
    `    if test "$path" = ${
      fishQuote(c.path.join(" "))
    }; and set -q words[$next]; and contains -- $words[$next] ${
      c.subcommands.map((s) => fishQuote(s.path.at(-1)!)).join(" ")
    }
        set path "$path $words[$next]"
        set next (math $next + 1)
    end`
  );
  return `# The command path typed so far: fen, fen book, fen book make.
function __fen_path
    set -l words (commandline -opc)
    set -l path fen
    set -l next 2
${steps.join("\n")}
    echo $path
end`;
}

/** The fish script for `fen completions fish`. */
export function fishScript(model: CompletionCommand, version: string): string {
  return `# fish completion for fen ${version}, written by \`fen completions fish\`
# from its option tables. Install: docs/terminal.md (a file fen.fish in
# ~/.config/fish/completions; or, for this shell: fen completions fish | source).

${pathFunction(model)}

complete -c fen -e
${commandsOf(model).map((c) => commandLines(c).join("\n")).join("\n\n")}
`;
}
