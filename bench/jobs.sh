#!/usr/bin/env bash
# Work at scale, as whole processes, each figure a ratio taken in one run
# (rounds interleaved, so a busy machine slows both sides alike):
#   --jobs 2 against --jobs 1, for --format key over 1M FEN records and for
#     --from pgn --ply all --format epd over about 15 MB of games (goal 1.6x
#     on two idle cores);
#   reading a .pgn.zst (pzstd -19, as lichess writes its dumps) against
#     `zstd -dc FILE | fen ...` for the same job (goal 0.9x or better);
#   wall time and CPU time (user + system) of each, so that a machine shared
#     with other work shows up as CPU time the wall time does not explain;
#     on a busy machine the CPU ratio of --jobs 2 to --jobs 1 is the figure
#     to compare with an idle run (1.6x on two cores needs it at about 1.2x
#     or less): there the command gets the same share of the CPU with one
#     thread or three, and --jobs 2 is slower (docs/scale.md, "When --jobs
#     helps").
# The corpora (bench/corpus.ts, bench/pgn_corpus.ts) are made once into
# bench/data/ (gitignored); the first run takes minutes (about 3 minutes a
# 20,000 games).
#
# Usage: bash bench/jobs.sh [ROUNDS]
#   FEN_BENCH_GAMES=N   games in the PGN corpus (default 20000, 14.6 MB):
#                       each worker's start and warm-up is a fixed cost, so
#                       a larger input shows the speed-up a dump gets
#   FEN_BEFORE=DIR      also time DIR's command (another checkout, built)
#                       on the PGN corpus, --jobs 1 and 2, in each round,
#                       and give this one's CPU time over DIR's
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
before=${FEN_BEFORE:-}
[ -z "$before" ] || before=$(cd "$before" && pwd)
count=${FEN_BENCH_GAMES:-20000}
mkdir -p bench/data
fens=bench/data/jobs_1m.fen
games=bench/data/jobs_games.pgn
[ "$count" = 20000 ] || games=bench/data/jobs_games_$count.pgn
[ -s "$fens" ] || deno run --allow-read --allow-write bench/corpus.ts --records 1000000 --out "$fens"
[ -s "$games" ] || deno run --allow-read --allow-write bench/pgn_corpus.ts --games "$count" --out "$games"
[ -s "$games.zst" ] || pzstd -q -p 2 -19 -f "$games" -o "$games.zst"
# the V8 flags the command ships with (cli.ts's shebang, deno task install
# and compile), read from the shebang so the figures are the installed command's
v8=$(head -n 1 cli.ts | grep -o -- '--v8-flags=[^ ]*')
fen=(deno run "$v8" --allow-read cli.ts)
[ -z "$before" ] || old=(deno run "$v8" --allow-read "$before/cli.ts")

declare -A wall cpu
# one timed run: wall and CPU seconds added to the row's totals
timed() {
  local row=$1; shift
  local t; t=$( { /usr/bin/time -f "%e %U %S" bash -c "$*" > /dev/null; } 2>&1 | tail -n 1)
  read -r e u s <<<"$t"
  last=$e
  last_cpu=$(echo "$u + $s" | bc -l)
  wall[$row]=$(echo "${wall[$row]:-0} + $e" | bc -l)
  cpu[$row]=$(echo "${cpu[$row]:-0} + $u + $s" | bc -l)
}
rounds_key="" rounds_pgn="" rounds_old1="" rounds_old2=""
# a PGN run of this checkout (row pgnN, its wall time in $last) and, with
# FEN_BEFORE, of the one before (row oldN: before it in even rounds, after
# it in odd ones), this one's CPU time over it added to rounds_oldN
pgn_run() {
  local jobs=$1 prior=0 wall_this
  if [ -n "$before" ] && ((r % 2 == 0)); then
    timed old$jobs "${old[*]} --from pgn --ply all --format epd --jobs $jobs - < $games"
    prior=$last_cpu
  fi
  timed pgn$jobs "${fen[*]} --from pgn --ply all --format epd --jobs $jobs - < $games"
  wall_this=$last
  [ -n "$before" ] || return 0
  local new=$last_cpu
  if ((r % 2 == 1)); then
    timed old$jobs "${old[*]} --from pgn --ply all --format epd --jobs $jobs - < $games"
    prior=$last_cpu
  fi
  local ratio
  ratio=$(printf '%.2f' "$(echo "$new / $prior" | bc -l)")
  if [ "$jobs" = 1 ]; then rounds_old1+=" $ratio"; else rounds_old2+=" $ratio"; fi
  last=$wall_this
}
for ((r = 1; r <= rounds; r++)); do
  timed key1 "${fen[*]} --format key --jobs 1 - < $fens"
  k1=$last
  timed key2 "${fen[*]} --format key --jobs 2 - < $fens"
  rounds_key+=" $(printf '%.2f' "$(echo "$k1 / $last" | bc -l)")"
  pgn_run 1
  p1=$last
  pgn_run 2
  p2=$last
  rounds_pgn+=" $(printf '%.2f' "$(echo "$p1 / $p2" | bc -l)")"
  timed zst "${fen[*]} --from pgn --ply all --format epd --input $games.zst"
  timed pipe "zstd -dc $games.zst | ${fen[*]} --from pgn --ply all --format epd -"
done
echo "PGN corpus: $count games, $(($(stat -c %s "$games") / 1000000)) MB"
row() { printf '%-44s wall %6.2f s  cpu %6.2f s\n' "$1" "$(echo "${wall[$2]} / $rounds" | bc -l)" "$(echo "${cpu[$2]} / $rounds" | bc -l)"; }
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
row "--format key, 1M records, --jobs 1" key1
row "--format key, 1M records, --jobs 2" key2
row "--from pgn --ply all --format epd, --jobs 1" pgn1
row "--from pgn --ply all --format epd, --jobs 2" pgn2
row "the same, reading the .pgn.zst" zst
row "the same, zstd -dc FILE | fen" pipe
echo
echo "speed-up of --jobs 2 (wall of --jobs 1 / wall of --jobs 2; goal 1.6x on two idle cores):"
echo "  key $(ratio "${wall[key1]}" "${wall[key2]}")x   pgn $(ratio "${wall[pgn1]}" "${wall[pgn2]}")x   (per round: key${rounds_key}, pgn${rounds_pgn})"
echo "CPU of --jobs 2 / CPU of --jobs 1 (at most about 1.2x for 1.6x on two cores):"
echo "  key $(ratio "${cpu[key2]}" "${cpu[key1]}")x   pgn $(ratio "${cpu[pgn2]}" "${cpu[pgn1]}")x"
echo ".pgn.zst against zstd -dc | fen (wall; goal 0.9x or better): $(ratio "${wall[pipe]}" "${wall[zst]}")x"
if [ -n "$before" ]; then
  median() { tr ' ' '\n' <<< "$1" | sed '/^$/d' | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
  echo "PGN corpus, CPU time of this checkout / $before (median; rounds):"
  echo "  --jobs 1 $(median "$rounds_old1")x (${rounds_old1# })   --jobs 2 $(median "$rounds_old2")x (${rounds_old2# })"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores ($rounds rounds)"
