/**
 * The PGN reader beside chessops and pgn-extract, in one run so that the
 * ratios hold while absolute times swing.
 *
 * ```sh
 * deno bench --allow-read --allow-write --allow-run bench/pgn_bench.ts
 * deno run --allow-read --allow-write --allow-run bench/pgn_bench.ts   # games/s, plies/s
 * ```
 *
 * - `read + replay + FEN per ply`: tests/testdata/stockfish_games.pgn (100
 *   games, half with `[%eval]`/`[%clk]` on every move, a quarter Chess960)
 *   read from text, every move played, and the canonical FEN of every
 *   position made as a string: `PgnReader` and `PgnGame.cursor` (the
 *   games kept; with `PgnGame.positions`, each position an object of its
 *   own), and `PgnWalker` (positions as the moves are read), against
 *   chessops' `parsePgn` → `startingPosition` → `parseSan`/`play` →
 *   `makeFen` (the baseline). Both count the same positions before timing.
 * - `10 MB file`: the same games repeated to about 10 MB of PGN in a
 *   temporary file, read as bytes in 64 KiB chunks, FEN of every position
 *   written as bytes; against `pgn-extract -s -Wepd -o /dev/null` (Debian
 *   package pgn-extract) on the same file, when it is installed. Before
 *   timing, the first four FEN fields of both are compared position by
 *   position on the standard games (pgn-extract's EPD adds `c0`/`c1`
 *   operations; it writes en passant after every two-square advance, as
 *   `"always"` does).
 *
 * @module
 */

import { makeFen } from "chessops/fen";
import { parsePgn as chessopsParsePgn, startingPosition } from "chessops/pgn";
import { parseSan } from "chessops/san";
import { PgnReader, PgnWalker } from "../lib/pgn/mod.ts";

const SOURCE = new URL(
  "../tests/testdata/stockfish_games.pgn",
  import.meta.url,
);
const PGN_EXTRACT = [
  "/usr/games/pgn-extract",
  "/usr/bin/pgn-extract",
  "/usr/local/bin/pgn-extract",
];
const text = await Deno.readTextFile(SOURCE);

// Results are folded into this so that no work can be optimized away.
let sink = 0;

/**
 * A character of `fen` read: a string made of parts is made one string
 * then, as writing or comparing it would, so both sides pay for it.
 */
function flat(fen: string): number {
  return fen.charCodeAt(fen.length >> 1);
}

/**
 * Ours: positions counted, FEN strings made, walked with one cursor
 * (`cursor()`) or with a position object of its own per ply (`positions()`).
 */
function ours(pgn: string, snapshots = false): number {
  const reader = new PgnReader();
  let positions = 0;
  for (const game of [...reader.push(pgn), ...reader.end()]) {
    if (game.error !== null) throw game.error;
    const walk = snapshots ? game.positions() : game.cursor();
    for (const position of walk) {
      sink += flat(position.fen);
      positions++;
    }
  }
  return positions;
}

/** Ours, walking: positions handed on as the moves are read, no game kept. */
function walked(pgn: string): number {
  let positions = 0;
  const walker = new PgnWalker({
    position(position) {
      sink += flat(position.fen);
      positions++;
    },
    end(game) {
      if (game.error !== null) throw game.error;
    },
  });
  walker.push(pgn);
  walker.end();
  return positions;
}

/** chessops, as its documentation chains it. */
function chessops(pgn: string): number {
  let positions = 0;
  for (const game of chessopsParsePgn(pgn)) {
    const pos = startingPosition(game.headers).unwrap();
    sink += flat(makeFen(pos.toSetup()));
    positions++;
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (move === undefined) {
        throw new Error(`chessops cannot play ${node.san}`);
      }
      pos.play(move);
      sink += flat(makeFen(pos.toSetup()));
      positions++;
    }
  }
  return positions;
}

const counted = ours(text);
if (
  counted !== chessops(text) || counted !== walked(text) ||
  counted !== ours(text, true)
) {
  throw new Error("the readers count different positions");
}
/** The same games without their comments: the moves alone, as many databases keep them. */
const bare = text.replace(/ \{[^}]*\}/g, "");

Deno.bench({
  name: "chessops",
  group: "read + replay + FEN per ply",
  baseline: true,
}, () => {
  chessops(text);
});
Deno.bench({ name: "PgnReader", group: "read + replay + FEN per ply" }, () => {
  ours(text);
});
Deno.bench({
  name: "PgnReader, positions() kept",
  group: "read + replay + FEN per ply",
}, () => {
  ours(text, true);
});
Deno.bench({ name: "PgnWalker", group: "read + replay + FEN per ply" }, () => {
  walked(text);
});
Deno.bench({
  name: "chessops",
  group: "the same, comments removed",
  baseline: true,
}, () => {
  chessops(bare);
});
Deno.bench({ name: "PgnReader", group: "the same, comments removed" }, () => {
  ours(bare);
});
Deno.bench({ name: "PgnWalker", group: "the same, comments removed" }, () => {
  walked(bare);
});

// ------------------------------------------------------------ the 10 MB file

