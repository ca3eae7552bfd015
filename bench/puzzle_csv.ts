// Writes a synthetic puzzle CSV in lichess's shape (its header, ten
// columns, the themes and openings drawn from lichess's own names at about
// their frequencies), for bench/puzzles.sh: lichess's file (about 5M rows,
// `lichess_db_puzzle.csv.zst`) cannot be downloaded here. The rows' FENs
// and moves are a few real puzzles' in turn, each with its own id, rating,
// popularity and tags, so that a filter keeps about as many as it would
// of the real file. The same rows every run (a fixed generator).
//
// Usage: deno run --allow-write bench/puzzle_csv.ts OUT.csv [ROWS=1000000]

const [out, count = "1000000"] = Deno.args;
if (out === undefined) {
  console.error(
    "usage: deno run --allow-write bench/puzzle_csv.ts OUT.csv [ROWS]",
  );
  Deno.exit(1);
}

const LINES: readonly [string, string][] = [
  [
    "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24",
    "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1",
  ],
  [
    "r2qr1k1/b1p2ppp/pp4n1/P1P1p3/4P1n1/B2P2Pb/3NBP1P/RN1QR1K1 b - - 1 16",
    "b6c5 e2g4 h3g4 d1g4",
  ],
  [
    "r4rk1/pp3ppp/2n1b3/q1pp2B1/8/P1Q2NP1/1PP1PP1P/2KR3R w - - 0 15",
    "g5e7 a5c3 b2c3 c6e7",
  ],
  [
    "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5",
    "g4d1 c4f7 e8e7 c3d5",
  ],
];
// lichess's theme names, the first ones more frequent (a row takes 3 to 5)
const THEMES = [
  "middlegame",
  "short",
  "advantage",
  "crushing",
  "endgame",
  "long",
  "mate",
  "fork",
  "mateIn2",
  "kingsideAttack",
  "mateIn1",
  "sacrifice",
  "pin",
  "hangingPiece",
  "defensiveMove",
  "discoveredAttack",
  "deflection",
  "advancedPawn",
  "attraction",
  "veryLong",
  "opening",
  "skewer",
  "quietMove",
  "backRankMate",
  "rookEndgame",
  "intermezzo",
  "trappedPiece",
  "promotion",
  "clearance",
  "exposedKing",
  "interference",
  "doubleCheck",
  "xRayAttack",
];
const OPENINGS = [
  "Sicilian_Defense Sicilian_Defense_Najdorf_Variation",
  "French_Defense French_Defense_Advance_Variation",
  "Italian_Game Italian_Game_Classical_Variation",
  "Queens_Pawn_Game Queens_Pawn_Game_Other_variations",
  "Caro-Kann_Defense Caro-Kann_Defense_Other_variations",
  "",
  "",
  "",
];

let seed = 0x2545f491;
function next(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
}
const ALPHABET =
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function id(n: number): string {
  let text = "";
  for (let i = 0; i < 5; i++) {
    text = ALPHABET[n % 62] + text;
    n = Math.floor(n / 62);
  }
  return text;
}

const file = await Deno.open(out, {
  write: true,
  create: true,
  truncate: true,
});
const encoder = new TextEncoder();
let chunk =
  "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";
for (let n = 0; n < Number(count); n++) {
  const [fen, moves] = LINES[n % LINES.length];
  const themes = new Set<string>();
  for (const k = 3 + Math.floor(next() * 3); themes.size < k;) {
    themes.add(THEMES[Math.floor(next() ** 2 * THEMES.length)]);
  }
  const rating = Math.round(600 + next() * 2400);
  const popularity = Math.round(100 - next() ** 2 * 200);
  chunk +=
    `${id(n)},${fen},${moves},${rating},${70 + Math.floor(next() * 30)},` +
    `${popularity},${Math.floor(next() * 20000)},${[...themes].join(" ")},` +
    `https://lichess.org/${id(n * 7919)}abc#${20 + (n % 60)},` +
    `${OPENINGS[Math.floor(next() * OPENINGS.length)]}\n`;
  if (chunk.length > 1 << 20) {
    await file.write(encoder.encode(chunk));
    chunk = "";
  }
}
await file.write(encoder.encode(chunk));
file.close();
