#!/usr/bin/env bash
# Whole-process figures for the `fen` command, as ratios taken in one run
# (absolute times on shared machines swing by 20-40% between runs):
#   - each batch job against its reference, timed interleaved over several
#     rounds on the same 1M-record input (medians of the per-round ratios):
#     --format board/fen/json against a minimal byte-level streamer
#     (bench/_streamer.ts, the practical limit of a FEN filter in Deno),
#     --format fen against chessops parseFen+makeFen (bench/chessops_fen.ts),
#     --check against chessops parseFen+Chess.fromSetup, and its status
#     answers when the command reports them (bench/chessops_check.ts);
#     --format json against --format fen (goal: at most 1.3x its time;
#     the whole object, --json-fields all, is timed once, for the record);
#     data work against the plain --format fen stream: --format key (goal:
#     at least 0.8x its speed), --unique and --stats (goal: at most 1.5x
#     its time);
#   - peak memory (RSS) of every batch mode at 10k, 1M and (optionally) 10M
#     records;
#   - start-up: `fen -n FEN` against a trivial `deno run` script.
# Before timing, each reference's output is compared with the command's on
# 10k records: a reference that does other work measures nothing.
#
# Usage: bash bench/process.sh [REPO_ROOT]
#   REPO_ROOT          the checkout whose cli.ts is measured (default: this
#                      one; also FEN_ROOT); the references and the data come
#                      from this checkout
#   DENO               the deno command (default: deno)
#   FEN_BENCH_ROUNDS   interleaved rounds (default 5; 30-40 s each here, about
#                      4 minutes in all on 2 cores)
#   FEN_BENCH_10M=1    also measure peak memory at 10M records (adds 4 to 6
#                      minutes here, and a 600 MB file in bench/data/)
#   FEN_BENCH_RAW=FILE keep the raw measurements (one run a line)
#   FEN_DENO_FLAGS     extra `deno run` flags for the command only, e.g. the
#                      installed ones, --v8-flags=--max-semi-space-size=2,--no-concurrent-recompilation
# Needs /usr/bin/time (Debian package time); uses hyperfine if installed.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "${1:-${FEN_ROOT:-$here}}" && pwd)
DENO=${DENO:-deno}
rounds=${FEN_BENCH_ROUNDS:-5}
big=${FEN_BENCH_10M:-0}
flags=${FEN_DENO_FLAGS:-}
data=$here/bench/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
results=${FEN_BENCH_RAW:-$tmp/results}
: > "$results"

mkdir -p "$data"
[ -f "$data/corpus.fen" ] ||
  (cd "$here" && $DENO run --allow-read --allow-write bench/corpus.ts)
[ -f "$data/10k.fen" ] || head -n 10000 "$data/corpus.fen" > "$data/10k.fen"
if [ ! -f "$data/1m.fen" ]; then
  for _ in 1 2 3 4 5; do cat "$data/corpus.fen"; done > "$data/1m.fen.tmp"
  mv "$data/1m.fen.tmp" "$data/1m.fen"
fi
if [ "$big" = 1 ] && [ ! -f "$data/10m.fen" ]; then
  for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$data/1m.fen"; done > "$data/10m.fen.tmp"
  mv "$data/10m.fen.tmp" "$data/10m.fen"
fi

# The jobs, by label: the command runs from its repo root as `deno run
# cli.ts`; the streamer runs from there too, so both find the same config.
cd "$root"
declare -A job=(
  [streamer]="$DENO run $here/bench/_streamer.ts"
  [board]="$DENO run $flags cli.ts --format board -"
  [grid]="$DENO run $flags cli.ts --format grid -"
  [fen]="$DENO run $flags cli.ts --format fen -"
  [json]="$DENO run $flags cli.ts --format json -"
  [json-all]="$DENO run $flags cli.ts --format json --json-fields all -"
  [unicode]="$DENO run $flags cli.ts --format unicode -"
  [check]="$DENO run $flags cli.ts --check -"
  [key]="$DENO run $flags cli.ts --format key -"
  [unique]="$DENO run $flags cli.ts --format fen --unique -"
  [stats]="$DENO run $flags cli.ts --format fen --stats -"
  [chessops-fen]="$DENO run --config $here/deno.json $here/bench/chessops_fen.ts"
  [chessops-check]="$DENO run --config $here/deno.json $here/bench/chessops_check.ts"
)
modes="board grid fen json unicode check"

# run LABEL SIZE ROUND: runs job LABEL on SIZE records once and appends
# "ROUND LABEL SIZE seconds peak-KB" to the results.
run() {
  local label=$1 size=$2 round=$3 t0 t1 rc=0
  t0=$EPOCHREALTIME
  /usr/bin/time -f %M -o "$tmp/kb" ${job[$label]} < "$data/$size.fen" \
    > /dev/null 2> "$tmp/err" || rc=$?
  t1=$EPOCHREALTIME
  if [ "$rc" != 0 ]; then
    echo "warning: $label on $size records exited with $rc: $(head -c 300 "$tmp/err")" >&2
  fi
  echo "$round $label $size $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $(tail -n 1 "$tmp/kb")" >> "$results"
}

