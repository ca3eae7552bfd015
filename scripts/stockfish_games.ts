/**
 * Games Stockfish plays against itself at low depth, written as PGN by
 * chessops (not by this library, so that reading them tests our reader
 * against another writer): tests/testdata/stockfish_games.pgn.
 *
 * A few random opening moves make the games differ; a quarter start from
 * Chess960 positions; half carry `[%eval]` and `[%clk]` comments as lichess
 * writes them. Stockfish's moves are its output, not its code: the file is
 * ours (see tests/testdata/NOTICE.md).
 *
 * ```sh
 * deno run --allow-run --allow-write scripts/stockfish_games.ts [games] [out]
 * ```
 *
 * @module
 */

import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import {
  ChildNode,
  defaultGame,
  makePgn,
  type PgnNodeData,
} from "chessops/pgn";
import { makeSanAndPlay } from "chessops/san";
import { makeUci, parseUci } from "chessops/util";
import type { Move } from "chessops/types";
import { chess960Start, mulberry32 } from "../tests/_shared.ts";

const games = Number(Deno.args[0] ?? 200);
const out = Deno.args[1] ?? "tests/testdata/stockfish_games.pgn";
const STOCKFISH = "/usr/games/stockfish";

const random = mulberry32(18);

const child = new Deno.Command(STOCKFISH, { stdin: "piped", stdout: "piped" })
  .spawn();
const writer = child.stdin.getWriter();
const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
let buffered = "";

async function send(command: string): Promise<void> {
  await writer.write(new TextEncoder().encode(command + "\n"));
}

async function readUntil(prefix: string): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const newline = buffered.indexOf("\n");
    if (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      seen.push(line);
      if (line.startsWith(prefix)) return seen;
      continue;
    }
    const { value, done } = await lines.read();
    if (done) throw new Error("stockfish ended");
    buffered += value;
  }
}

/** Stockfish's move and score (centipawns or mate, White's view) at `depth`. */
async function think(
  fen: string,
  moves: string[],
  depth: number,
  white: boolean,
) {
  await send(
    `position fen ${fen}${moves.length ? " moves " + moves.join(" ") : ""}`,
  );
  await send(`go depth ${depth}`);
  const seen = await readUntil("bestmove");
  const best = seen.at(-1)!.split(" ")[1];
  let score = "";
  for (const line of seen) {
    const m = / score (cp|mate) (-?\d+)/.exec(line);
    if (!m) continue;
    const value = Number(m[2]) * (white ? 1 : -1);
    score = m[1] === "mate" ? `#${value}` : (value / 100).toFixed(2);
  }
  return { best, score };
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${
    String(Math.floor(s / 60) % 60).padStart(2, "0")
  }:${String(s % 60).padStart(2, "0")}`;
}

await send("uci");
await readUntil("uciok");
const texts: string[] = [];
for (let g = 0; g < games; g++) {
  const chess960 = g % 4 === 3;
  await send(`setoption name UCI_Chess960 value ${chess960}`);
  await send("ucinewgame");
  const startFen = chess960
    ? chess960Start(random)
    : makeFen(Chess.default().toSetup());
  const pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
  const game = defaultGame<PgnNodeData>();
  game.headers.set("Event", "Stockfish self-play");
  game.headers.set("Site", "fen test data");
  game.headers.set("Round", String(g + 1));
  game.headers.set("White", "Stockfish");
  game.headers.set("Black", "Stockfish");
  if (chess960) {
    game.headers.set("Variant", "Chess960");
    game.headers.set("SetUp", "1");
    game.headers.set("FEN", startFen);
  }
  const comments = g % 2 === 0;
  const openingPlies = Math.floor(random() * 8);
  const depth = 1 + Math.floor(random() * 5);
  const played: string[] = [];
  let node = game.moves;
  const clocks = [600, 600];
  while (!pos.isEnd() && pos.halfmoves < 100 && played.length < 300) {
    let move: Move;
    let score = "";
    if (played.length < openingPlies) {
      const all = [...pos.allDests()].flatMap(([from, tos]) =>
        [...tos].map((to) => ({ from, to }))
      );
      move = all[Math.floor(random() * all.length)];
    } else {
      const answer = await think(startFen, played, depth, pos.turn === "white");
      move = parseUci(answer.best)!;
      score = answer.score;
    }
    const side = pos.turn === "white" ? 0 : 1;
    clocks[side] -= random() * 6;
    played.push(makeUci(move));
    const san = makeSanAndPlay(pos, move);
    const data: PgnNodeData = { san };
    if (comments) {
      data.comments = [
        `${score ? `[%eval ${score}] ` : ""}[%clk ${clock(clocks[side])}]`,
      ];
    }
    const next = new ChildNode(data);
    node.children.push(next);
    node = next;
  }
  const outcome = pos.outcome();
  const result = outcome === undefined
    ? "1/2-1/2"
    : outcome.winner === "white"
    ? "1-0"
    : outcome.winner === "black"
    ? "0-1"
    : "1/2-1/2";
  game.headers.set(
    "Result",
    pos.isEnd() || pos.halfmoves >= 100 ? result : "*",
  );
  texts.push(makePgn(game));
  if ((g + 1) % 20 === 0) console.error(`${g + 1} games`);
}
await send("quit");
await writer.close();
await Deno.writeTextFile(out, texts.join("\n"));
await child.status;
