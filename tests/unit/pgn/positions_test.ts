// Walking a game: plies and depths with and without variations, the FEN of
// every position as `fen --moves ... --format fen` writes it, en-passant
// modes, positions of a game made by hand, and 100,000 nested variations.

import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { legalMoves, playMoves } from "../../../lib/moves/play.ts";
import {
  parsePgn,
  PgnGame,
  PgnReader,
  PgnWalker,
} from "../../../lib/pgn/mod.ts";
import type { Position } from "../../../lib/types.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Deno.test("positions: the mainline, then with variations in text order", () => {
  const [game] = parsePgn(
    "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3 *",
  );
  const walk = (variations: boolean): string[] =>
    Array.from(
      game.positions({ variations }),
      (p) =>
        `${p.ply}/${p.depth}/${p.move?.san ?? "-"}/${p.turn}/${p.from ?? ""}${
          p.to ?? ""
        }`,
    );
  assert.deepEqual(walk(false), [
    "0/0/-/w/",
    "1/0/e4/b/e2e4",
    "2/0/e5/w/e7e5",
    "3/0/Nf3/b/g1f3",
  ]);
  assert.deepEqual(walk(true), [
    "0/0/-/w/",
    "1/0/e4/b/e2e4",
    "2/0/e5/w/e7e5",
    "2/1/c5/w/c7c5",
    "3/1/Nf3/b/g1f3",
    "3/2/c3/b/c2c3",
    "4/1/d6/w/d7d6",
    "2/1/e6/w/e7e6",
    "3/0/Nf3/b/g1f3",
  ]);
  // Each position inside a variation is the one its moves lead to.
  const fens = Array.from(game.positions({ variations: true }), (p) => p.fen);
  assert.equal(
    fens[5],
    stringifyFen(playMoves(parseFen(START), "e4 c5 c3").position),
  );
  assert.equal(
    fens[8],
    stringifyFen(playMoves(parseFen(START), "e4 e5 Nf3").position),
  );
});

/** A random game from `start`, as UCI moves. */
function randomGame(start: Position, choices: number[]): string[] {
  let position = start;
  const moves: string[] = [];
  for (const choice of choices) {
    const legal = legalMoves(position);
    if (legal.length === 0) break;
    moves.push(legal[choice % legal.length]);
    position = playMoves(position, [moves.at(-1)!]).position;
  }
  return moves;
}

Deno.test("positions: every FEN is what playMoves and stringifyFen give (as `fen --moves`)", () => {
  const starts = [
    START,
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 30",
    "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...starts),
      fc.array(fc.nat(), { maxLength: 80 }),
      (fen, choices) => {
        const chess960 = fen.startsWith("bqnb");
        const start = parseFen(fen, { chess960 });
        const moves = randomGame(start, choices);
        const tags = `[SetUp "1"]\n[FEN "${fen}"]\n${
          chess960 ? '[Variant "Chess960"]\n' : ""
        }\n`;
        const sans = playMoves(start, moves).moves.map((m) => m.san);
        const [game] = parsePgn(tags + sans.join(" ") + " *");
        const fens = Array.from(game.positions(), (p) => p.fen);
        let position = start;
        const expected = [stringifyFen(position)];
        for (const move of moves) {
          position = playMoves(position, [move]).position;
          expected.push(stringifyFen(position));
        }
        assert.deepEqual(fens, expected);
        assert.deepEqual(game.mainline.moves.map((m) => m.san), sans);
        if (!chess960) {
          assert.deepEqual(game.mainline.moves.map((m) => m.uci), moves);
        }
      },
    ),
    { numRuns: 80 },
  );
});

Deno.test("positions: the command's FEN for the same moves, byte for byte", async () => {
  const moves =
    "e4 d5 exd5 c5 dxc6 Qd6 cxb7 Kd8 bxa8=Q Nc6 Qb7 e5 Nf3 Bg4 Bc4 f5";
  const cli = new URL("../../../cli.ts", import.meta.url);
  const run = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      cli.pathname,
      "--moves",
      moves,
      "--format",
      "fen",
    ],
    stdout: "piped",
  });
  const output = new TextDecoder().decode((await run.output()).stdout).trim();
  const [game] = parsePgn(moves + " *");
  assert.equal([...game.positions()].at(-1)!.fen, output);
  const bytes = new Uint8Array(256);
  let last = 0;
  for (const position of game.positions()) last = position.writeFen(bytes, 0);
  assert.equal(new TextDecoder().decode(bytes.subarray(0, last)), output);
});

Deno.test("positions: en passant always, pseudo-legal or legal", () => {
  const [game] = parsePgn("1. e4 Nf6 2. e5 d5 3. a3 *");
  const at = (enPassant: "always" | "pseudo-legal" | "legal"): string[] =>
    Array.from(game.positions({ enPassant }), (p) => p.fen.split(" ")[3]);
  assert.deepEqual(at("always"), ["-", "e3", "-", "-", "d6", "-"]);
  assert.deepEqual(at("pseudo-legal"), ["-", "-", "-", "-", "d6", "-"]);
  assert.deepEqual(at("legal"), ["-", "-", "-", "-", "d6", "-"]);
  // A pinned pawn: beside the pawn, but the capture would expose its king.
  const [pinned] = parsePgn(
    '[FEN "8/8/8/8/R3p2k/8/3P4/4K3 w - - 0 1"]\n\n1. d4 *',
  );
  const modes = ["always", "pseudo-legal", "legal"] as const;
  assert.deepEqual(
    modes.map((enPassant) =>
      [...pinned.positions({ enPassant })].at(-1)!.fen.split(" ")[3]
    ),
    ["d3", "d3", "-"],
  );
});

