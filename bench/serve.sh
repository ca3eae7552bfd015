#!/usr/bin/env bash
# `fen serve` under load, with wrk on loopback, against the renderers' own
# in-process rate for the same requests (bench/serve_inprocess.ts), in one
# run so that the figures are comparable on a shared machine:
#   - SVG requests/s over the in-process SVG rate (goal: at least 0.8x);
#   - PNG and GIF requests/s (goal: 10x web-boardimage), plain and for
#     web-boardimage's README request whole (arrows, check, squares);
#   - PNG requests/s over distinct positions with marks that vary from one
#     request to the next (bench/_distinct.ts: 1,000 positions, a last move,
#     tinted squares, arrows), what a service's clients send, and the
#     in-process milliseconds a picture for them;
#   - web-boardimage: given as WEB_BOARDIMAGE=http://HOST:PORT, a live one is
#     sent the same requests in the same run (its /board.png: the plain one,
#     the README request, the distinct paths; a GIF is compared with its PNG
#     of the same request, as it draws no GIF), and each of its answers
#     checked to be a PNG first; bench/web_boardimage.sh runs one here.
#     Without it, the ratios are against its 43 PNG/s measured before on
#     this kind of machine (36-43/s);
#   - 304 answers/s over PNG renders/s of the same URL (goal: at least 10x);
#   - errors (goal: none) and the server's resident memory before and after,
#     and after 100 PNGs in 100 different looks (bounded: see MAX_LOOKS).
#   - two floors (bench/serve_floor.ts): a bare Deno.serve that draws the same
#     SVG with renderSvg for each request and does nothing else (what the
#     service adds is the difference), and one that answers it drawn once
#     (the HTTP stack alone).
# Each wrk run lasts SECONDS (default 5) with one thread and 4 connections,
# the setting web-boardimage was measured with.
#
# Usage: [WEB_BOARDIMAGE=http://127.0.0.1:8080] bash bench/serve.sh [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-5}
command -v wrk > /dev/null || { echo "serve.sh: needs wrk (apt-get install wrk)" >&2; exit 1; }
tmp=$(mktemp -d)
deno run --allow-net "$here/cli.ts" serve --port 0 2> "$tmp/log" &
pid=$!
trap 'kill -TERM $pid 2> /dev/null || true; wait $pid 2> /dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  grep -q "serving on" "$tmp/log" && break
  sleep 0.1
