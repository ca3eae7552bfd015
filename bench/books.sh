#!/usr/bin/env bash
# Books and trees as whole processes, ratios of wall time and of CPU time
# (user and system, GNU time) taken in one run (rounds
# interleaved), on the same file:
#   - `fen book make` against `polyglot make-book` (Debian package polyglot)
#     at -max-ply 20 and 60, games per second; the books are first checked
#     byte-identical;
#   - `fen tree` and `--match` (a placement and material) against the plain
#     walk `fen --from pgn --ply all --format key`;
#   - peak memory (GNU time's maximum resident size) of `fen book make` on
#     about 10 MB of the file and on ten copies of that: the count table has
#     a fixed budget.
# Each ratio is given for the rounds together and as its range over the
# rounds (the machine may be shared: repeat, and read the ranges).
#
# Usage: bash bench/books.sh [ROUNDS] [PGN]   (PGN: standard games, such as
# a lichess database month; by default the test data's Stockfish games,
# repeated to about 60 MB, the size of the file the goal was set on: on a
# smaller one Deno's start-up weighs on the ratio)
#   FEN_BEFORE=DIR   also time DIR's `fen book make` (another checkout,
#                    built) in each round, after this one's, and give this
#                    one's CPU time over DIR's: a change measured before and
#                    after in one run
#   FEN_BENCH_ONLY=book   time book make alone (no tree, walk, --match, nor
#                    the memory runs)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
before=${FEN_BEFORE:-}
only=${FEN_BENCH_ONLY:-}
[ -z "$before" ] || before=$(cd "$before" && pwd)
if [ ! -x /usr/bin/time ]; then
  echo "GNU time is not installed (apt-get install time): it measures the runs"
  exit 0
fi
polyglot=$(command -v polyglot || ls /usr/games/polyglot 2>/dev/null || true)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ -n "${2:-}" ]; then
  cp "$2" "$dir/big.pgn"
