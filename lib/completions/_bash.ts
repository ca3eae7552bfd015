// The bash completion script, from the model: two lookup functions made
// from the tables (a command's words, an option's value) and one fixed
// completion function that reads them. Plain bash 4 (no bash-completion
// package needed); `--opt=value` is completed whether or not bash splits
// the word at "=".

import {
  commandsOf,
  type CompletionCommand,
  type CompletionOption,
  type ValueKind,
} from "./_model.ts";

/** `text` in single quotes, for any shell of the Bourne family. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** How the completion function reads a value kind: a word list or a mark. */
function valueWords(value: ValueKind): string {
  switch (value.kind) {
    case "files":
      return "@files";
    case "dirs":
      return "@dirs";
    case "text":
      return "@text";
    case "words":
      return value.words.join(" ");
  }
}

/** The words an option is written with, as the user types them. */
function optionWords(o: CompletionOption): string[] {
  return [
    ...(o.short === "" ? [] : [`-${o.short}`]),
    `--${o.name}`,
    ...o.aliases.map((a) => `--${a}`),
  ];
}

/** The `case` arms of `_fen_value`: "path option" to the value's words. */
function valueArms(command: CompletionCommand): string[] {
  const path = command.path.join(" ");
  return command.options.flatMap((o) => {
    if (o.value === null) return [];
    const keys = optionWords(o).flatMap((word) =>
      word.startsWith("--")
        ? o.takes === "optional" ? [`${word}=`] : [word, `${word}=`]
        : [word]
    );
    const pattern = keys.map((key) => shellQuote(`${path} ${key}`)).join("|");
    return [`    ${pattern}) value=${shellQuote(valueWords(o.value))} ;;`];
  });
}

/** The `case` arm of `_fen_spec` for one command. */
function specArm(command: CompletionCommand): string {
  const opts = command.options.map((o) =>
    optionWords(o).filter((w) => !o.aliases.includes(w.slice(2))).join(" ")
  ).join(" ");
  const subs = command.subcommands.map((s) => s.path.at(-1)).join(" ");
  const operands = command.operands === null
    ? "@none"
    : valueWords(command.operands);
  return `    ${shellQuote(command.path.join(" "))}) opts=${shellQuote(opts)}` +
    ` subs=${shellQuote(subs)} operands=${shellQuote(operands)} ;;`;
}

/** The bash script for `fen completions bash`. */
export function bashScript(
  model: CompletionCommand,
  version: string,
): string {
  const commands = commandsOf(model);
  return `# bash completion for fen ${version}, written by \`fen completions bash\`
# from its option tables. Install: docs/terminal.md (or, for this shell:
# source <(fen completions bash)).

# Sets opts, subs and operands for a command path ("fen book make").
_fen_spec() {
  case $1 in
${commands.map(specArm).join("\n")}
    *) opts='' subs='' operands=@none ;;
  esac
}

# Sets value for an option of a command path ("fen --format", or
# "fen --format=" for the value after "="); fails for a flag.
_fen_value() {
  case "$1 $2" in
${commands.flatMap(valueArms).join("\n")}
    *) return 1 ;;
  esac
}

# Completes words of a kind (@files, @dirs, @text, @none, or a word list).
_fen_offer() {
  local kind=$1 cur=$2 line
  case $kind in
    @files) compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur") ;;
    @dirs) compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -d -- "$cur") ;;
    @text|@none) ;;
    *) while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -W "$kind" -- "$cur") ;;
  esac
}

_fen() {
  local cword=$COMP_CWORD cur=\${COMP_WORDS[COMP_CWORD]} prev=''
  local path=fen opts subs operands value i=1
  (( cword > 0 )) && prev=\${COMP_WORDS[cword-1]}
  COMPREPLY=()
  _fen_spec "$path"
  # The subcommand words come first: fen book make ...
  while (( i < cword )) && [[ -n $subs && " $subs " == *" \${COMP_WORDS[i]} "* ]]; do
    path="$path \${COMP_WORDS[i]}"
    i=$((i + 1))
    _fen_spec "$path"
  done
  local first=$i option='' typed=$cur prefix=''
  # An option's value: --opt value, --opt=value (split at "=" by bash, or not).
  if [[ $cur == = && $prev == --* ]]; then
    option="$prev=" typed=''
  elif [[ $prev == = ]] && (( cword >= 2 )) && [[ \${COMP_WORDS[cword-2]} == --* ]]; then
    option="\${COMP_WORDS[cword-2]}="
  elif [[ $cur == --*=* ]]; then
    option="\${cur%%=*}=" typed=\${cur#*=} prefix=$option
  elif (( cword > first )) && [[ $prev == -* ]]; then
    option=$prev
  fi
  if [[ -n $option ]] && _fen_value "$path" "$option"; then
    _fen_offer "$value" "$typed"
    [[ -n $prefix ]] && COMPREPLY=("\${COMPREPLY[@]/#/$prefix}")
    return 0
  fi
  if [[ $cur == -* ]]; then
    _fen_offer "$opts" "$cur"
    return 0
  fi
  (( cword == first )) && [[ -n $subs ]] && _fen_offer "$subs" "$cur"
  _fen_offer "$operands" "$cur"
  return 0
}

complete -F _fen fen
`;
}
