#!/bin/sh
# `fen md --pandoc` as a Pandoc filter. Pandoc runs a filter as one program,
# the target format as its argument, so the filter's options are given here,
# as words in FEN_MD_OPTIONS:
#   pandoc --filter examples/markdown/fen-pandoc.sh notes.md -o notes.html
#   FEN_MD_OPTIONS="--out-dir img" pandoc --filter examples/markdown/fen-pandoc.sh notes.md -o notes.pdf
# Here it runs this repository's cli.ts; copied anywhere else (a directory on
# the PATH, say), it runs the installed fen (`deno task install`), options
# and all.
here=$(dirname "$0")
# shellcheck disable=SC2086 # the options are words on purpose
if [ -f "$here/../../cli.ts" ]; then
  exec "${DENO:-deno}" run --allow-read --allow-write "$here/../../cli.ts" md --pandoc $FEN_MD_OPTIONS "$@"
fi
if ! command -v fen >/dev/null 2>&1; then
  echo "fen-pandoc.sh: fen is not installed (deno task install) or not on the PATH" >&2
  exit 127
fi
# shellcheck disable=SC2086 # the options are words on purpose
exec fen md --pandoc $FEN_MD_OPTIONS "$@"
