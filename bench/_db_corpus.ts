/**
 * Lichess-like games for the database benchmark (bench/db.sh): each opens
 * with a named opening's line (tests/testdata/chess_openings, so that the
 * first plies are as concentrated as real games'), then goes on with seeded
 * random legal moves; lichess's tags (a distinct site each, players from a
 * pool, ratings, 12 months of dates, time controls of every speed), and
 * with `--clocks` a `[%clk]` comment a move as lichess's dumps have.
 *
 * ```sh
 * deno run -A bench/_db_corpus.ts --games 100000 [--seed 1] [--clocks] > games.pgn
 * ```
 *
 * @module
 */

import { mulberry32 } from "../tests/_shared.ts";
import { openingLines } from "../tests/_books.ts";
import { ChessBoard } from "../lib/chess/board.ts";
import { loadPosition } from "../lib/chess/convert.ts";
import { Notation } from "../lib/chess/notation.ts";
import { parseFen } from "../lib/fen/mod.ts";

const START = parseFen(
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
);

/** SAN moves: an opening's line, then random legal moves up to `cap` plies. */
function moves(
  random: () => number,
  { line, cap }: { line: string; cap: number },
): string[] {
  const board = new ChessBoard();
  loadPosition(board, START);
  const notation = new Notation(board);
  const sans: string[] = [];
  for (
    const text of line.split(/\s+/).filter((t) =>
      !/^[0-9]+\./.test(t) && t !== ""
    )
  ) {
    const m = notation.parse({ text, index: sans.length + 1 });
    sans.push(notation.san(m));
    notation.play(m);
  }
  while (sans.length < cap && notation.length > 0) {
    const m = notation.moves[Math.floor(random() * notation.length)];
    sans.push(notation.san(m));
    notation.play(m);
  }
  return sans;
}

const RESULTS = ["1-0", "0-1", "1/2-1/2"] as const;
const CONTROLS = [
  "15+0",
  "60+0",
  "180+0",
  "180+2",
  "300+3",
  "600+0",
  "900+10",
  "1800+0",
];

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${
    String(Math.floor(s / 60) % 60).padStart(2, "0")
  }:${String(s % 60).padStart(2, "0")}`;
}

/** One game. */
function game(
  random: () => number,
  { number, lines, clocks }: {
    number: number;
    lines: string[];
    clocks: boolean;
  },
): string {
  const line = lines[Math.floor(random() * random() * lines.length)];
  const sans = moves(random, { line, cap: 20 + Math.floor(random() * 100) });
  const result = RESULTS[Math.floor(random() * 2.2)];
  const rating = () =>
    800 + Math.floor(random() * random() * 2000 + random() * 400);
  const control = CONTROLS[Math.floor(random() * CONTROLS.length)];
  const base = Number(control.split("+")[0]);
  const month = 1 + number % 12;
  const tags = [
    `[Event "Rated Blitz game"]`,
    `[Site "https://lichess.org/${number.toString(36).padStart(8, "0")}"]`,
    `[Date "2024.${String(month).padStart(2, "0")}.${
      String(1 + number % 28).padStart(2, "0")
    }"]`,
    `[Round "-"]`,
    `[White "player${Math.floor(random() * 20000)}"]`,
    `[Black "player${Math.floor(random() * 20000)}"]`,
    `[Result "${result}"]`,
    `[UTCDate "2024.${String(month).padStart(2, "0")}.01"]`,
    `[UTCTime "12:${String(number % 60).padStart(2, "0")}:00"]`,
    `[WhiteElo "${rating()}"]`,
    `[BlackElo "${rating()}"]`,
    `[WhiteRatingDiff "+${Math.floor(random() * 9)}"]`,
    `[BlackRatingDiff "-${Math.floor(random() * 9)}"]`,
    `[TimeControl "${control}"]`,
    `[Termination "Normal"]`,
  ];
  let text = "", moveNo = 1;
  const left = [base, base];
  sans.forEach((san, i) => {
    text += i % 2 === 0 ? `${moveNo}. ${san} ` : `${san} `;
    if (clocks) {
      left[i % 2] -= random() * base / 40;
      text += `{ [%clk ${clock(left[i % 2])}] } ${
        i % 2 === 0 ? `${moveNo}... ` : ""
      }`;
    }
    if (i % 2 === 1) moveNo++;
  });
  return `${tags.join("\n")}\n\n${text}${result}\n\n`;
}

if (import.meta.main) {
  const args = Deno.args;
  const value = (name: string, fallback: string): string => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const games = Number(value("--games", "100000"));
  const random = mulberry32(Number(value("--seed", "1")));
  const clocks = args.includes("--clocks");
  const lines = openingLines();
  const encoder = new TextEncoder();
  let batch = "";
  for (let n = 1; n <= games; n++) {
    batch += game(random, { number: n, lines, clocks });
    if (batch.length > 1 << 20 || n === games) {
      const bytes = encoder.encode(batch);
      for (let at = 0; at < bytes.length;) {
        at += await Deno.stdout.write(bytes.subarray(at));
      }
      batch = "";
    }
  }
}
