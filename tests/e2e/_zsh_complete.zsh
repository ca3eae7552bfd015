# Completes command lines in one interactive zsh on a pseudo-terminal and
# prints, for each line, its matches one a line and then a line "<done>":
# zsh -f _zsh_complete.zsh SCRIPT 'LINE'... (one shell, so compinit runs once).
# compadd is wrapped to print what would be added (after zsh's matching);
# the markers are written split in two so that zsh's echo of the setup
# lines never matches them. After each line, ^U clears the buffer for the
# next.
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell 'PROMPT="" RPROMPT=""; autoload -U compinit; compinit -u -D'
zpty -w shell "source ${(q)1}"
zpty -w shell 'compadd() { local -a m; builtin compadd -O m "$@"; (( $#m )) && print -rl -- "" "<ma""tch>"${^m}; builtin compadd "$@"; }'
zpty -w shell 'bindkey "^I" complete-word; __end() { print -r -- "" "<e""nd>" }'
local out line request
for request in "${@[2,-1]}"; do
  # zsh empties comppostfuncs once it has called them.
  zpty -w shell 'comppostfuncs=(__end)'
  zpty -w -n shell "$request"$'\t'
  out=
  zpty -r -m shell out '*<end>*'
  for line in ${(f)out}; do
    [[ $line == '<match>'* ]] && print -r -- ${${line#<match>}%$'\r'}
  done
  print -r -- '<done>'
  zpty -w -n shell $'\C-u'
done
zpty -d shell
exit 0
