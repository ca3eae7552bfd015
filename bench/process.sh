#!/usr/bin/env bash
# Whole-process figures for the `fen` command: batch throughput and peak
# memory at 10k and 1M records, the streaming of --check and --out-dir, and
# the start-up cost of `fen -n FEN` over a trivial `deno run` script.
# Usage: bash bench/process.sh   (needs /usr/bin/time; uses hyperfine if installed)
set -euo pipefail
cd "$(dirname "$0")/.."
deno=${DENO:-$(command -v deno || echo "npx -y deno@2.9.6")}
data=bench/data
mkdir -p "$data"
[ -f "$data/corpus.fen" ] || $deno run --allow-read --allow-write bench/corpus.ts
if [ ! -f "$data/1m.fen" ]; then
  for _ in 1 2 3 4 5; do cat "$data/corpus.fen"; done > "$data/1m.fen"
  head -n 10000 "$data/corpus.fen" > "$data/10k.fen"
fi
$deno cache cli.ts >/dev/null 2>&1 || true

# Runs the command on stdin and prints seconds, records/s and peak RSS.
measure() {
  local label=$1 input=$2
  shift 2
  local records stats seconds kb
  records=$(wc -l < "$input")
  stats=$(mktemp)
  /usr/bin/time -f "%e %M" -o "$stats" "$@" < "$input" > /dev/null 2>/dev/null || true
  read -r seconds kb < "$stats"
  rm -f "$stats"
  awk -v l="$label" -v r="$records" -v s="$seconds" -v k="$kb" \
    'BEGIN { printf "%-34s %9d records %6.2f s %10.0f records/s %6.1f MB peak\n", l, r, s, r / (s > 0 ? s : 0.01), k / 1024 }'
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $($deno --version | head -n 1)"
for n in 10k 1m; do
  measure "fen --format board - ($n)" "$data/$n.fen" $deno run cli.ts --format board -
done
measure "fen --check - (1m)" "$data/1m.fen" $deno run cli.ts --check -
measure "fen --format fen - (1m)" "$data/1m.fen" $deno run cli.ts --format fen -
out=$(mktemp -d)
measure "fen --out-dir (10k SVG files)" "$data/10k.fen" $deno run --allow-write="$out" cli.ts --out-dir "$out" -
rm -rf "$out"

trivial=$(mktemp --suffix=.ts)
echo 'console.log("1")' > "$trivial"
fen="4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2"
if command -v hyperfine >/dev/null 2>&1; then
  hyperfine -N --warmup 5 --runs 40 --export-json /tmp/fen-startup.json \
    "$deno run $trivial" "$deno run cli.ts -n $fen" >/dev/null
  awk 'BEGIN { RS = "\"mean\": " } NR > 1 { split($0, a, ","); m[NR - 1] = a[1] * 1000 }
    END { printf "start-up: trivial script %.1f ms, fen -n %.1f ms, added %.1f ms (hyperfine, 40 runs)\n", m[1], m[2], m[2] - m[1] }' /tmp/fen-startup.json
else
  for cmd in "$deno run $trivial" "$deno run cli.ts -n $fen"; do
    start=$(date +%s%N)
    for _ in $(seq 20); do $cmd > /dev/null; done
    echo "start-up: $cmd: $(( ($(date +%s%N) - start) / 20000000 )) ms per run (20 runs)"
  done
fi
rm -f "$trivial"
