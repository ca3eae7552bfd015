import assert from "node:assert/strict";
import {
  movesBytes,
  movesOf,
  MovesReplay,
  packMove,
  unpackMove,
} from "../../../lib/db/moves.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { parsePgn } from "../../../lib/pgn/mod.ts";
import { walkGame } from "../../../lib/db/game_parser.ts";
import { mulberry32 } from "../../_shared.ts";
import { ChessBoard } from "../../../lib/chess/board.ts";
import { loadPosition } from "../../../lib/chess/convert.ts";
import { Notation } from "../../../lib/chess/notation.ts";
import type { Rules } from "../../../lib/types.ts";

Deno.test("moves pack in two bytes each and replay to the game's SAN", () => {
  const [game] = parsePgn(
    "1. e4 d5 2. exd5 c6 3. dxc6 Qd6 4. cxb7 Kd8 5. bxa8=N Qh2 6. Nf3 Qg1 7. Rxg1 e5 *",
  );
  const codes = game.mainline.moves.map((m) =>
    packMove(
      m.uci.slice(0, 2) as "e2",
      m.uci.slice(2, 4) as "e4",
      { promotion: m.uci[4] ?? null },
    )
  );
  const bytes = movesBytes(codes);
  assert.equal(bytes.length, 2 * codes.length);
  assert.deepEqual(movesOf(bytes), codes);
  assert.equal(unpackMove(codes[8]), "b7a8n");
  const replay = new MovesReplay();
  replay.load(game.start, "chess");
  const sans = movesOf(bytes).map((code, i) =>
    replay.play(code, { ply: i + 1, san: true })
  );
  assert.deepEqual(sans, game.mainline.moves.map((m) => m.san));
});

Deno.test("a Chess960 castling is kept as king takes rook", () => {
  const start = parseFen("7k/8/8/8/8/8/8/RK2R3 w A - 0 1", {
    rules: "chess960",
  } as never);
  const replay = new MovesReplay();
  replay.load(start, "chess960");
  assert.equal(
    replay.play(packMove("b1", "a1"), { ply: 1, san: true }),
    "O-O-O",
  );
  assert.equal(replay.cells[58], "K".charCodeAt(0)); // c1
  assert.equal(replay.turn, "b");
});

/** Random legal games' PGN (a seeded generator): every kind of move comes. */
function randomGames(fen: string, rules: Rules, count: number): string[] {
  const random = mulberry32(7);
  const games: string[] = [];
  for (let g = 0; g < count; g++) {
    const board = new ChessBoard();
    loadPosition(board, parseFen(fen, { rules } as never), rules);
    const notation = new Notation(board);
    const sans: string[] = [];
    while (sans.length < 240 && notation.length > 0) {
      const m = notation.moves[Math.floor(random() * notation.length)];
      sans.push(notation.san(m));
      notation.play(m);
    }
    const tags = rules === "chess960"
      ? `[Variant "Chess960"]\n[FEN "${fen}"]\n[SetUp "1"]\n\n`
      : "";
    games.push(tags + sans.join(" ") + " *\n");
  }
  return games;
}

Deno.test("a move is stored in a byte (two for castling and a queen's diagonal move) and read back on the position before it", () => {
  const games = [
    "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *",
    ...randomGames(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "chess",
      24,
    ),
    // Chess960, a rook beside the king on either side
    ...randomGames(
      "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1",
      "chess960",
      12,
    ),
  ];
  const kinds = new Set<string>();
  for (const text of games) {
    const [game] = parsePgn(text);
    assert.equal(game.error, null, text);
    const walk = walkGame(game, 0);
    // a king's move that is no step (castling, but with the rook beside
    // the king in Chess960) and a queen's diagonal move take two bytes
    const far = game.mainline.moves.filter((m) => {
      const df = Math.abs(m.uci.charCodeAt(0) - m.uci.charCodeAt(2));
      const dr = Math.abs(m.uci.charCodeAt(1) - m.uci.charCodeAt(3));
      return /^(O-O|K)/.test(m.san)
        ? Math.max(df, dr) > 1
        : m.san.startsWith("Q") && df !== 0 && dr !== 0;
    }).length;
    assert.equal(walk.moves.length, walk.codes.length + far, text);
    const replay = new MovesReplay();
    replay.load(game.start, game.rules, walk.moves);
    const sans: string[] = [];
    while (replay.more) {
      sans.push(
        replay.play(replay.next(), { ply: sans.length + 1, san: true }),
      );
    }
    assert.deepEqual(sans, game.mainline.moves.map((m) => m.san), text);
    for (const san of sans) {
      kinds.add(
        /=/.test(san)
          ? `promotion ${san.at(san.search(/=/) + 1)}`
          : /^O-O-O/.test(san)
          ? "O-O-O"
          : /^O-O/.test(san)
          ? "O-O"
          : san[0],
      );
    }
  }
  // every kind of move came
  for (
    const kind of [
      "O-O",
      "O-O-O",
      "K",
      "Q",
      "R",
      "B",
      "N",
      "promotion N",
      "promotion B",
      "promotion R",
      "promotion Q",
    ]
  ) {
    assert.ok(kinds.has(kind), kind);
  }
});

Deno.test("the keys a walk keeps, followed move by move on its board, are its positions' keys", async () => {
  const { variantKeyHalves } = await import(
    "../../../lib/data/polyglot/variant_key.ts"
  );
  const games = [
    // en passant hashed and not, castling rights lost, a null move
    "1. e4 d5 2. e5 f5 3. exf6 Kf7 4. Nf3 -- 5. Rg1 Nc6 6. Bb5 a6 *",
    '[FEN "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"]\n\n1. exd6 O-O-O 2. O-O *',
    ...randomGames(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "chess",
      12,
    ),
    ...randomGames(
      "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1",
      "chess960",
      8,
    ),
  ];
  let compared = 0;
  for (const text of games) {
    const [game] = parsePgn(text);
    assert.equal(game.error, null, text);
    const plies = 40;
    const walk = walkGame(game, plies);
    const key = new Uint32Array(2);
    let ply = 0;
    for (const position of game.positions()) {
      if (ply > plies) break;
      variantKeyHalves(position.view(), game.rules, key);
      assert.deepEqual(
        [walk.keys[2 * ply], walk.keys[2 * ply + 1]],
        [key[0], key[1]],
        `${text.slice(0, 60)}: ply ${ply}`,
      );
      ply++;
      compared++;
    }
    assert.equal(walk.keys.length, 2 * ply);
  }
  assert.ok(compared > 600, `${compared}`);
});
