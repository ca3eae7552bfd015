#!/usr/bin/env bash
# Start-up of the one-shot `fen -n FEN` against a trivial `deno run` of a
# one-line script (bench/_one_line.ts), the goal being at most 1.5x: as
# `deno run cli.ts -n FEN` in the clone and as the command `deno task install`
# makes (installed under a temporary root with the task's own flags). Every
# command is timed in each of several rounds (interleaved, so that a busy
# spell of a shared machine falls on all of them), and the ratios are of
# user+system time, which swings less than wall time.
#
# Usage: bash bench/startup.sh [BEFORE_ROOT]
#   BEFORE_ROOT  another checkout (say, an export of main) whose
#                `deno run cli.ts -n FEN` is timed in the same run
#   DENO         the deno command (default: deno)
#   ROUNDS       rounds (default 4)
#   RUNS         runs of each command in a round (default 10)
# Needs hyperfine (Debian package hyperfine).
set -euo pipefail
export LC_ALL=C NO_COLOR=1
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
DENO=${DENO:-deno}
rounds=${ROUNDS:-4}
runs=${RUNS:-10}
fen="4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The install task, into a root of its own (not ~/.deno).
"$DENO" task --quiet install --root "$tmp/root" 2> /dev/null ||
  { echo "startup: deno task install failed" >&2; exit 1; }
installed="$tmp/root/bin/fen"

commands=("$DENO run bench/_one_line.ts" "$DENO run cli.ts -n $fen" "$installed -n $fen")
if [ $# -ge 1 ]; then
  before=$(cd "$1" && pwd)
  commands+=("$DENO run $before/cli.ts -n $fen")
fi
for c in "${commands[@]}"; do
  $c > /dev/null || { echo "startup: failed: $c" >&2; exit 1; }
done
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 5 --runs "$runs" --export-json "$tmp/round$round.json" \
    "${commands[@]}" > /dev/null 2>&1
done
# Per command: the mean user+system time over all runs, its ratio to the
# one-line script, and the lowest and highest of the rounds' ratios.
"$DENO" eval --no-config '
  const [installed, ...files] = Deno.args;
  const rounds = files.map((f) => JSON.parse(Deno.readTextFileSync(f)).results);
  const cpu = (r) => (r.user + r.system) * 1000;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base = mean(rounds.map((round) => cpu(round[0])));
  rounds[0].forEach((first, i) => {
    const time = mean(rounds.map((round) => cpu(round[i])));
    const ratios = rounds.map((round) => cpu(round[i]) / cpu(round[0]));
    const name = first.command.replace(installed, "<installed fen>");
    console.log(
      `${time.toFixed(1).padStart(6)} ms  ${(time / base).toFixed(2)}x` +
        ` (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})  ${name}`,
    );
  });
  console.log(
    `user+system time, ${rounds.length} rounds of ${rounds[0][0].times.length} runs; ` +
      "goal: fen -n at most 1.50x the first row",
  );
' "$installed" "$tmp"/round*.json
