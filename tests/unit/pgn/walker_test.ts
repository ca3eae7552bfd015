// The walker against the reader: the same positions (FEN, ply, depth, the
// move's squares) in the same order as `PgnReader` then `positions()` gives
// for the same text, with and without variations, in every en-passant mode,
// for real games, nested variations, games cut by errors and bad starts,
// read in chunks of any size; and each game's end with its last position.

import assert from "node:assert/strict";
import {
  type EnPassantMode,
  type PgnGame,
  type PgnPosition,
  PgnReader,
  PgnWalker,
} from "../../../lib/pgn/mod.ts";

const GAMES = await Deno.readTextFile(
  new URL("../../testdata/stockfish_games.pgn", import.meta.url),
);

/** Hand-made games: variations, comments, NAGs, errors, odd starts. */
const EDGES = [
  "1. e4 e5 (1... c5 2. Nf3 (2. c3 $1 {x}) 2... d6) (1... e6) 2. Nf3 $2 *",
  '[Variant "atomic"]\n\n1. e4 *',
  '[Event "x" junk]\n1. d4 d5 *',
  "1. e4 (1. d4 d5 (1... Nf6 2. Nf3) 2. c4) e5 {hi} 2. Nf3 (2. Nc3) Nc6 3. Zz9 Nf6 *",
  "1. e4 (1. d4 Zz9) e5 *",
  "1. e4 (1. d4 *",
  '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8(Q) Kd7 2. Qb7+ *',
  '[FEN "not a fen"]\n\n1. e4 *',
  '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *',
  "{a game of a comment}",
  '[Event "tags only"]',
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
  "1. d4 d5 2. c4 dxc4 3. e4 b5 4. axb6 *",
].join("\n\n");

/** A position as a line of text: everything a walker and a reader share. */
function line(position: PgnPosition): string {
  return `${position.game.number} ${position.ply} ${position.depth} ${position.from}-${position.to} ${position.fen}`;
}

function byReader(
  text: string,
  options: { variations: boolean; enPassant: EnPassantMode },
): string[] {
  const reader = new PgnReader();
  const out: string[] = [];
  for (const game of [...reader.push(text), ...reader.end()]) {
    for (const position of game.positions(options)) out.push(line(position));
    out.push(ending(game));
  }
  return out;
}

function ending(game: PgnGame): string {
  return `end ${game.number} ${game.line} ${game.result} ${game.error?.message}`;
}

function byWalker(
  text: string,
  options: { variations: boolean; enPassant: EnPassantMode; chunk: number },
): string[] {
  const out: string[] = [];
  const walker = new PgnWalker({
    position: (position) => void out.push(line(position)),
    end: (game) => void out.push(ending(game)),
  }, options);
  for (let i = 0; i < text.length; i += options.chunk) {
    walker.push(text.slice(i, i + options.chunk));
  }
  walker.end();
  return out;
}

Deno.test("walker: the reader's positions, in its order, for real games", () => {
  for (const variations of [false, true]) {
    const options = { variations, enPassant: "always" as const };
    const expected = byReader(GAMES, options);
    assert.ok(expected.length > 10_000);
    assert.deepEqual(byWalker(GAMES, { ...options, chunk: 65536 }), expected);
  }
});

Deno.test("walker: variations, errors and odd starts, cut anywhere", () => {
  for (const enPassant of ["always", "legal", "pseudo-legal"] as const) {
    for (const variations of [false, true]) {
      const expected = byReader(EDGES, { variations, enPassant });
      for (const chunk of [1, 7, 1000]) {
        assert.deepEqual(
          byWalker(EDGES, { variations, enPassant, chunk }),
          expected,
          `${enPassant} ${variations} ${chunk}`,
        );
      }
    }
  }
});