Deno.test("positions: a game made by hand is played from its SAN", () => {
  const game = new PgnGame({
    start: parseFen(START),
    mainline: {
      comments: [],
      moves: ["e4", "e5", "Nf3"].map((san) => ({
        san,
        uci: "",
        comments: [],
        nags: [],
        variations: [],
        clock: null,
        emt: null,
        eval: null,
        shapes: [],
      })),
    },
  });
  assert.equal(
    [...game.positions()].at(-1)!.fen,
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
  );
  assert.equal([...game.positions()].at(-1)!.toPosition().turn, "b");
});

Deno.test("positions: 100,000 nested variations, read and walked without recursion", () => {
  const depth = 100_000;
  const reader = new PgnReader();
  const games = [
    ...reader.push("1. e4 "),
    ...reader.push("(1. d4 ".repeat(depth)),
  ];
  games.push(...reader.push(")".repeat(depth) + " e5 *"), ...reader.end());
  assert.equal(games.length, 1);
  const [game] = games;
  assert.equal(game.error, null);
  let deepest = 0, count = 0;
  for (const position of game.positions({ variations: true })) {
    deepest = Math.max(deepest, position.depth);
    count++;
  }
  assert.equal(deepest, depth);
  assert.equal(count, depth + 3);
});

Deno.test("positions: each yielded position keeps its own; cursor() moves one object", () => {
  const [game] = parsePgn("1. e4 (1. d4 d5) 1... e5 2. Nf3 *");
  const kept = [...game.positions({ variations: true })];
  const fens = Array.from(
    game.cursor({ variations: true }),
    (p) => `${p.ply}${"+".repeat(p.depth)} ${p.fen} ${p.from}${p.to}`,
  );
  assert.equal(new Set(kept).size, kept.length);
  assert.deepEqual(
    kept.map((p) => `${p.ply}${"+".repeat(p.depth)} ${p.fen} ${p.from}${p.to}`),
    fens,
  );
  assert.deepEqual(kept.map((p) => p.turn), ["w", "b", "b", "w", "w", "b"]);
  // Each keeps its board: view, toPosition and writeFen agree with fen.
  const buffer = new Uint8Array(128);
  for (const p of kept) {
    assert.equal(stringifyFen(p.toPosition()), p.fen);
    const end = p.writeFen(buffer, 0);
    assert.equal(new TextDecoder().decode(buffer.subarray(0, end)), p.fen);
    assert.equal(p.view().turn, p.turn);
  }
  const cursor = [...game.cursor()];
  assert.equal(new Set(cursor).size, 1);
  assert.equal(cursor[0].ply, 3);
});

Deno.test("positions: a null move has no squares; the walker passes too", () => {
  const [game] = parsePgn("1. e4 -- 2. d4 *");
  const kept = [...game.positions()];
  assert.deepEqual(kept.map((p) => p.from), [null, "e2", null, "d2"]);
  const walked: string[] = [];
  const walker = new PgnWalker({
    position: (p) => void walked.push(p.fen),
    end: () => {},
  });
  walker.push("1. e4 -- 2. d4 *");
  walker.end();
  assert.deepEqual(walked, kept.map((p) => p.fen));
  assert.equal(
    walked[2],
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
  );
});

Deno.test("positions: packedMove and pieceAt say in numbers what the squares' names and the view say", async () => {
  const { packMove } = await import("../../../lib/db/moves.ts");
  const text = [
    await Deno.readTextFile(
      new URL("../../testdata/lichess_variants.pgn", import.meta.url),
    ),
    await Deno.readTextFile(
      new URL("../../testdata/stockfish_games.pgn", import.meta.url),
    ),
    // a null move, a promotion taking, Chess960 castling both ways
    "1. e4 -- 2. d4 *",
    '[FEN "1n5k/P7/8/8/8/8/8/7K w - - 0 1"]\n\n1. axb8=R *',
    '[Variant "Chess960"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1"]\n\n' +
    "1. O-O-O O-O 2. Kc2 *",
  ].join("\n\n");
  const kinds = new Set<string>();
  let positions = 0;
  for (const game of parsePgn(text)) {
    assert.equal(game.error, null, game.tags.get("Site"));
    for (const p of game.cursor()) {
      positions++;
      const view = p.view();
      for (let s = 0; s < 64; s++) assert.equal(p.pieceAt(s), view.cells[s]);
      if (p.from === null) {
        assert.equal(p.packedMove, 0);
        kinds.add(p.ply === 0 ? "start" : "null");
        continue;
      }
      const to = game.rules === "chess960" && p.castlingRook !== null
        ? p.castlingRook
        : p.to!;
      const named = packMove(p.from, to, {
        promotion: p.promotion,
        drop: p.drop,
      });
      assert.equal(p.packedMove, named, `${game.rules} ${p.ply} ${p.san}`);
      if (p.drop !== null) kinds.add("drop");
      if (p.promotion !== null) kinds.add(`promotion ${p.promotion}`);
      if (p.castlingRook !== null) kinds.add(`castling ${game.rules}`);
    }
  }
  assert.ok(positions > 1000, `${positions}`);
  for (
    const kind of [
      "start",
      "null",
      "drop",
      "promotion r",
      "castling chess",
      "castling chess960",
    ]
  ) assert.ok(kinds.has(kind), `no ${kind} among ${[...kinds]}`);
});
