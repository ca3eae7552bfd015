#!/usr/bin/env bash
# `fen puzzles --from puzzles` over lichess's puzzle CSV shape: rows read
# a second for a theme and rating filter written as FEN (goal: at least
# 500,000 rows/s). The input is synthetic (bench/puzzle_csv.ts, 1M rows
# by default): lichess's file cannot be downloaded here. Times the plain
# .csv and the .csv.zst (when zstd is installed), best of the rounds, in
# wall time and in CPU time (user + system; the wall time of a loaded
# machine is its load's).
#
# Usage: bash bench/puzzles.sh [ROWS=1000000] [ROUNDS=3]

set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rows="${1:-1000000}"
rounds="${2:-3}"
data="$here/data"
csv="$data/puzzles_$rows.csv"
mkdir -p "$data"
[ -f "$csv" ] || deno run --allow-write "$here/puzzle_csv.ts" "$csv" "$rows"
[ -f "$csv.zst" ] || ! command -v zstd >/dev/null || zstd -q -k "$csv"

measure() {
  local input="$1" best="" cpu_best=""
  for _ in $(seq "$rounds"); do
    local start end ms cpu
    start=$(date +%s%N)
    /usr/bin/time -f "%U %S" -o /tmp/fen-puzzles-bench.cpu \
      deno run --allow-read "$root/cli.ts" puzzles --from puzzles \
      --themes fork,pin --rating 1500-1800 "$input" > /tmp/fen-puzzles-bench.fen
    end=$(date +%s%N)
    ms=$(((end - start) / 1000000))
    # CPU time (user + system): wall time on a shared machine is the load's
    cpu=$(awk '{ printf "%d", ($1 + $2) * 1000 }' /tmp/fen-puzzles-bench.cpu)
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    if [ -z "$cpu_best" ] || [ "$cpu" -lt "$cpu_best" ]; then cpu_best=$cpu; fi
  done
  local kept
  kept=$(wc -l < /tmp/fen-puzzles-bench.fen)
  echo "$(basename "$input"): $rows rows, $kept kept; best of $rounds: wall $best ms ($((rows * 1000 / best)) rows/s), CPU $cpu_best ms ($((rows * 1000 / cpu_best)) rows/s)"
}

measure "$csv"
[ ! -f "$csv.zst" ] || measure "$csv.zst"
rm -f /tmp/fen-puzzles-bench.fen /tmp/fen-puzzles-bench.cpu
