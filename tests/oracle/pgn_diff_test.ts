// Differential tests of the PGN reader and writer against chessops'
// `chessops/pgn` and python-chess's `chess.pgn`, on games no one here wrote:
//
// - lichess's chess-openings (CC0, tests/testdata/chess_openings), each
//   line read as a game;
// - the ECO file the Debian package pgn-extract installs
//   (/usr/share/pgn-extract/eco.pgn, GPL: read in place, never copied);
// - games Stockfish played against itself (tests/testdata/stockfish_games.pgn,
//   a quarter Chess960, half with [%eval] and [%clk] comments);
// - random games made and written by chessops, standard and Chess960, with
//   variations, comments and NAGs, promotions, en passant and castling.
//
// For every game: the same tags, and the same FEN at every position, the
// variations' included, walked in the same order (en passant written when
// legal, as both peers write it). Then our stringifyPgn of every game is read
// back by both peers, which must find the same positions again. The counts
// are printed; any disagreement fails.
//
// python-chess is run from its source with python3: importable already, from
// PYTHON_CHESS_SRC, or from the git mirror the project's tools fetch. The
// python-chess comparisons are skipped, with the reason printed, when
// python3 or the source is missing.

import assert from "node:assert/strict";
import { Chess } from "chessops/chess";
import { makeFen, parseFen as chessopsParseFen } from "chessops/fen";
import {
  ChildNode,
  defaultGame,
  type Game,
  makePgn,
  type Node,
  parsePgn as chessopsParsePgn,
  type PgnNodeData,
  startingPosition,
} from "chessops/pgn";
import { makeSanAndPlay, parseSan } from "chessops/san";
import type { Position as ChessopsPosition } from "chessops/chess";
import type { Move } from "chessops/types";
import { type PgnGame, PgnReader, stringifyPgn } from "../../lib/pgn/mod.ts";
import { chess960Start, mulberry32, pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";

const SEED = 20261123;
const DATA = new URL("../testdata/", import.meta.url);
const PYTHON_SCRIPT =
  new URL("./_python_chess_pgn.py", import.meta.url).pathname;
const ECO = "/usr/share/pgn-extract/eco.pgn";

/** Tags the peers add when a game has none, which ours does not invent. */
const ROSTER_DEFAULTS: Readonly<Record<string, string>> = {
  Event: "?",
  Site: "?",
  Date: "????.??.??",
  Round: "?",
  White: "?",
  Black: "?",
  Result: "*",
};

// ------------------------------------------------------------------ corpora

async function openings(): Promise<string> {
  const games: string[] = [];
  for (const letter of "abcde") {
    const tsv = await Deno.readTextFile(
      new URL(`chess_openings/${letter}.tsv`, DATA),
    );
    for (const row of tsv.trim().split("\n").slice(1)) {
      const [eco, name, pgn] = row.split("\t");
      games.push(
        `[ECO "${eco}"]\n[Opening "${
          name.replaceAll('"', '\\"')
        }"]\n\n${pgn} *\n`,
      );
    }
  }
  return games.join("\n");
}

/** A random legal move, promotions to any piece. */
function randomMove(
  pos: ChessopsPosition,
  random: () => number,
): Move | undefined {
  const moves: Move[] = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const pawn = pos.board.pawn.has(from);
      if (pawn && (to >> 3 === 0 || to >> 3 === 7)) {
        for (
          const promotion of ["queen", "rook", "bishop", "knight"] as const
        ) moves.push({ from, to, promotion });
      } else moves.push({ from, to });
    }
  }
  return moves.length === 0
    ? undefined
    : moves[Math.floor(random() * moves.length)];
}

/** Random moves from `pos` under `parent`, with side lines, comments and NAGs. */
function randomLine(
  pos: ChessopsPosition,
  parent: Node<PgnNodeData>,
  plies: number,
  random: () => number,
  depth: number,
): void {
  let node = parent;
  for (let ply = 0; ply < plies; ply++) {
    const before = pos.clone();
    const move = randomMove(pos, random);
    if (move === undefined) return;
    const data: PgnNodeData = { san: makeSanAndPlay(pos, move) };
    if (random() < 0.1) {
      data.comments = [
        random() < 0.5 ? "a comment" : "[%clk 0:01:02] [%eval -0.3]",
      ];
    }
    if (random() < 0.05) data.nags = [1 + Math.floor(random() * 6)];
    const child = new ChildNode(data);
    node.children.push(child);
    if (depth < 3 && random() < 0.08) {
      randomLine(before, node, 1 + Math.floor(random() * 6), random, depth + 1);
    }
    node = child;
  }
}