# agrees LABEL REFERENCE: whether both write the same on 10k records.
agrees() {
  cmp -s <(${job[$1]} < "$data/10k.fen" 2>&1) <(${job[$2]} < "$data/10k.fen" 2>&1)
}

# same LABEL REFERENCE: warns unless they agree.
same() {
  if ! agrees "$1" "$2"; then
    echo "warning: $2 and $1 disagree on $data/10k.fen: that ratio measures different work" >&2
  fi
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $($DENO --version | head -n 1), load $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "command: $DENO run ${flags:+$flags }cli.ts in $root ($(git -C "$root" log -1 --format='%h %s' 2>/dev/null || echo 'not a git checkout'))"
echo "rounds: $rounds interleaved on 1M records; 10M records: $([ "$big" = 1 ] && echo yes || echo 'no (FEN_BENCH_10M=1)')"

# Warm-up (module caches) and agreement, then peak memory at 10k.
same board streamer
same fen chessops-fen
# Newer versions of --check also report the game's status (check,
# checkmate, ...): the reference then does that work too.
check_reference="chessops parseFen+Chess.fromSetup"
if ! agrees check chessops-check; then
  job[chessops-check]+=" --status"
  check_reference+=" +status"
fi
same check chessops-check
for label in $modes; do run "$label" 10k m; done

# Interleaved rounds: each job next to its reference, every round.
for round in $(seq "$rounds"); do
  for label in streamer board fen json chessops-fen check chessops-check key unique stats; do
    run "$label" 1m "$round"
  done
done
for label in grid unicode json-all; do run "$label" 1m 1; done
if [ "$big" = 1 ]; then
  for label in $modes; do run "$label" 10m m; done
fi
out=$(mktemp -d)
start=$EPOCHREALTIME
$DENO run $flags --allow-read="$out" --allow-write="$out" cli.ts --out-dir "$out" - < "$data/10k.fen" > /dev/null
echo "m outdir 10k $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }') 0" >> "$results"
rm -rf "$out"

# Start-up: `fen -n FEN` over a trivial script, interleaved rounds too.
trivial=$tmp/trivial.ts
echo 'console.log("1")' > "$trivial"
fen="4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2"
if command -v hyperfine > /dev/null 2>&1; then
  startup_noisy=""
  for round in $(seq "$rounds"); do
    hyperfine -N --warmup 3 --runs 15 --export-json "$tmp/startup.json" \
      "$DENO run $trivial" "$DENO run $flags cli.ts -n $fen" > /dev/null 2> "$tmp/hyperfine"
    if grep -q outliers "$tmp/hyperfine"; then startup_noisy=", outliers in some rounds"; fi
    awk -v r="$round" 'BEGIN { RS = "\"median\": " } NR > 1 { split($0, a, ","); m[NR - 1] = a[1] }
      END { printf "%s trivial startup %.5f 0\n%s fen-n startup %.5f 0\n", r, m[1], r, m[2] }' \
      "$tmp/startup.json" >> "$results"
  done
  startup_how="hyperfine, $rounds rounds of 15 runs${startup_noisy:-}"
else
  for round in $(seq "$rounds"); do
    for label in trivial fen-n; do
      cmd="$DENO run $trivial"
      [ "$label" = fen-n ] && cmd="$DENO run $flags cli.ts -n $fen"
      t0=$EPOCHREALTIME
      for _ in 1 2 3 4 5 6 7 8 9 10; do $cmd > /dev/null; done
      echo "$round $label startup $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.5f", (b - a) / 10 }') 0" >> "$results"
    done
  done
  startup_how="shell loop, $rounds rounds of 10 runs"
fi

awk -v cores="$(nproc)" '{ printf "load at the end: %s %s %s%s\n", $1, $2, $3, ($2 > cores ? " (over the core count: other processes shared the machine; ratios still hold better than times)" : "") }' /proc/loadavg

# The report. Ratios are medians of per-round ratios; times and peaks are
# medians of the rounds.
awk -v records_1m="$(wc -l < "$data/1m.fen")" -v startup_how="$startup_how" -v big="$big" \
  -v check_reference="$check_reference" '
