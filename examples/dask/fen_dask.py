#!/usr/bin/env python3
"""Run `fen` over the parts of a dump with dask.distributed, and merge.

Each of N tasks runs `fen ... --shard I/N --stats=json` on the same file
(every worker reads the whole file and converts its part: lichess's .pgn.zst
files are read as they are) and writes its part's records; the driver then
adds the parts' summaries with `fen merge`, so the counts (uniques too,
with --shard-by key) are those one process would give.

    python3 fen_dask.py DUMP.pgn.zst OUT_DIR [--parts N] [--scheduler ADDR]
        [--fen "deno run -A cli.ts"] [--db GAMES.db] [-- FEN ARGS...]

Without --scheduler, a LocalCluster of --workers processes (default 2) runs
here; with --scheduler tcp://host:8786, the cluster's workers (each with fen
and the file at the same path, e.g. on a shared disk) run the parts.

Prints the merged summary (one JSON object) on stdout; the parts' records
are OUT_DIR/part-I-of-N.txt, in input order within each part.

With --db GAMES.db, each task imports its part into a game database
(`fen db import --shard I/N --db OUT_DIR/part-I-of-N.db`, FEN ARGS added:
`--no-annotations`, say), and the driver merges the parts into GAMES.db
with `fen db merge`: the games and explorer counts one import gives. It
prints the merge's line.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys


def run_part(fen, dump, out_dir, index, count, fen_args):
    """One part: fen's records to a file, its --stats=json summary returned."""
    out = os.path.join(out_dir, f"part-{index}-of-{count}.txt")
    command = fen + [
        *fen_args, "--shard", f"{index}/{count}", "--stats=json",
        "--input", dump,
    ]
    with open(out, "wb") as records:
        done = subprocess.run(command, stdout=records, stderr=subprocess.PIPE)
    stats = [line[len("fen: stats: "):] for line in
             done.stderr.decode().splitlines() if line.startswith("fen: stats: ")]
    other = [line for line in done.stderr.decode().splitlines()
             if not line.startswith("fen: stats: ")]
    if done.returncode not in (0, 2) or len(stats) != 1:
        raise RuntimeError(f"part {index}/{count}: exit {done.returncode}: "
                           + "\n".join(other[-5:]))
    return {"part": index, "code": done.returncode, "stats": stats[0],
            "messages": other, "records": out}


def import_part(fen, dump, out_dir, index, count, fen_args):
    """One part into a database of its own: its path returned."""
    out = os.path.join(out_dir, f"part-{index}-of-{count}.db")
    if os.path.exists(out):
        os.remove(out)
    done = subprocess.run(fen + ["db", "import", "--shard", f"{index}/{count}",
                                 "--db", out, *fen_args, dump],
                          capture_output=True)
    if done.returncode not in (0, 2):
        raise RuntimeError(f"part {index}/{count}: exit {done.returncode}: "
                           + done.stderr.decode()[-500:])
    return {"part": index, "code": done.returncode, "db": out,
            "messages": done.stderr.decode().splitlines()}


def merge(fen, summaries, out_dir):
    """The parts' summaries added by `fen merge`."""
    paths = []
    for index, summary in enumerate(summaries, 1):
        path = os.path.join(out_dir, f"stats-{index}.json")
        with open(path, "w") as f:
            f.write(summary + "\n")
        paths.append(path)
    done = subprocess.run(fen + ["merge", *paths], capture_output=True,
                          check=True)
    sys.stderr.write(done.stderr.decode())
    return json.loads(done.stdout)


def main(argv):
    if "--" in argv:
        own, fen_args = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    else:
        own, fen_args = argv, []
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dump")
    parser.add_argument("out_dir")
    parser.add_argument("--parts", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", default=None)
    parser.add_argument("--fen", default="fen")
    parser.add_argument("--db", default=None)
    args = parser.parse_args(own)
    fen = shlex.split(args.fen)
    os.makedirs(args.out_dir, exist_ok=True)

    from dask.distributed import Client, LocalCluster

    if args.scheduler is None:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster = None
        client = Client(args.scheduler)
    try:
        task = run_part if args.db is None else import_part
        futures = [client.submit(task, fen, os.path.abspath(args.dump),
                                 os.path.abspath(args.out_dir), i, args.parts,
                                 fen_args, pure=False)
                   for i in range(1, args.parts + 1)]
        parts = sorted(client.gather(futures), key=lambda p: p["part"])
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    for part in parts:
        for message in part["messages"]:
            sys.stderr.write(message + "\n")
    if args.db is not None:
        if os.path.exists(args.db):
            os.remove(args.db)
        done = subprocess.run(fen + ["db", "merge", *[p["db"] for p in parts],
                                     "--db", args.db], check=True,
                              capture_output=True)
        sys.stdout.write(done.stdout.decode())
        return max(p["code"] for p in parts)
    merged = merge(fen, [p["stats"] for p in parts], args.out_dir)
    print(json.dumps(merged))
    return max(p["code"] for p in parts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
