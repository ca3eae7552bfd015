#!/usr/bin/env bash
# Books and trees as whole processes, ratios taken in one run (rounds
# interleaved), on the same file:
#   - `fen book make` against `polyglot make-book` (Debian package polyglot)
#     at -max-ply 20 and 60, games per second; the books are first checked
#     byte-identical;
#   - `fen tree` and `--match` (a placement and material) against the plain
#     walk `fen --from pgn --ply all --format key`;
#   - peak memory (GNU time's maximum resident size) of `fen book make` on the
#     file and on ten copies of it: the count table has a fixed budget.
#
# Usage: bash bench/books.sh [ROUNDS] [PGN]   (PGN: standard games, such as
# a lichess database month; by default the test data's Stockfish games,
# repeated to about 10 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
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
  while [ "$(stat -c %s "$dir/big.pgn" 2>/dev/null || echo 0)" -lt 10000000 ]; do
    cat "$dir/one.pgn" >> "$dir/big.pgn"
  done
fi
count=$(grep -c '^\[Event ' "$dir/big.pgn")
# As the command ships (its shebang, `deno task install`): V8's memory-saving
# mode, without which V8 grows its young generation with the input.
fen=(deno run --v8-flags=--optimize-for-size --allow-read --allow-write cli.ts)
now() { date +%s.%N; }
rate() { echo "$count * $rounds / $1" | bc -l; }

declare -A t
for key in poly20 fen20 poly60 fen60 walk tree place material; do t[$key]=0; done
if [ -n "$polyglot" ]; then
  for ply in 20 60; do
    (cd "$dir" && "$polyglot" make-book -pgn big.pgn -bin p.bin -max-ply $ply >/dev/null)
    "${fen[@]}" book make --max-ply $ply "$dir/big.pgn" > "$dir/f.bin"
    cmp -s "$dir/p.bin" "$dir/f.bin" && echo "max-ply $ply: books byte-identical ($(stat -c %s "$dir/f.bin") bytes)" ||
      echo "max-ply $ply: BOOKS DIFFER"
  done
else
  echo "polyglot is not installed (apt-get install polyglot): book make is timed alone"
fi
for ((r = 1; r <= rounds; r++)); do
  for ply in 20 60; do
    if [ -n "$polyglot" ]; then
      s=$(now); (cd "$dir" && "$polyglot" make-book -pgn big.pgn -bin p.bin -max-ply $ply >/dev/null); e=$(now)
      t[poly$ply]=$(echo "${t[poly$ply]} + $e - $s" | bc -l)
    fi
    s=$(now); "${fen[@]}" book make --max-ply $ply "$dir/big.pgn" > /dev/null; e=$(now)
    t[fen$ply]=$(echo "${t[fen$ply]} + $e - $s" | bc -l)
  done
  s=$(now); "${fen[@]}" --from pgn --ply all --format key - < "$dir/big.pgn" > /dev/null; e=$(now)
  t[walk]=$(echo "${t[walk]} + $e - $s" | bc -l)
  s=$(now); "${fen[@]}" tree "$dir/big.pgn" > /dev/null; e=$(now)
  t[tree]=$(echo "${t[tree]} + $e - $s" | bc -l)
  s=$(now); "${fen[@]}" --from pgn --ply all --format key --match '?????rk?/*/*/*/*/*/*/*' - < "$dir/big.pgn" > /dev/null; e=$(now)
  t[place]=$(echo "${t[place]} + $e - $s" | bc -l)
  s=$(now); "${fen[@]}" --from pgn --match KRPvKR --format fen - < "$dir/big.pgn" > /dev/null; e=$(now)
  t[material]=$(echo "${t[material]} + $e - $s" | bc -l)
done
for ply in 20 60; do
  if [ -n "$polyglot" ]; then
    printf 'max-ply %s: fen book make %.0f games/s, polyglot make-book %.0f games/s: %.2fx polyglot\n' \
      "$ply" "$(rate "${t[fen$ply]}")" "$(rate "${t[poly$ply]}")" "$(echo "${t[poly$ply]} / ${t[fen$ply]}" | bc -l)"
  else
    printf 'max-ply %s: fen book make %.0f games/s\n' "$ply" "$(rate "${t[fen$ply]}")"
  fi
done
printf 'fen tree %.0f games/s, --ply all --format key %.0f games/s: tree costs %.2fx the walk\n' \
  "$(rate "${t[tree]}")" "$(rate "${t[walk]}")" "$(echo "${t[tree]} / ${t[walk]}" | bc -l)"
printf -- '--ply all --match <placement> costs %.2fx the walk; games --match KRPvKR %.2fx\n' \
  "$(echo "${t[place]} / ${t[walk]}" | bc -l)" "$(echo "${t[material]} / ${t[walk]}" | bc -l)"
printf '(%s games, %s MB, %s rounds)\n' "$count" "$(( $(stat -c %s "$dir/big.pgn") / 1000000 ))" "$rounds"

if command -v /usr/bin/time >/dev/null; then
  for ((k = 0; k < 10; k++)); do cat "$dir/big.pgn"; done > "$dir/ten.pgn"
  # Three runs of each, interleaved: the peak varies by a few MB from run to
  # run with the collector's timing.
  declare -A peaks
  for ((r = 1; r <= 3; r++)); do
    for input in big ten; do
      /usr/bin/time -f "%M" -o "$dir/mem" "${fen[@]}" book make --max-ply 60 --min-game 1 "$dir/$input.pgn" > /dev/null
      peaks[$input]="${peaks[$input]:-} $(( $(cat "$dir/mem") / 1024 ))"
    done
  done
  for input in big ten; do
    echo "fen book make peak on $input.pgn ($(( $(stat -c %s "$dir/$input.pgn") / 1000000 )) MB), MB in three runs:${peaks[$input]}"
  done
fi
