#!/usr/bin/env bash
# Whole-process time of an animated GIF: bench/gif_game.ts (lila-gif's README
# example game, 93 frames, 720 x 840) against a `deno run` of an empty script,
# interleaved, the median of each over ROUNDS runs (default 11). The file's
# size is printed too.
#
# Usage: bash bench/gif_process.sh [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-11}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "" > "$tmp/empty.ts"
deno run "$here/bench/gif_game.ts" > "$tmp/game.gif" # warm the module cache
ms() { # milliseconds taken by the command
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
: > "$tmp/gif"
: > "$tmp/empty"
for _ in $(seq "$rounds"); do
  ms deno run "$here/bench/gif_game.ts" >> "$tmp/gif"
  ms deno run "$tmp/empty.ts" >> "$tmp/empty"
done
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "game.gif: $(wc -c < "$tmp/game.gif") bytes"
echo "deno run bench/gif_game.ts: median $(median "$tmp/gif") ms"
echo "deno run (empty script):    median $(median "$tmp/empty") ms"
