#!/usr/bin/env bash
# Runs web-boardimage (the Python service whose /board.png dialect `fen serve`
# speaks) on loopback, runs a command with WEB_BOARDIMAGE set to it (by
# default `bash bench/serve.sh 5`, which then measures both servers on the
# same requests in one run), and stops it.
#
# It runs on Debian's packages and a python-chess source given by path; no
# third-party code is kept in this repository:
#   apt-get install python3-aiohttp python3-cairosvg
# Each source is a checkout or a git directory: of a git directory,
# web-boardimage's HEAD is taken, and of python-chess the release that
# web-boardimage's pyproject.toml asks for (its tag, `chess~=1.11.2`: v1.11.2).
# A checkout's python-chess must be a compatible release too. Debian's
# /usr/bin/python3 is used (a python3 earlier on the PATH may not see
# Debian's packages). WEB_BOARDIMAGE_PORT chooses the port (default 8765).
#
# Usage: bash bench/web_boardimage.sh WEB_BOARDIMAGE_SRC PYTHON_CHESS_SRC [COMMAND...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { sed -n 's/^# \{0,1\}//; /^Usage/p' "$0" >&2; exit 2; }
service_src=$1 chess_src=$2
shift 2
[ $# -gt 0 ] || set -- bash "$here/bench/serve.sh" 5
python=/usr/bin/python3
port=${WEB_BOARDIMAGE_PORT:-8765}
fail() { echo "web_boardimage.sh: $*" >&2; exit 1; }
"$python" -c "import aiohttp, cairosvg" 2> /dev/null ||
  fail "needs Debian's python3-aiohttp and python3-cairosvg (apt-get install python3-aiohttp python3-cairosvg)"
tmp=$(mktemp -d)
server=
trap '[ -z "$server" ] || { kill -TERM $server 2> /dev/null; wait $server 2> /dev/null; } || true; rm -rf "$tmp"' EXIT
# A source as a directory: a checkout as it is, a git directory's REF exported.
tree() { # src ref dest
  if [ -e "$1/.git" ] || ! git --git-dir="$1" rev-parse -q --verify "$2^{commit}" > /dev/null 2>&1; then
    echo "$1"
  else
    mkdir -p "$3"
    git --git-dir="$1" archive "$2" | tar -x -C "$3"
    echo "$3"
  fi
}
service=$(tree "$service_src" HEAD "$tmp/web-boardimage")
[ -f "$service/server.py" ] || fail "no server.py in $service_src"
# pyproject.toml: "chess~=1.11.2", a compatible release: 1.11.x, x >= 2.
wanted=$(sed -n 's/.*"chess~=\([0-9.]*\)".*/\1/p' "$service/pyproject.toml")
[ -n "$wanted" ] || fail "web-boardimage's pyproject.toml names no chess~= release"
chess=$(tree "$chess_src" "v$wanted" "$tmp/python-chess")
[ -f "$chess/chess/__init__.py" ] || fail "no chess/__init__.py in $chess_src"
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$chess/chess/__init__.py")
awk -v have="$version" -v want="$wanted" 'BEGIN {
  n = split(want, w, "."); split(have, h, ".")
  for (i = 1; i < n; i++) if (h[i] != w[i]) exit 1
  exit h[n] + 0 < w[n] + 0
}' || fail "python-chess $version is not a release compatible with $wanted"
! curl -s -o /dev/null "http://127.0.0.1:$port/" || fail "port $port is in use (WEB_BOARDIMAGE_PORT)"
(cd "$service" && PYTHONPATH="$chess" exec "$python" server.py --bind 127.0.0.1 --port "$port") \
  > "$tmp/log" 2>&1 &
server=$!
url="http://127.0.0.1:$port"
for _ in $(seq 100); do
  curl -sf -o /dev/null "$url/board.png?fen=8/8/8/8/8/8/8/8" && break
  kill -0 $server 2> /dev/null || { cat "$tmp/log" >&2; fail "web-boardimage did not start"; }
  sleep 0.1
done
echo "web-boardimage (python-chess $version, $("$python" --version)) on $url" >&2
WEB_BOARDIMAGE=$url "$@"
