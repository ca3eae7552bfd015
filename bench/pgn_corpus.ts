/**
 * A deterministic corpus of PGN games for the scale benchmarks: seeded
 * random legal games (bench/corpus.ts's games) written with lichess-like
 * tags, so that compressed they have the ratio real dumps have, not the
 * hundredfold of one file repeated.
 *
 * ```sh
 * deno run --allow-write --allow-read bench/pgn_corpus.ts [--games N] [--seed S] [--out PATH]
 * ```
 *
 * Defaults: 20,000 games, seed 1, stdout.
 *
 * @module
 */

import { Chess } from "chess.js";
import { mulberry32 } from "../tests/_shared.ts";
import { hasInternals, playFast } from "./corpus.ts";

const RESULTS = ["1-0", "0-1", "1/2-1/2"] as const;

/** One random game as PGN text, its moves drawn by `random`. */
export function randomGame(random: () => number, number: number): string {
  const chess = new Chess();
  const cap = 20 + Math.floor(random() * 140);
  const fast: unknown = chess;
  if (!hasInternals(fast)) throw new Error("chess.js internals not found");
  for (let ply = 0; ply < cap; ply++) {
    if (!playFast(fast, random)) break;
  }
  const result = RESULTS[Math.floor(random() * 3)];
  const white = 1200 + Math.floor(random() * 1500);
  const black = 1200 + Math.floor(random() * 1500);
  const tags = [
    `[Event "Rated Blitz game"]`,
    `[Site "https://example.org/${number.toString(36).padStart(8, "0")}"]`,
    `[Date "2024.01.${String(1 + number % 28).padStart(2, "0")}"]`,
    `[White "player${Math.floor(random() * 1e6)}"]`,
    `[Black "player${Math.floor(random() * 1e6)}"]`,
    `[Result "${result}"]`,
    `[WhiteElo "${white}"]`,
    `[BlackElo "${black}"]`,
    `[TimeControl "180+0"]`,
  ];
  let text = "", moveNo = 1;
  chess.history().forEach((san, i) => {
    text += i % 2 === 0 ? `${moveNo}. ${san} ` : `${san} `;
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
  const games = Number(value("--games", "20000"));
  const random = mulberry32(Number(value("--seed", "1")));
  const out = value("--out", "");
  const encoder = new TextEncoder();
  const file = out === "" ? Deno.stdout : await Deno.open(out, {
    write: true,
    create: true,
    truncate: true,
  });
  let batch = "";
  for (let n = 1; n <= games; n++) {
    batch += randomGame(random, n);
    if (batch.length > 1 << 20 || n === games) {
      const bytes = encoder.encode(batch);
      for (let at = 0; at < bytes.length;) {
        at += await file.write(bytes.subarray(at));
      }
      batch = "";
    }
  }
  if (file !== Deno.stdout) file.close();
}