/** The games repeated to about `bytes`, each copy its own Round. */
function repeated(bytes: number): string {
  const games = text.trim().split(/\n\n(?=\[Event )/);
  const out: string[] = [];
  let size = 0;
  for (let copy = 0; size < bytes; copy++) {
    for (const game of games) {
      const renamed = game.replace(/\[Round "(\d+)"\]/, `[Round "${copy}.$1"]`);
      out.push(renamed);
      size += renamed.length + 2;
    }
  }
  return out.join("\n\n") + "\n";
}

const big = await Deno.makeTempFile({ prefix: "pgn-bench-", suffix: ".pgn" });
const standardBig = await Deno.makeTempFile({
  prefix: "pgn-bench-standard-",
  suffix: ".pgn",
});
const bigText = repeated(10_000_000);
await Deno.writeTextFile(big, bigText);
await Deno.writeTextFile(
  standardBig,
  bigText.split(/\n\n(?=\[Event )/).filter((g) => !g.includes("[Variant "))
    .slice(0, 40).join("\n\n"),
);
const scratch = new Uint8Array(256);

/** The file as the command reads it: bytes in chunks, FEN bytes per position. */
async function oursFile(
  path: string,
  each?: (fen: string) => void,
): Promise<[number, number]> {
  const reader = new PgnReader();
  using file = await Deno.open(path);
  const buffer = new Uint8Array(1 << 16);
  let games = 0, plies = 0;
  const take = (list: ReturnType<PgnReader["push"]>): void => {
    for (const game of list) {
      games++;
      for (const position of game.cursor()) {
        const end = position.writeFen(scratch, 0);
        if (each) each(new TextDecoder().decode(scratch.subarray(0, end)));
        sink += end;
        plies++;
      }
    }
  };
  for (
    let n = await file.read(buffer);
    n !== null;
    n = await file.read(buffer)
  ) {
    take(reader.push(buffer.subarray(0, n)));
  }
  take(reader.end());
  return [games, plies];
}

function pgnExtract(): string | null {
  for (const path of PGN_EXTRACT) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch { /* not there */ }
  }
  return null;
}

const extract = pgnExtract();

/** pgn-extract's EPD of `path`, its first four fields per position. */
async function extractEpd(path: string): Promise<string[]> {
  const { stdout } = await new Deno.Command(extract!, {
    args: ["-s", "-Wepd", path],
    stdout: "piped",
    stderr: "null",
  })
    .output();
  return new TextDecoder().decode(stdout).split("\n").filter((l) =>
    l.includes(" c0 ")
  ).map((l) => l.split(" ").slice(0, 4).join(" "));
}

if (extract === null) {
  console.log(
    "pgn-extract is not installed (apt-get install pgn-extract): its row is left out",
  );
} else {
  const mine: string[] = [];
  await oursFile(
    standardBig,
    (fen) => mine.push(fen.split(" ").slice(0, 4).join(" ")),
  );
  const theirs = await extractEpd(standardBig);
  const differ = mine.filter((fen, i) => fen !== theirs[i]).length +
    Math.abs(mine.length - theirs.length);
  console.log(
    `pgn-extract and PgnReader, first four FEN fields: ${mine.length} positions, ${differ} differ`,
  );
  if (differ !== 0) throw new Error("pgn-extract and PgnReader disagree");
}

Deno.bench({
  name: "PgnReader (bytes, FEN bytes per ply)",
  group: "10 MB file",
  n: 5,
  warmup: 1,
}, async () => {
  await oursFile(big);
});
if (extract !== null) {
  Deno.bench({
    name: "pgn-extract -s -Wepd -o /dev/null",
    group: "10 MB file",
    baseline: true,
    n: 5,
    warmup: 1,
  }, async () => {
    const { success } = await new Deno.Command(extract, {
      args: ["-s", "-Wepd", "-o", "/dev/null", big],
    }).output();
    if (!success) throw new Error("pgn-extract failed");
  });
}

if (import.meta.main) {
  // `deno run`: throughput, each side's best of several rounds taken in
  // turn, so that a busy machine slows both alike.
  const time = async (
    run: () => Promise<unknown> | unknown,
  ): Promise<number> => {
    const start = performance.now();
    await run();
    return (performance.now() - start) / 1000;
  };
  const rounds = async (
    runs: (() => Promise<unknown> | unknown)[],
    count: number,
  ): Promise<number[]> => {
    const best = runs.map(() => Infinity);
    for (let round = 0; round < count; round++) {
      for (let i = 0; i < runs.length; i++) {
        best[i] = Math.min(best[i], await time(runs[i]));
      }
    }
    return best;
  };
  const [games, plies] = await oursFile(big);
  const mb = (bigText.length / 1e6).toFixed(1);
  console.log(`${mb} MB, ${games} games, ${plies} positions`);
  const runs: (() => Promise<unknown>)[] = [() => oursFile(big)];
  if (extract !== null) {
    runs.push(() =>
      new Deno.Command(extract, {
        args: ["-s", "-Wepd", "-o", "/dev/null", big],
      }).output()
    );
  }
  const [mine, theirs] = await rounds(runs, 5);
  console.log(
    `PgnReader: ${(games / mine).toFixed(0)} games/s, ${
      (plies / mine).toFixed(0)
    } positions/s`,
  );
  if (theirs !== undefined) {
    console.log(
      `pgn-extract: ${(games / theirs).toFixed(0)} games/s, ${
        (plies / theirs).toFixed(0)
      } positions/s`,
    );
    console.log(
      `ratio PgnReader / pgn-extract: ${(theirs / mine).toFixed(2)}x`,
    );
  }
  for (const [label, pgn] of [["", text], [", comments removed", bare]]) {
    const [inText, walking, baseline] = await rounds([
      () => ours(pgn),
      () => walked(pgn),
      () => chessops(pgn),
    ], 20);
    const rate = (seconds: number): string => (counted / seconds).toFixed(0);
    console.log(
      `in process${label}, ${counted} positions: PgnReader ${
        rate(inText)
      }/s, PgnWalker ${rate(walking)}/s, chessops ${rate(baseline)}/s, ratios ${
        (baseline / inText).toFixed(2)
      }x and ${(baseline / walking).toFixed(2)}x`,
    );
  }
  if (sink === 0) console.log("nothing done");
}

globalThis.addEventListener("unload", () => {
  Deno.removeSync(big);
  Deno.removeSync(standardBig);
});