Deno.test("walker: each game's end with its mainline's last position", () => {
  const lasts: string[] = [];
  const walker = new PgnWalker({
    position: () => {},
    end: (game, last) =>
      void lasts.push(`${game.number} ${last === null ? "-" : line(last)}`),
  });
  walker.push("1. e4 (1. d4 d5) e5 2. Nf3 (2. Nc3) *\n\n");
  walker.push('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n*');
  walker.end();
  assert.deepEqual(lasts, [
    "1 1 3 0 g1-f3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "2 -",
    "3 3 0 0 null-null rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  ]);
});

Deno.test("walker: strict reading refuses what the reader refuses", () => {
  const text = "1. e4 e5 2. Ng1-f3 Nc6 *\n\n1. d4 *";
  const reader = new PgnReader({ strict: true });
  const games = [...reader.push(text), ...reader.end()];
  const errors: (string | undefined)[] = [];
  const walker = new PgnWalker({
    position: () => {},
    end: (game) => void errors.push(game.error?.message),
  }, { strict: true });
  walker.push(text);
  walker.end();
  assert.deepEqual(errors, games.map((game) => game.error?.message));
  assert.match(errors[0]!, /Ng1-f3/);
});

Deno.test("walker: maxPly plays the mainline that far and only reads the rest", () => {
  const plies: number[] = [];
  const ends: [number, boolean][] = [];
  const walker = new PgnWalker({
    position: (p) => void plies.push(p.ply),
    end: (game, last) => void ends.push([last!.ply, game.error === null]),
  }, { maxPly: 2 });
  // the third move is illegal: past maxPly it is not checked
  walker.push("1. e4 e5 2. Ke4 Nc6 { a comment } (2... d6) 1-0\n\n1. d4 *\n");
  walker.end();
  assert.deepEqual(plies, [0, 1, 2, 0, 1]);
  assert.deepEqual(ends, [[2, true], [1, true]]);
});

/** Games whose rest a walker with maxPly skims: where do they end? */
const SKIMMED = [
  "1. e4 {1-0 in a comment} e5 2. Nf3 (2. d4 0-1) Nc6 $1 3. Bb5 1/2-1/2",
  "1. e4 e5 2. Nf3 Nc6\n\n1. d4 d5 *",
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 {a\ncomment\n\non lines} a6 *",
  "1. e4 e5 2. O–O 1–0",
  "1. e4 e5\n%an escape line\n2. Nf3 Nc6 ; a line comment 0-1\n3. Bc4 *",
  "1. e4 e5 2. Nf3 12 Nc6 e8(Q)+ 3... a6 4. h8=Q+ 0-1 {after}",
  '1. e4 e5 2. Nf3 Nc6 3. Bb5\n[Event "no blank line"]\n1. d4 *',
].join("\n\n");

function ends(text: string, maxPly: number, size: number): string[] {
  const out: string[] = [];
  const walker = new PgnWalker({
    position: () => {},
    end: (game) =>
      void out.push(
        `${game.number} ${game.line} ${game.result} ${[...game.tags].join()}`,
      ),
  }, { maxPly });
  for (let i = 0; i < text.length; i += size) {
    walker.push(text.slice(i, i + size));
  }
  walker.end();
  return out;
}

Deno.test("walker: the rest of a game past maxPly ends where a full walk ends it", async () => {
  const lichess = await Deno.readTextFile(
    new URL("../../testdata/lichess_style.pgn", import.meta.url),
  );
  for (const text of [SKIMMED, EDGES, lichess, GAMES.slice(0, 60_000)]) {
    const full = ends(text, Infinity, text.length);
    assert.ok(full.length > 5);
    for (const maxPly of [0, 1, 3]) {
      for (const size of [1, 7, 4096, text.length]) {
        assert.deepEqual(ends(text, maxPly, size), full, `${maxPly} ${size}`);
      }
    }
  }
});

Deno.test("walker: a comment past maxComment marks its game truncated, its text not kept", () => {
  for (const size of [1, 3, 1000]) {
    const truncated: boolean[] = [];
    const walker = new PgnWalker({
      position: () => {},
      end: (game) => void truncated.push(game.truncated),
    }, { maxComment: 5 });
    const text =
      "1. e4 {12345} e5 *\n\n1. d4 {123456} d5 *\n\n1. c4 {1234\n56} *\n";
    for (let i = 0; i < text.length; i += size) {
      walker.push(text.slice(i, i + size));
    }
    walker.end();
    assert.deepEqual(truncated, [false, true, true], `chunks of ${size}`);
  }
});

Deno.test("PgnWalker plays: the other games are read to their end, numbered, their tags kept, no position given", () => {
  const text = "1. e4 Zz9 *\n\n" +
    '[Event "a"]\n[Event "b"]\n1. d4 (1. c4\n\n) d5 *\n\n' + GAMES;
  const reader = new PgnReader();
  const all = [...reader.push(text), ...reader.end()];
  const seen: { number: number; event: string | undefined }[] = [];
  const plies: number[] = [];
  const walker = new PgnWalker({
    position: (position) => void plies.push(position.game.number),
    end: (game, last) => {
      seen.push({ number: game.number, event: game.tags.get("Event") });
      if (game.number % 3 !== 1) {
        assert.equal(game.error, null); // not played: not checked
        assert.equal(last, null);
      }
    },
  }, { plays: (game) => game % 3 === 1 });
  walker.push(text);
  walker.end();
  // every game ends, in order, with its tags, as a reader reads them
  assert.deepEqual(
    seen,
    all.map((game) => ({ number: game.number, event: game.tags.get("Event") })),
  );
  // positions only of the games played, every one of theirs
  const played = all.filter((game) => game.number % 3 === 1);
  assert.ok(plies.every((number) => number % 3 === 1));
  assert.deepEqual(
    [...new Set(plies)],
    played.filter((game) => plies.includes(game.number)).map((g) => g.number),
  );
  assert.ok(played.length > 10 && new Set(plies).size > 10);
});

Deno.test("PgnWalker's san option: each position walked has its move's SAN, as the reader writes it, variations too", () => {
  const sans: (string | null)[] = [];
  const plain: (string | null)[] = [];
  const text =
    "1. e4 (1. d4 d5 2. c4) 1... f6 2. Nf3 g5 3. Nxg5 fxg5 4. Qh5# *";
  for (const [options, into] of [[{ san: true }, sans], [{}, plain]] as const) {
    const walker = new PgnWalker({
      position: (p) => void into.push(p.san),
      end: () => {},
    }, { variations: true, ...options });
    walker.push(text);
    walker.end();
  }
  assert.deepEqual(sans, [
    null,
    "e4",
    "d4",
    "d5",
    "c4",
    "f6",
    "Nf3",
    "g5",
    "Nxg5",
    "fxg5",
    "Qh5#",
  ]);
  assert.deepEqual(plain, sans.map(() => null));
});
