// A fuzz corpus of broken FEN records for the repair tests: records of
// tests/testdata/sample.fen (positions of random games) with one to three
// seeded mutations each, of the kinds engines crash on or that datasets
// carry: castling rights and en-passant squares the board does not back,
// a piece dropped or added (kings and back-rank pawns among them), the side
// to move flipped, counters out of range, fields cut off.

import { mulberry32 } from "../bench/corpus.ts";

const SAMPLE = new URL("./testdata/sample.fen", import.meta.url);
const PIECES = "KQRBNPkqrbnp";
const CASTLING = ["K", "Q", "k", "q"];

type Rng = () => number;
type Fields = string[];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** The placement as 64 characters, "." for empty, a8 first. */
function expand(placement: string): string[] {
  return placement.replace(/\d/g, (n) => ".".repeat(Number(n))).split("/")
    .join("").split("");
}

function compress(cells: string[]): string {
  const rows: string[] = [];
  for (let row = 0; row < 8; row++) {
    rows.push(
      cells.slice(row * 8, row * 8 + 8).join("").replace(
        /\.+/g,
        (run) => String(run.length),
      ),
    );
  }
  return rows.join("/");
}

/** Each mutation changes the fields in place. */
const MUTATIONS: readonly ((fields: Fields, rng: Rng) => void)[] = [
  (f, rng) => { // castling rights, backed or not
    const rights = CASTLING.filter(() => rng() < 0.6).join("");
    f[2] = rights === "" ? "KQkq" : rights;
  },
  (f, rng) => { // an en-passant square on the rank of either side
    f[3] = `${pick(rng, [..."abcdefgh"])}${pick(rng, ["3", "6"])}`;
  },
  (f, rng) => { // a piece dropped, kings included
    const cells = expand(f[0]);
    const occupied = cells.flatMap((c, k) => c === "." ? [] : [k]);
    cells[pick(rng, occupied)] = ".";
    f[0] = compress(cells);
  },
  (f, rng) => { // a piece added, back-rank pawns and second kings included
    const cells = expand(f[0]);
    const empty = cells.flatMap((c, k) => c === "." ? [k] : []);
    if (empty.length > 0) cells[pick(rng, empty)] = pick(rng, [...PIECES]);
    f[0] = compress(cells);
  },
  (f) => { // the other side to move
    f[1] = f[1] === "w" ? "b" : "w";
  },
  (f, rng) => { // counters out of range
    f[4] = String(Math.floor(rng() * 300));
    f[5] = String(Math.floor(rng() * 3));
  },
];

/** `count` broken records, the same for the same seed. */
export async function brokenRecords(
  count: number,
  seed: number,
): Promise<string[]> {
  const sample = (await Deno.readTextFile(SAMPLE)).split("\n").filter((line) =>
    line !== ""
  );
  const rng = mulberry32(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const fields = pick(rng, sample).split(" ");
    const mutations = 1 + Math.floor(rng() * 3);
    for (let m = 0; m < mutations; m++) pick(rng, MUTATIONS)(fields, rng);
    // fields cut off last: a placement alone, or four fields
    if (rng() < 0.15) fields.length = pick(rng, [1, 4]);
    out.push(fields.join(" "));
  }
  return out;
}
