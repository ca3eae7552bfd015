#!/usr/bin/env bash
# `fen repertoire` on lichess-like games (bench/_db_corpus.ts: a named
# opening's line, then random legal moves), against a repertoire of about
# 2,000 positions (bench/_repertoire_corpus.ts: the same named openings'
# lines as a study's chapters):
#   - `check` over all the games (the summary, and the table of every game)
#     beside `fen tree` over the same games, wall and CPU time;
#   - `gaps` from the games, and from a database of them (`fen db import`,
#     its explorer's 12 plies), wall time of the whole command.
#
# `fen tree` over random games keeps every position they reach: at 100,000
# games, minutes of CPU and over 3 GB; the rest takes seconds. Past 200,000
# games it is left out (at 1,000,000, some 30 GB), unless FEN_BENCH_TREE=1.
#
# Usage: bash bench/repertoire.sh [GAMES] [POSITIONS]   (default 100000
# games, 2000 positions; 1000000 takes about 5 minutes to write the games
# and 20 to import them on the shared 2-core machine)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100000}
positions=${2:-2000}
# shellcheck source=bench/_fen_timed.sh
source bench/_fen_timed.sh

deno task build > /dev/null
[ -s "$dir/games.pgn" ] ||
  deno run -A bench/_db_corpus.ts --games "$games" > "$dir/games.pgn"
deno run -A bench/_repertoire_corpus.ts --positions "$positions" \
  > "$dir/repertoire.pgn" 2> /dev/null
echo "== $games games ($(stat -c %s "$dir/games.pgn") bytes); repertoire:"
"${fen[@]}" repertoire stats "$dir/repertoire.pgn" | sed 's/^/   /'

run() {
  local name=$1
  shift
  read -r wall cpu rss < <(timed "$@")
  echo "$name: ${wall} s wall, ${cpu} s CPU, $(echo "$games / $wall" | bc) games/s, peak ${rss} MB"
}

if [ "$games" -le 200000 ] || [ "${FEN_BENCH_TREE:-}" = 1 ]; then
  run "fen tree" "${fen[@]}" tree "$dir/games.pgn"
else
  echo "fen tree: left out at $games games (FEN_BENCH_TREE=1 runs it)"
fi
run "check --summary" "${fen[@]}" repertoire check --color white --summary \
  "$dir/repertoire.pgn" "$dir/games.pgn"
run "check (table)" "${fen[@]}" repertoire check --color white \
  "$dir/repertoire.pgn" "$dir/games.pgn"
run "gaps --games" "${fen[@]}" repertoire gaps --color white \
  "$dir/repertoire.pgn" --games "$dir/games.pgn"
if [ ! -s "$dir/g.db" ]; then
  "${fen[@]}" db import --db "$dir/g.db" --no-annotations "$dir/games.pgn" > /dev/null
fi
for color in white black; do
  read -r wall cpu rss < <(timed "${fen[@]}" repertoire gaps --color "$color" \
    "$dir/repertoire.pgn" --db "$dir/g.db")
  echo "gaps --db --color $color: ${wall} s wall, ${cpu} s CPU ($(
    "${fen[@]}" repertoire gaps --color "$color" --format json \
      "$dir/repertoire.pgn" --db "$dir/g.db" | wc -l) gaps)"
done