function randomGames(count: number): string {
  const random = mulberry32(SEED);
  const texts: string[] = [];
  for (let g = 0; g < count; g++) {
    const game: Game<PgnNodeData> = defaultGame();
    game.headers.set("Event", `Random game ${g + 1}`);
    let pos: ChessopsPosition = Chess.default();
    if (g % 3 === 2) {
      const fen = chess960Start(random);
      game.headers.set("Variant", "Chess960");
      game.headers.set("FEN", fen);
      pos = Chess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap();
    }
    randomLine(pos, game.moves, 40 + Math.floor(random() * 260), random, 0);
    texts.push(makePgn(game));
  }
  return texts.join("\n");
}

// -------------------------------------------------------------- the readers

/** Our games' tags and FENs (walked with variations). */
function ours(
  text: string,
  strict = false,
): { games: PgnGame[]; fens: string[][] } {
  const reader = new PgnReader({ strict });
  const games = [...reader.push(text), ...reader.end()];
  const fens = games.map((game) => {
    if (game.error !== null) throw game.error;
    return Array.from(
      game.positions({ variations: true, enPassant: "legal" }),
      (p) => p.fen,
    );
  });
  return { games, fens };
}

/** What the games hold, counted as chessops plays them, for the report. */
const seen = { enPassant: 0, promotions: 0, castles: 0 };

/** chessops' FENs in our walk's order: each move, then the lines that replace it. */
function chessopsFens(game: Game<PgnNodeData>): string[] {
  const start = startingPosition(game.headers).unwrap();
  const fens = [makeFen(start.toSetup())];
  const stack: {
    node: Node<PgnNodeData>;
    next: number;
    pos: ChessopsPosition;
  }[] = [
    { node: game.moves, next: 0, pos: start },
  ];
  const play = (pos: ChessopsPosition, san: string): ChessopsPosition => {
    const after = pos.clone();
    const move = parseSan(after, san);
    if (move === undefined) throw new Error(`chessops cannot play ${san}`);
    if (
      "from" in move && after.board.pawn.has(move.from) &&
      move.to === after.epSquare
    ) seen.enPassant++;
    if ("promotion" in move && move.promotion !== undefined) seen.promotions++;
    if (san.startsWith("O-O")) seen.castles++;
    after.play(move);
    fens.push(makeFen(after.toSetup()));
    return after;
  };
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const children = frame.node.children;
    if (children.length === 0) {
      stack.pop();
    } else if (frame.next === 0) {
      play(frame.pos, children[0].data.san);
      frame.next = 1;
    } else if (frame.next < children.length) {
      const side = children[frame.next++];
      stack.push({ node: side, next: 0, pos: play(frame.pos, side.data.san) });
    } else {
      const main = children[0];
      const pos = frame.pos.clone();
      pos.play(parseSan(pos, main.data.san)!);
      stack.pop();
      stack.push({ node: main, next: 0, pos });
    }
  }
  return fens;
}

/** Our tags, and the peer's: the same, the peer's defaults for those we do not have aside. */
function sameTags(
  ourTags: Map<string, string>,
  theirs: Iterable<[string, string]>,
): boolean {
  const peer = new Map(theirs);
  for (const [name, value] of ourTags) {
    if (peer.get(name) !== value) return false;
  }
  for (const [name, value] of peer) {
    if (!ourTags.has(name) && ROSTER_DEFAULTS[name] !== value) return false;
  }
  return true;
}

interface PythonGame {
  file: number;
  tags: [string, string][];
  fens: string[];
  errors: string[];
}

/** python-chess's games of each text, the texts read in one run. */
async function python(
  path: string,
  texts: readonly string[],
): Promise<PythonGame[][]> {
  const files: string[] = [];
  for (const text of texts) {
    const file = await Deno.makeTempFile({ suffix: ".pgn" });
    await Deno.writeTextFile(file, text);
    files.push(file);
  }
  const stdout = await runPython([PYTHON_SCRIPT, ...files], { path });
  for (const file of files) await Deno.remove(file);
  const games: PythonGame[][] = texts.map(() => []);
  for (const line of stdout.split("\n")) {
    if (line === "") continue;
    const game: PythonGame = JSON.parse(line);
    games[game.file].push(game);
  }
  return games;
}

