#!/bin/sh
# `fen md --pandoc` as a Pandoc filter. Pandoc runs a filter as one program,
# the target format as its argument, so the filter's options are given here:
#   pandoc --filter examples/markdown/fen-pandoc.sh notes.md -o notes.html
#   FEN_MD_OPTIONS="--out-dir img" pandoc --filter examples/markdown/fen-pandoc.sh notes.md -o notes.pdf
# With fen installed, the body is: exec fen md --pandoc "$@"
here=$(dirname "$0")
# shellcheck disable=SC2086 # the options are words on purpose
exec "${DENO:-deno}" run --allow-read --allow-write "$here/../../cli.ts" md --pandoc $FEN_MD_OPTIONS "$@"
