#!/usr/bin/env bash
# The game database (`fen db`) on lichess-like games, in one run:
#   - import speed (games per second, wall and CPU time) with the explorer
#     index, with the annotations kept (the PGN reader) and dropped (the
#     walker), in one thread and on two workers (--jobs 2), and SCID
#     (Debian package scid: sc_import, or pgnscid where a version has
#     it) on the same file as a peer when it is installed;
#   - the database's size against the `.pgn.zst` (zstd's default level,
#     -3) of the same games, for several --index-plies;
#   - the explorer's answer time (p50, p95) over many positions, and
#     --match (material and a placement) over all games.
# The games: bench/_db_corpus.ts (a named opening's line, then random legal
# moves; lichess's tags, a distinct site each), with and without [%clk].
# Random moves compress worse than real games: the size ratios against a
# real lichess month are lower than these.
#
# Usage: bash bench/db.sh [GAMES] [PLIES...]   (default 100000 games;
# plies 0 8 12 16 on a fifth of them)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100000}
shift || true
sweep=("${@:-0 8 12 16}")
# shellcheck source=bench/_fen_timed.sh
source bench/_fen_timed.sh

threads() {
  # CPU seconds of each thread of a run (its last reading of
  # /proc/PID/task/*/stat): what two idle cores would give, on a shared
  # machine where a second thread finds none
  "$@" > /dev/null &
  local pid=$! line tid
  declare -A cpu name
  while kill -0 "$pid" 2> /dev/null; do
    for task in /proc/"$pid"/task/*; do
      line=$(cat "$task/stat" 2> /dev/null) || continue
      read -r -a fields <<< "${line##*) }"
      tid=${task##*/}
      name[$tid]=${line#*(}
      name[$tid]=${name[$tid]%%)*}
      cpu[$tid]=$((fields[11] + fields[12]))
    done
    sleep 0.2
  done
  for tid in "${!cpu[@]}"; do
    [ "${cpu[$tid]}" -gt 5 ] && printf '%s %s s; ' "${name[$tid]}" "$(echo "scale=2; ${cpu[$tid]} / 100" | bc)"
  done
  echo
}

for clocks in "" --clocks; do
  name=games${clocks}
  [ -s "$dir/$name.pgn" ] ||
    deno run -A bench/_db_corpus.ts --games "$games" $clocks > "$dir/$name.pgn"
  zstd -q -f -3 "$dir/$name.pgn" -o "$dir/$name.pgn.zst"
  zsize=$(stat -c %s "$dir/$name.pgn.zst")
  echo "== $games games ${clocks:-without clocks}: $(stat -c %s "$dir/$name.pgn") bytes, .pgn.zst (zstd -3) $zsize bytes"
  for mode in --no-annotations "--no-annotations --jobs 2" "" "--jobs 2"; do
    rm -f "$dir/g.db"
    read -r wall cpu rss < <(timed "${fen[@]}" db import --db "$dir/g.db" ${mode} "$dir/$name.pgn.zst")
    size=$(stat -c %s "$dir/g.db")
    echo "import ${mode:-(annotations kept)}: ${wall} s wall, ${cpu} s CPU, $(echo "$games / $wall" | bc) games/s ($(echo "$games / $cpu" | bc) a CPU second), peak ${rss} MB; database $size bytes, $(echo "scale=2; $size / $zsize" | bc)x the .pgn.zst"
  done
  rm -f "$dir/g.db"
  echo "import --no-annotations --jobs 2, CPU by thread: $(threads "${fen[@]}" db import --db "$dir/g.db" --no-annotations --jobs 2 "$dir/$name.pgn.zst")"
  # SCID 4.7 (Debian's scid) has no pgnscid: its sc_import (tkscid, run
  # headless) into a database made empty first. It builds no position index.
  if [ -x /usr/games/tkscid ]; then
    rm -f "$dir"/scid.s*
    printf 'sc_base close [sc_base create [lindex $argv 0]]\nexit 0\n' > "$dir/create.tcl"
    /usr/games/tkscid "$dir/create.tcl" "$dir/scid" > /dev/null
    read -r wall cpu rss < <(PATH=$PATH:/usr/games timed /usr/games/sc_import "$dir/scid" "$dir/$name.pgn")
    echo "scid sc_import: ${wall} s wall, ${cpu} s CPU, $(echo "$games / $wall" | bc) games/s ($(echo "$games / $cpu" | bc) a CPU second), peak ${rss} MB; $(cat "$dir"/scid.s* | wc -c) bytes (no position index)"
  elif command -v pgnscid > /dev/null; then
    read -r wall cpu rss < <(cd "$dir" && timed pgnscid -f "$name.pgn" scid)
    echo "pgnscid: ${wall} s wall, ${cpu} s CPU, $(echo "$games / $wall" | bc) games/s; $(cat "$dir"/scid.s* | wc -c) bytes"
  fi
done

echo "== --index-plies on $((games / 5)) games without clocks (--no-annotations)"
awk -v n=$((games / 5)) '/^\[Event /{if (++g > n) exit} {print}' "$dir/games.pgn" > "$dir/part.pgn"
zstd -q -f -3 "$dir/part.pgn" -o "$dir/part.pgn.zst"
zsize=$(stat -c %s "$dir/part.pgn.zst")
for plies in ${sweep[@]}; do
  rm -f "$dir/p.db"
  read -r wall cpu rss < <(timed "${fen[@]}" db import --db "$dir/p.db" --no-annotations --index-plies "$plies" "$dir/part.pgn.zst")
  size=$(stat -c %s "$dir/p.db")
  rows=$(deno run -A --quiet - <<<"import { DatabaseSync } from 'node:sqlite'; const d = new DatabaseSync('$dir/p.db'); console.log((d.prepare('select count(*) n from explorer').get() as {n: number}).n)")
  echo "plies $plies: ${wall} s wall, ${cpu} s CPU; $size bytes ($(echo "scale=2; $size / $zsize" | bc)x the .pgn.zst), $rows index rows"
done

echo "== the explorer and --match on the $games games' database (--no-annotations)"
rm -f "$dir/g.db"
"${fen[@]}" db import --db "$dir/g.db" --no-annotations "$dir/games.pgn.zst" > /dev/null
deno run -A bench/_db_latency.ts "$dir/g.db" 2000 KRvKR KQvKR 'KRPvKR' '*/*/*/*/*/*/PPPPP1PP/*'