done
port=$(sed -n 's|.*serving on http://[^:]*:\([0-9]*\)/$|\1|p' "$tmp/log")
base="http://127.0.0.1:$port"
# web-boardimage's README example (its circle "Bh7" is a tinted square).
example="fen=5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8&lastMove=f4g6&squares=a3,c3"
svg_url="$base/board.svg?$example&arrows=Ge6g8,Bh7"
png_url="$base/board.png?$example"
gif_url="$base/board.gif?$example"
# web-boardimage's README request whole (check, arrows, squares, 360 px):
# arrows and marks are filled over the sprites, as PNG and as GIF.
readme="$example&check=h8&arrows=Ge6g8,Bh7&size=360"
png_arrows_url="$base/board.png?$readme"
gif_arrows_url="$base/board.gif?$readme"
deno run --allow-read "$here/bench/_distinct.ts" > "$tmp/paths"
boardimage_base=${WEB_BOARDIMAGE:+${WEB_BOARDIMAGE%/}}
is_png() { # url: fails unless the answer is a 200 PNG
  curl -sf -o "$tmp/answer" "$1" &&
    [ "$(head -c 8 "$tmp/answer" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    { echo "serve.sh: not a PNG: $1" >&2; exit 1; }
}
for path in $(sed -n '1p; 2p; 3p; 500p; 1000p' "$tmp/paths"); do
  is_png "$base$path"
  [ -z "$boardimage_base" ] || is_png "$boardimage_base$path"
done
[ -z "$boardimage_base" ] || is_png "$boardimage_base/board.png?$readme"
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
for url in "$svg_url" "$png_url" "$gif_url" "$png_arrows_url" "$gif_arrows_url"; do # first renders: sprites, palettes
  curl -sf -o /dev/null "$url"
done
rss_before=$(rss)
# run is called in command substitutions (subshells): it counts its errors
# in a file.
: > "$tmp/errors"
run() { # name url [header | -s script]: prints requests/s
  local out
  if [ $# -gt 3 ]; then
    out=$(FEN_BENCH_PATHS="$tmp/paths" wrk -t1 -c4 -d"${seconds}s" "$3" "$4" "$2")
  elif [ $# -gt 2 ]; then
    out=$(wrk -t1 -c4 -d"${seconds}s" -H "$3" "$2")
  else
    out=$(wrk -t1 -c4 -d"${seconds}s" "$2")
  fi
  local bad
  bad=$(echo "$out" | awk '/Non-2xx or 3xx/ {n += $NF} /Socket errors/ {gsub(",", ""); n += $4 + $6 + $8 + $10} END {print n + 0}')
  echo "$bad" >> "$tmp/errors"
  echo "$out" | awk '/Requests\/sec/ {printf "%.0f\n", $2}'
}
inprocess=$(deno run --allow-read "$here/bench/serve_inprocess.ts" "$seconds")
svg_in=$(echo "$inprocess" | awk '$1 == "svg" {print $2}')
png_in=$(echo "$inprocess" | awk '$1 == "png" {print $2}')
gif_in=$(echo "$inprocess" | awk '$1 == "gif" {print $2}')
distinct_ms=$(echo "$inprocess" | awk '$1 == "png-distinct" {print $3}')
floor() { # fixed|render: requests/s of a bare Deno.serve (bench/serve_floor.ts)
  : > "$tmp/floor"
  deno run --allow-net "$here/bench/serve_floor.ts" "$1" 2> "$tmp/floor" &
  local floor_pid=$!
  for _ in $(seq 100); do
    grep -qs "port" "$tmp/floor" && break
    sleep 0.1
  done
  run "$1" "http://127.0.0.1:$(awk '{print $2}' "$tmp/floor")/"
  kill -TERM $floor_pid
  wait $floor_pid 2> /dev/null || true
}
fixed=$(floor fixed)
bare=$(floor render)
svg=$(run svg "$svg_url")
png=$(run png "$png_url")
gif=$(run gif "$gif_url")
png_arrows=$(run png "$png_arrows_url")
gif_arrows=$(run gif "$gif_arrows_url")
distinct=$(run distinct "$base" -s "$here/bench/_distinct.lua")
if [ -n "$boardimage_base" ]; then
  boardimage_png=$(run web-boardimage "$boardimage_base/board.png?$example")
  boardimage_readme=$(run web-boardimage "$boardimage_base/board.png?$readme")
  boardimage=$(run web-boardimage "$boardimage_base" -s "$here/bench/_distinct.lua")
  live="a live web-boardimage's" paths=" on the same paths"
else
  boardimage_png=43 boardimage_readme=43 boardimage=43
  live="web-boardimage's recorded" paths=" of one position" # no WEB_BOARDIMAGE given
fi
tag=$(curl -sfI "$png_url" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
not_modified=$(run 304 "$png_url" "If-None-Match: $tag")
rss_after=$(rss)
# Then 100 PNGs of 100 looks (a light square color each): each look's sprites
# are made and kept, up to the renderer's limit; memory must stay bounded.
for i in $(seq 100); do
  curl -sf -o /dev/null "$png_url&light=%23$(printf '%06x' $((i * 4099)))"
done
rss_looks=$(rss)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "in-process: svg $svg_in/s, png $png_in/s, gif $gif_in/s"
echo "served:     svg $svg/s ($(ratio "$svg" "$svg_in")x in-process; goal 0.8x)"
echo "            bare Deno.serve + renderSvg $bare/s (svg is $(ratio "$svg" "$bare")x it: what fen serve adds)"
echo "            bare Deno.serve, SVG drawn once $fixed/s ($(ratio "$fixed" "$svg_in")x in-process: the HTTP stack alone)"
echo "            png $png/s ($(ratio "$png" "$boardimage_png")x $live $boardimage_png/s; goal 10x)"
echo "            png, web-boardimage's README request (arrows, check) $png_arrows/s ($(ratio "$png_arrows" "$boardimage_readme")x $live $boardimage_readme/s; goal 10x; $(ratio "$png_arrows" "$png")x the plain png)"
echo "            gif, the same request $gif_arrows/s ($(ratio "$gif_arrows" "$boardimage_readme")x $live PNG $boardimage_readme/s; goal 10x)"
echo "            gif $gif/s ($(ratio "$gif" "$boardimage_png")x $live PNG $boardimage_png/s; goal 10x)"
echo "            png, distinct positions and marks $distinct/s ($(ratio "$distinct" "$boardimage")x $live $boardimage/s$paths; goal 10x); in-process $distinct_ms ms a picture"
echo "            304 $not_modified/s ($(ratio "$not_modified" "$png")x the PNG renders; goal 10x)"
echo "errors:     $(awk '{n += $1} END {print n + 0}' "$tmp/errors") (non-2xx/3xx answers and socket errors, in $(wc -l < "$tmp/errors") wrk runs)"
echo "memory:     ${rss_before} kB before, ${rss_after} kB after, ${rss_looks} kB after 100 more looks"
