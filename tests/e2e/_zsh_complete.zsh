# Completes a command line in an interactive zsh on a pseudo-terminal and
# prints each match on a line: zsh -f _zsh_complete.zsh SCRIPT 'LINE'.
# compadd is wrapped to print what would be added (after zsh's matching);
# the markers are written split in two so that zsh's echo of the setup
# lines never matches them.
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell 'PROMPT="" RPROMPT=""; autoload -U compinit; compinit -u -D'
zpty -w shell "source ${(q)1}"
zpty -w shell 'compadd() { local -a m; builtin compadd -O m "$@"; (( $#m )) && print -rl -- "" "<ma""tch>"${^m}; builtin compadd "$@"; }'
zpty -w shell 'bindkey "^I" complete-word; __end() { print -r -- "" "<e""nd>"; exit }; comppostfuncs=(__end)'
zpty -w shell "$2"$'\t'
local out line
zpty -r -m shell out '*<end>*'
zpty -d shell
for line in ${(f)out}; do
  [[ $line == '<match>'* ]] && print -r -- ${${line#<match>}%$'\r'}
done
exit 0