else
  # polyglot 2.0.4 ignores FEN tags: the games from the standard start only.
  awk '/^\[Event /{if (game != "" && game !~ /\[FEN /) printf "%s\n", game; game=""}
    {game = game $0 "\n"}
    END{if (game !~ /\[FEN /) printf "%s\n", game}' tests/testdata/stockfish_games.pgn > "$dir/one.pgn"
  while [ "$(stat -c %s "$dir/big.pgn" 2>/dev/null || echo 0)" -lt 60000000 ]; do
    cat "$dir/one.pgn" >> "$dir/big.pgn"
  done
fi
# about 10 MB of whole games, for the memory runs
awk -v limit=10000000 '/^\[Event /{if (size > limit) exit} {size += length($0) + 1; print}' "$dir/big.pgn" > "$dir/part.pgn"
count=$(grep -c '^\[Event ' "$dir/big.pgn")
# As the command ships (its shebang, `deno task install`): a young generation
# of 2 MB a semi-space, without which V8 grows it with the input.
# the V8 flags the command ships with (cli.ts's shebang, deno task install
# and compile), read from the shebang so the figures are the installed command's
v8=$(head -n 1 cli.ts | grep -o -- '--v8-flags=[^ ]*')
fen=(deno run "$v8" --allow-read --allow-write cli.ts)
[ -z "$before" ] || old=(deno run "$v8" --allow-read --allow-write "$before/cli.ts")
rate() { echo "$count * $rounds / $1" | bc -l; }

declare -A t
for key in poly20 fen20 poly60 fen60 old20 old60 walk tree place material; do t[$key]=0; done
if [ -n "$polyglot" ]; then
  for ply in 20 60; do
    (cd "$dir" && "$polyglot" make-book -pgn big.pgn -bin p.bin -max-ply $ply >/dev/null)
    "${fen[@]}" book make --max-ply $ply "$dir/big.pgn" > "$dir/f.bin"
    cmp -s "$dir/p.bin" "$dir/f.bin" && echo "max-ply $ply: books byte-identical ($(stat -c %s "$dir/f.bin") bytes)" ||
      echo "max-ply $ply: BOOKS DIFFER"
    if [ -n "$before" ]; then
      "${old[@]}" book make --max-ply $ply "$dir/big.pgn" > "$dir/o.bin"
      cmp -s "$dir/o.bin" "$dir/f.bin" && echo "max-ply $ply: the same book before" || echo "max-ply $ply: BOOK DIFFERS FROM BEFORE"
    fi
  done
else
  echo "polyglot is not installed (apt-get install polyglot): book make is timed alone"
fi
# Each run's wall time in t[KEY] and its CPU time (user and system, all
# threads) in c[KEY]: on a machine shared with other work the wall times
# swing with the load, the CPU times much less.
declare -A c
# The last round's CPU time of each run in last[KEY].
declare -A last
timed() {
  local key=$1
  shift
  /usr/bin/time -f "%e %U %S" -o "$dir/time" "$@" > /dev/null
  read -r wall user system < "$dir/time"
  t[$key]=$(echo "${t[$key]} + $wall" | bc -l)
  c[$key]=$(echo "${c[$key]:-0} + $user + $system" | bc -l)
  last[$key]=$(echo "$user + $system" | bc -l)
}
# Each round's CPU ratio of two runs, gathered in ranges[A/B].
declare -A ranges
round_ratio() {
  ranges[$1/$2]="${ranges[$1/$2]:-} $(printf '%.2f' "$(echo "${last[$1]} / ${last[$2]}" | bc -l)")"
}
span() {
  tr ' ' '\n' <<< "${ranges[$1]}" | sed '/^$/d' | sort -n | sed -n '1p;$p' | paste -sd- -
}
for ((r = 1; r <= rounds; r++)); do
  for ply in 20 60; do
    if [ -n "$polyglot" ]; then
      timed poly$ply "$polyglot" make-book -pgn "$dir/big.pgn" -bin "$dir/p.bin" -max-ply $ply
    fi
    # before and after in turn first, round by round
    if [ -n "$before" ] && ((r % 2 == 0)); then
      timed old$ply "${old[@]}" book make --max-ply $ply "$dir/big.pgn"
    fi
    timed fen$ply "${fen[@]}" book make --max-ply $ply "$dir/big.pgn"
    if [ -n "$polyglot" ]; then round_ratio poly$ply fen$ply; fi
    if [ -n "$before" ]; then
      ((r % 2 == 0)) || timed old$ply "${old[@]}" book make --max-ply $ply "$dir/big.pgn"
      round_ratio fen$ply old$ply
    fi
  done
  [ "$only" = book ] && continue
  timed walk "${fen[@]}" --from pgn --ply all --format key --input "$dir/big.pgn"
  timed tree "${fen[@]}" tree "$dir/big.pgn"
  timed place "${fen[@]}" --from pgn --ply all --format key --match '?????rk?/*/*/*/*/*/*/*' --input "$dir/big.pgn"
  timed material "${fen[@]}" --from pgn --match KRPvKR --format fen --input "$dir/big.pgn"
  round_ratio tree walk
  round_ratio place walk
  round_ratio material walk
done
ratio() { printf '%.2fx (CPU %.2fx, rounds %s)' "$(echo "${t[$1]} / ${t[$2]}" | bc -l)" "$(echo "${c[$1]} / ${c[$2]}" | bc -l)" "$(span "$1/$2")"; }
for ply in 20 60; do
  if [ -n "$polyglot" ]; then
    printf 'max-ply %s: fen book make %.0f games/s, polyglot make-book %.0f games/s: %s polyglot\n' \
      "$ply" "$(rate "${t[fen$ply]}")" "$(rate "${t[poly$ply]}")" "$(ratio poly$ply fen$ply)"
  else
    printf 'max-ply %s: fen book make %.0f games/s\n' "$ply" "$(rate "${t[fen$ply]}")"
  fi
done
# the middle of the rounds' ratios
median() {
  tr ' ' '\n' <<< "${ranges[$1]}" | sed '/^$/d' | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
if [ -n "$before" ]; then
  for ply in 20 60; do
    printf 'max-ply %s: book make CPU time, this checkout / %s: median %.2fx (rounds %s, CPU of all rounds %.2fx)\n' \
      "$ply" "$before" "$(median "fen$ply/old$ply")" "$(span "fen$ply/old$ply")" "$(echo "${c[fen$ply]} / ${c[old$ply]}" | bc -l)"
  done
fi
if [ "$only" = book ]; then
  printf '(%s games, %s MB, %s rounds)\n' "$count" "$(( $(stat -c %s "$dir/big.pgn") / 1000000 ))" "$rounds"
  exit 0
fi
printf 'fen tree %.0f games/s, --ply all --format key %.0f games/s: tree costs %s the walk\n' \
  "$(rate "${t[tree]}")" "$(rate "${t[walk]}")" "$(ratio tree walk)"
printf -- '--ply all --match <placement> costs %s the walk; games --match KRPvKR %s\n' \
  "$(ratio place walk)" "$(ratio material walk)"
printf '(%s games, %s MB, %s rounds)\n' "$count" "$(( $(stat -c %s "$dir/big.pgn") / 1000000 ))" "$rounds"

for ((k = 0; k < 10; k++)); do cat "$dir/part.pgn"; done > "$dir/ten.pgn"
# Three runs of each, interleaved: the peak varies by a few MB from run to
# run with the collector's timing.
declare -A peaks
for ((r = 1; r <= 3; r++)); do
  for input in part ten; do
    /usr/bin/time -f "%M" -o "$dir/mem" "${fen[@]}" book make --max-ply 60 --min-game 1 "$dir/$input.pgn" > /dev/null
    peaks[$input]="${peaks[$input]:-} $(( $(cat "$dir/mem") / 1024 ))"
  done
done
for input in part ten; do
  echo "fen book make peak on $input.pgn ($(( $(stat -c %s "$dir/$input.pgn") / 1000000 )) MB), MB in three runs:${peaks[$input]}"
done
