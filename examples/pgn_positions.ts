// Prints positions of the games in a PGN file, one FEN a line, the way a
// `fen --from pgn` would: `--ply last` (the default), a ply number (0 is the
// start), or `all`; `--variations` to enter them. A game that cannot be read
// is named on stderr with its place, its positions before the error are
// still printed, and the next game goes on; the exit code is then 2.
//
//   deno run --allow-read examples/pgn_positions.ts games.pgn [last|N|all] [--variations]
import { type PgnPosition, PgnReader } from "@fen/fen/pgn";

const [path = "-", ply = "last"] = Deno.args.filter((a) => !a.startsWith("--"));
const variations = Deno.args.includes("--variations");
const wanted = ply === "all" || ply === "last" ? ply : Number(ply);
if (typeof wanted === "number" && !Number.isSafeInteger(wanted)) {
  throw new RangeError(`ply must be last, all or a number, not ${ply}`);
}

const input = path === "-"
  ? Deno.stdin.readable
  : (await Deno.open(path)).readable;
const reader = new PgnReader();
const out = new Uint8Array(1 << 16);
let used = 0, failed = false;

function write(bytes: Uint8Array, end: number): void {
  if (used + end > out.length) flush();
  out.set(bytes.subarray(0, end), used);
  used += end;
}

function flush(): void {
  Deno.stdout.writeSync(out.subarray(0, used));
  used = 0;
}

const line = new Uint8Array(256);
for await (const chunk of input) take(reader.push(chunk));
take(reader.end());
flush();
if (failed) Deno.exit(2);

function take(games: ReturnType<PgnReader["push"]>): void {
  for (const game of games) {
    let position: PgnPosition | undefined;
    for (position of game.positions({ variations })) {
      if (wanted === "all" || position.ply === wanted) fen(position);
    }
    // After the walk the position is the mainline's last.
    if (wanted === "last" && position !== undefined) fen(position);
    if (game.error !== null) {
      failed = true;
      console.error(`fen: ${path}: ${game.error.message}`);
    }
  }
}

function fen(position: PgnPosition): void {
  const end = position.writeFen(line, 0);
  line[end] = 10;
  write(line, end + 1);
}
