#!/usr/bin/env bash
# Whole processes reading games: `fen --from pgn --ply all --format epd`
# against pgn-extract (Debian package pgn-extract) writing EPD for every
# position of the same file, games per second as a ratio taken in one run
# (rounds interleaved). Before timing, the first four EPD fields of both are
# compared position by position (pgn-extract also writes c0/c1 operations,
# which are left out of the comparison).
#
# Usage: bash bench/pgn_process.sh [ROUNDS]    (about 1 minute)
#   FEN_BEFORE=DIR   also time DIR's command (another checkout, built) in
#                    each round, and give this one's CPU time (user and
#                    system) over DIR's: a change measured before and after
#                    in one run
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
before=${FEN_BEFORE:-}
[ -z "$before" ] || before=$(cd "$before" && pwd)
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null || true)
if [ -z "$extract" ]; then
  echo "pgn-extract is not installed (apt-get install pgn-extract): nothing to compare with"
  exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# About 10 MB of real games: Stockfish's self-play games, the standard ones.
games=tests/testdata/stockfish_games.pgn
# pgn-extract reads standard chess only: keep the games without a Variant tag.
awk '/^\[Event /{if (game != "" && game !~ /Variant "Chess960"/) printf "%s", game; game=""}
  {game = game $0 "\n"}
  END{if (game !~ /Variant "Chess960"/) printf "%s", game}' "$games" > "$dir/one.pgn"
while [ "$(stat -c %s "$dir/big.pgn" 2>/dev/null || echo 0)" -lt 10000000 ]; do
  cat "$dir/one.pgn" >> "$dir/big.pgn"
done
count=$(grep -c '^\[Event ' "$dir/big.pgn")
# the V8 flags the command ships with (cli.ts's shebang, deno task install
# and compile), read from the shebang so the figures are the installed command's
v8=$(head -n 1 cli.ts | grep -o -- '--v8-flags=[^ ]*')
fen=(deno run "$v8" --allow-read cli.ts --from pgn --ply all --format epd -)

"${fen[@]}" < "$dir/one.pgn" | cut -d' ' -f1-4 > "$dir/ours.epd"
"$extract" -s -Wepd -o "$dir/theirs.epd" "$dir/one.pgn"
cut -d' ' -f1-4 "$dir/theirs.epd" > "$dir/theirs4.epd"
positions=$(wc -l < "$dir/ours.epd")
differ=$(diff "$dir/ours.epd" "$dir/theirs4.epd" | grep -c '^<' || true)
echo "sample: $positions positions compared (first four fields), $differ differ"

# CPU seconds (user and system) of a run of DIR's command, in $cpu
cpu=0
cpu_of() {
  local root=$1
  /usr/bin/time -f "%U %S" -o "$dir/time" deno run "$v8" --allow-read "$root/cli.ts" \
    --from pgn --ply all --format epd - < "$dir/big.pgn" > /dev/null
  read -r user system < "$dir/time"
  cpu=$(echo "$user + $system" | bc -l)
}
ours=0; theirs=0; ratios=""
for ((r = 1; r <= rounds; r++)); do
  # before and after in turn first, round by round
  if [ -n "$before" ] && ((r % 2 == 0)); then cpu_of "$before"; old=$cpu; fi
  s=$(date +%s.%N); "${fen[@]}" < "$dir/big.pgn" > /dev/null; e=$(date +%s.%N)
  ours=$(echo "$ours + $e - $s" | bc -l)
  if [ -n "$before" ]; then
    cpu_of "$PWD"; new=$cpu
    ((r % 2 == 0)) || { cpu_of "$before"; old=$cpu; }
    ratios+=" $(printf '%.2f' "$(echo "$new / $old" | bc -l)")"
  fi
  s=$(date +%s.%N); "$extract" -s -Wepd -o /dev/null "$dir/big.pgn"; e=$(date +%s.%N)
  theirs=$(echo "$theirs + $e - $s" | bc -l)
done
printf 'fen --from pgn --ply all --format epd: %.0f games/s; pgn-extract -Wepd: %.0f games/s; ratio %.2fx (%s games, %d rounds)\n' \
  "$(echo "$count * $rounds / $ours" | bc -l)" "$(echo "$count * $rounds / $theirs" | bc -l)" \
  "$(echo "$theirs / $ours" | bc -l)" "$count" "$rounds"
if [ -n "$before" ]; then
  sorted=$(tr ' ' '\n' <<< "$ratios" | sed '/^$/d' | sort -n)
  printf 'CPU time, this checkout / %s: median %s (rounds %s)\n' "$before" \
    "$(awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}' <<< "$sorted")x" \
    "$(sed -n '1p;$p' <<< "$sorted" | paste -sd- -)"
fi