// ------------------------------------------------------------------- tests

interface Tally {
  games: number;
  plies: number;
  disagreements: string[];
}

function compare(
  tally: Tally,
  label: string,
  ourFens: string[],
  theirFens: string[],
  tagsAgree: boolean,
): void {
  tally.games++;
  tally.plies += ourFens.length;
  if (!tagsAgree) tally.disagreements.push(`${label}: tags differ`);
  if (ourFens.length !== theirFens.length) {
    tally.disagreements.push(
      `${label}: ${ourFens.length} positions, the peer ${theirFens.length}`,
    );
    return;
  }
  // Castling letters too: X-FEN's canonical form, as both peers write it.
  const at = ourFens.findIndex((fen, i) => fen !== theirFens[i]);
  if (at >= 0) {
    tally.disagreements.push(
      `${label}, position ${at}: ${ourFens[at]} / ${theirFens[at]}`,
    );
  }
}

async function corpora(): Promise<[string, string][]> {
  const list: [string, string][] = [
    ["chess-openings", await openings()],
    [
      "Stockfish self-play",
      await Deno.readTextFile(new URL("stockfish_games.pgn", DATA)),
    ],
    ["random games (chessops)", randomGames(100)],
  ];
  try {
    list.push(["pgn-extract eco.pgn", await Deno.readTextFile(ECO)]);
  } catch {
    console.log(`skipped ${ECO}: not installed (apt-get install pgn-extract)`);
  }
  return list;
}

Deno.test("PGN: the same games as chessops and python-chess, and our output read back by both", async (t) => {
  const py = await pythonChess();
  if ("skip" in py) console.log(`python-chess comparisons skipped: ${py.skip}`);
  const report: string[] = [];
  for (const [name, text] of await corpora()) {
    await t.step(name, async () => {
      const mine = ours(text);
      const written = mine.games.map((game) => stringifyPgn(game)).join("\n");
      // Our output is SAN exactly, check marks included: strict reads it all.
      assert.deepEqual(ours(written, true).fens, mine.fens);
      /**
       * A peer's games of each text, FENs (or errors) and tags, and what it
       * counted in them for the report.
       */
      type Read = (texts: readonly string[]) => Promise<
        { games: [string[], Iterable<[string, string]>][]; counted: string }[]
      >;
      const peers: [string, Read][] = [
        [
          "chessops",
          (texts) =>
            Promise.resolve(texts.map((s) => {
              Object.assign(seen, { enPassant: 0, promotions: 0, castles: 0 });
              const games = chessopsParsePgn(s).map((
                g,
              ): [string[], Iterable<[string, string]>] => [
                chessopsFens(g),
                g.headers,
              ]);
              return {
                games,
                counted:
                  ` (${seen.castles} castles, ${seen.enPassant} en passant, ${seen.promotions} promotions)`,
              };
            })),
        ],
      ];
      if ("path" in py) {
        peers.push([
          "python-chess",
          async (texts) =>
            (await python(py.path, texts)).map((games) => ({
              games: games.map((
                g,
              ) => [g.errors.length > 0 ? g.errors : g.fens, g.tags]),
              counted: "",
            })),
        ]);
      }
      const sources = [["the file", text], ["our stringifyPgn", written]];
      for (const [peer, read] of peers) {
        // python-chess reads both in one run (a start less, and a board
        // met again written from what it wrote the first time).
        const answers = await read(sources.map(([, source]) => source));
        for (const [k, [what]] of sources.entries()) {
          const tally: Tally = { games: 0, plies: 0, disagreements: [] };
          const { games: theirs, counted } = answers[k];
          assert.equal(
            theirs.length,
            mine.games.length,
            `${peer} reads ${theirs.length} games of ${name}`,
          );
          theirs.forEach(([fens, tags], i) =>
            compare(
              tally,
              `${name} game ${i + 1}`,
              mine.fens[i],
              fens,
              sameTags(mine.games[i].tags, tags),
            )
          );
          report.push(
            `${name}: ${peer} on ${what}: ${tally.games} games, ${tally.plies} positions${counted}, ${tally.disagreements.length} disagreements`,
          );
          assert.deepEqual(
            tally.disagreements.slice(0, 5),
            [],
            `${peer} on ${what} of ${name}`,
          );
        }
      }
    });
  }
  console.log(report.join("\n"));
});