function median(list,    n, v, i, j, t) {
  n = split(list, v, " ")
  for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
  return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function add(key, value) { all[key] = all[key] == "" ? value : all[key] " " value }
{
  round = $1; label = $2; size = $3
  add("s " label " " size, $4); add("kb " label " " size, $5)
  if (round != "m") { time[round, label] = $4; roundsSeen[round] = 1 }
}
# Per-round ratio: reference time over job time (speed), or the inverse.
function ratio(jobLabel, refLabel, inverse,    r, list) {
  list = ""
  for (r in roundsSeen) {
    if (!((r, jobLabel) in time) || !((r, refLabel) in time)) continue
    list = list " " (inverse ? time[r, jobLabel] / time[r, refLabel] : time[r, refLabel] / time[r, jobLabel])
  }
  return median(list)
}
function row(jobText, refText, value, unit, goal, atMost,    met, verdict) {
  met = atMost ? value <= goal : value >= goal
  verdict = met ? "met" : sprintf(atMost ? "not met (%.2fx over)" : "not met (needs %.2fx)", atMost ? value / goal : goal / value)
  printf "%-18s %-40s %6.2fx %-9s %-2s %-6s %s\n", jobText, refText, value, unit, (atMost ? "<=" : ">="), goal "x", verdict
}
function mb(label, size) { return ("kb " label " " size) in all ? median(all["kb " label " " size]) / 1024 : -1 }
END {
  print ""
  print "throughput, 1M records (median of rounds):"
  n = split("streamer board grid fen json json-all unicode check chessops-fen chessops-check key unique stats", labels, " ")
  for (i = 1; i <= n; i++) {
    s = median(all["s " labels[i] " 1m"])
    printf "  %-16s %6.2f s %10.0f records/s %6.1f MB peak\n", labels[i], s, records_1m / s, mb(labels[i], "1m")
  }
  printf "  %-16s %6.2f s for 10k SVG files\n", "--out-dir", median(all["s outdir 10k"])
  print ""
  print "peak memory (MB, RSS):"
  printf "  %-8s %8s %8s %8s %12s\n", "mode", "10k", "1M", "10M", "growth"
  worst1m = 0; growth = 0
  m = split("board grid fen json unicode check", modes, " ")
  for (i = 1; i <= m; i++) {
    a = mb(modes[i], "10k"); b = mb(modes[i], "1m"); c = mb(modes[i], "10m")
    top = c >= 0 ? c : b
    if (b > worst1m) worst1m = b
    if (top - a > growth) growth = top - a
    printf "  %-8s %8.1f %8.1f %8s %+9.1f MB\n", modes[i], a, b, (c >= 0 ? sprintf("%.1f", c) : "-"), top - a
  }
  printf "  %-8s %6.1f ms %s\n", "start-up", median(all["s fen-n startup"]) * 1000, "fen -n FEN"
  printf "  %-8s %6.1f ms %s (%s)\n", "", median(all["s trivial startup"]) * 1000, "trivial deno run script", startup_how
  print ""
  print "ratios (one run, medians of per-round ratios):"
  printf "%-18s %-40s %7s %-9s %-9s %s\n", "job", "reference", "ratio", "", "goal", "verdict"
  row("--format board -", "byte-level streamer, bench/_streamer.ts", ratio("board", "streamer", 0), "its speed", 0.8, 0)
  row("--format fen -", "byte-level streamer, bench/_streamer.ts", ratio("fen", "streamer", 0), "its speed", 0.6, 0)
  row("--format json -", "byte-level streamer, bench/_streamer.ts", ratio("json", "streamer", 0), "its speed", 0.4, 0)
  row("--format fen -", "chessops parseFen+makeFen", ratio("fen", "chessops-fen", 0), "faster", 8, 0)
  row("--check -", check_reference, ratio("check", "chessops-check", 0), "faster", 5, 0)
  row("fen -n FEN", "trivial deno run script", ratio("fen-n", "trivial", 1), "its time", 1.25, 1)
  row("--format json -", "--format fen -", ratio("json", "fen", 1), "its time", 1.3, 1)
  row("--format key -", "--format fen -", ratio("key", "fen", 0), "its speed", 0.8, 0)
  row("--unique -", "--format fen -", ratio("unique", "fen", 1), "its time", 1.5, 1)
  row("--stats -", "--format fen -", ratio("stats", "fen", 1), "its time", 1.5, 1)
  printf "%-18s %-40s %6.1f MB %-7s %-2s %-6s %s\n", "peak memory, 1M", "every batch mode (highest)", worst1m, "", "<", "64 MB", (worst1m < 64 ? "met" : sprintf("not met (%.1f MB over)", worst1m - 64))
  printf "%-18s %-40s %6.1f MB %-7s %-2s %-6s %s\n", "peak growth", big ? "10k to 10M records (highest)" : "10k to 1M records (10M not run)", growth, "", "<=", "10 MB", (growth <= 10 ? (big ? "met" : "met to 1M; 10M not run") : sprintf("not met (%.1f MB over)", growth - 10))
}' "$results"
