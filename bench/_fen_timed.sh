# What bench/db.sh and bench/repertoire.sh share, sourced from the root of
# the clone: a working folder ($dir: FEN_BENCH_DIR, kept, else a temporary
# one removed at exit), the command as the installed one runs ($fen: its
# V8 flags) and `timed COMMAND...`, which prints the wall seconds, the CPU
# seconds (user + system) and the peak RSS in MB of a run, its stdout
# dropped.
dir=${FEN_BENCH_DIR:-$(mktemp -d)}
[ -n "${FEN_BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
v8=$(head -n 1 cli.ts | grep -o -- '--v8-flags=[^ ]*')
fen=(deno run "$v8" --allow-read --allow-write cli.ts)

timed() {
  /usr/bin/time -f "%e %U %S %M" -o "$dir/time" "$@" > /dev/null
  read -r wall user system rss < "$dir/time"
  echo "$wall $(echo "$user + $system" | bc -l) $((rss / 1024))"
}
