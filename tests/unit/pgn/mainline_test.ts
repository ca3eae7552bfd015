// The reader for counts against the PGN walker: the same games, the same
// moves up to the plies counted, the same Polyglot keys (its key moved on
// move by move against the key of each position), the same errors with
// their game, line and column, whatever the chunks; on games written the
// common way and on the ways it leaves to the PGN reader.

import assert from "node:assert/strict";
import { MainlineReader } from "../../../lib/pgn/mainline.ts";
import { PgnWalker } from "../../../lib/pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../../../lib/pgn/game.ts";
import { polyglotKeyHalves } from "../../../lib/data/polyglot/mod.ts";
import { BoardKey } from "../../../lib/data/polyglot/board_key.ts";
import { SQUARE_NAMES } from "../../../lib/_tables.ts";
import { moveTo } from "../../../lib/chess/move.ts";
import { castlingOf, writeCells } from "../../../lib/chess/convert.ts";

const GAMES = Deno.readTextFileSync(
  new URL("../../testdata/stockfish_games.pgn", import.meta.url),
);

const hex = (key: Uint32Array | number[]): string =>
  [...key].map((half) => half.toString(16).padStart(8, "0")).join("");

/** A position handed on by the walker, as a line: its key and the move to it. */
function walkerLine(
  p: PgnPosition,
  key: Uint32Array,
): string {
  return `${hex(key)} ${p.from}${p.castlingRook ?? p.to}${p.promotion ?? ""}`;
}

/** What a game gave: its moves' lines, then how it ended. */
function ending(game: PgnGame): string {
  return `end ${game.number} ${game.tags.get("Result") ?? ""} ${
    game.error?.message ?? ""
  }`;
}

/** The lines the PGN walker gives. */
function byWalker(bytes: Uint8Array, maxPly: number, chunk: number): string[] {
  const lines: string[] = [];
  const key = new Uint32Array(2);
  const walker = new PgnWalker({
    position(p) {
      if (p.ply > 0 && p.ply <= maxPly) lines.push(walkerLine(p, key));
      polyglotKeyHalves(p.view(), key);
    },
    end: (game) => void lines.push(ending(game)),
  }, { maxPly });
  for (let i = 0; i < bytes.length; i += chunk) {
    walker.push(bytes.slice(i, i + chunk));
  }
  walker.end();
  return lines;
}

/** The lines the reader for counts gives (its own games and the walker's). */
function byReader(
  bytes: Uint8Array,
  maxPly: number,
  chunk: number,
  maxGameBytes = 1 << 22,
): { lines: string[]; fast: number; games: number } {
  const lines: string[] = [];
  let pending: string[] = [];
  let fast = 0;
  const board = new BoardKey();
  const key = new Uint32Array(2);
  const reader = new MainlineReader({
    start(b) {
      board.reset(b);
      pending = [];
    },
    move(b, code) {
      const before = hex([board.hi, board.lo]);
      board.played(b, code);
      // the key moved on is the key of the position
      const whole = new Uint32Array(2);
      const cells = new Array(64).fill(0);
      writeCells(b, cells);
      const view = {
        cells,
        turn: b.turn === 0 ? "w" as const : "b" as const,
        castling: castlingOf(b, []),
        enPassant: b.ep < 0 ? null : SQUARE_NAMES[b.ep],
        halfmoveClock: 0,
        fullmoveNumber: 1,
      };
      polyglotKeyHalves(view, whole);
      assert.equal(hex([board.hi, board.lo]), hex(whole));
      const from = SQUARE_NAMES[code & 63], to = SQUARE_NAMES[moveTo(code)];
      const promotion = (code >> 12) & 7;
      pending.push(
        `${before} ${from}${to}${promotion ? "  nbrq"[promotion] : ""}`,
      );
    },
    end(result) {
      fast++;
      lines.push(...pending, `end ${reader.games} ${result} `);
      pending = [];
    },
    drop() {
      pending = [];
    },
  }, {
    maxPly,
    maxGameBytes,
    fallback: {
      position(p) {
        if (p.ply > 0 && p.ply <= maxPly) lines.push(walkerLine(p, key));
        polyglotKeyHalves(p.view(), key);
      },
      end: (game) => void lines.push(ending(game)),
    },
  });
  for (let i = 0; i < bytes.length; i += chunk) {
    reader.push(bytes.slice(i, i + chunk));
  }
  reader.end();
  return { lines, fast, games: reader.games };
}

function agree(text: string, label: string, fastAtLeast = 0): void {
  const bytes = new TextEncoder().encode(text);
  for (const maxPly of [0, 1, 3, 12, 1024]) {
    const expected = byWalker(bytes, maxPly, bytes.length + 1);
    for (const chunk of [1, 7, 100, bytes.length + 1]) {
      const got = byReader(bytes, maxPly, chunk);
      assert.deepEqual(
        got.lines,
        expected,
        `${label}, max-ply ${maxPly}, chunks of ${chunk}`,
      );
      assert.ok(got.fast >= fastAtLeast, `${label}: ${got.fast} read fast`);
    }
  }
}

Deno.test("the reader for counts reads the test data's games itself, as the walker reads them", () => {
  const games = GAMES.split(/\n\n(?=\[Event)/).slice(0, 12).join("\n\n");
  const bytes = new TextEncoder().encode(games);
  const got = byReader(bytes, 1024, 4096);
  assert.deepEqual(got.lines, byWalker(bytes, 1024, 4096));
  // those with a FEN tag are the walker's
  const fen = games.match(/\[FEN /g)?.length ?? 0;
  assert.equal(got.fast, got.games - fen);
  assert.ok(got.fast >= 6);
  agree(games.slice(0, 6000), "the first games, cut");
});

const TRICKY: Record<string, string> = {
  "a FEN tag":
    '[Event "a"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 2. e5 1-0\n\n[Event "b"]\n\n1. d4 d5 0-1\n',
  "variations":
    '[Result "1-0"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 (2. Bc4 {x} Nc6) Nc6 3. Bb5 1-0\n\n[Result "0-1"]\n\n1. d4 d5 0-1\n',
  "an illegal move":
    '[Event "x"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Ke3 Nf6 *\n\n[Event "y"]\n\n1. e4 *\n',
  "no tags":
    '1. e4 e5 2. Nf3 *\n\n1. d4 d5 1/2-1/2\n\n{a comment game}\n\n[Result "1-0"]\n1. c4 1-0\n',
  "no blank line":
    '[Result "1-0"]\n1. e4 e5 1-0\n[Result "0-1"]\n1. d4 d5 0-1\n',
  "a token after the result":
    '[Result "1-0"]\n\n1. e4 e5 1-0 1. d4 d5 * 3. c4 $1 e5 ( d4 ) 1-0 *\n',
  "a blank line in the moves":
    '[Result "1-0"]\n\n1. e4 e5 2. Nf3\n\n2... Nc6 3. Bb5 1-0\n',
  "comments that hide tags":
    '[Result "1-0"]\n\n1. e4 {\n\n[Event "not a tag"]\n\n} e5 ; [Event "nor this"]\n2. Nf3 1-0\n\n[Result "0-1"]\n\n1. d4 0-1\n',
  "a % line": '[Result "1-0"]\n\n1. e4\n% [Event "hidden"]\ne5 1-0\n',
  "tags written otherwise":
    '[Event "a \\"quoted\\" name"]\n[Site  "two spaces"] \n[Result "1-0"][Round "1"]\n\n1. e4 1-0\n\n[Event "b"]\n\n[Site "after a blank line"]\n\n1. d4 *\n\n[Event "b"]\n\n[Event "again"]\n\n1. c4 *\n',
  "null moves and lenient spellings":
    '[Result "*"]\n\n1. e4 -- 2. d4 Z0 3. Nf3 Nf6 4. Be2 e6 5. 0-0 Be7 6. e8(Q) *\n\n1. e4 d5 2. exd5 e5 3. dxe6 e.p. *\n',
  "NAGs":
    '[Result "1-0"]\n\n$1 1. e4 $ e5 !? 2. Nf3 ! $14 1-0\n\n[Result "1-0"]\n\n! 1. d4 1-0\n',
  "letters of several bytes":
    '\ufeff[Event "caf\u00e9"]\n[Result "1\u20130"]\n\n1. e4\u00a0e5 2. Nf3 1\u20130\n\n[Event "b"]\n\n1. d4 {\u00e9t\u00e9} d5 *\n',
  "castling, promotion, en passant":
    '[Result "1-0"]\n\n1. e4 d5 2. e5 f5 3. exf6 g6 4. fxg7 Nf6 5. gxh8=Q Bg7 6. Nf3 O-O 7. Bc4 Nc6 8. O-O Bf5 9. Re1 Qd7 10. d3 O-O-O 1-0\n',
  "CRLF":
    '[Event "a"]\r\n[Result "0-1"]\r\n\r\n1. e4 e5 2. Nf3 0-1\r\n\r\n[Event "b"]\r\n\r\n1. d4 *\r\n',
  "an unclosed comment":
    '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Result "0-1"]\n\n1. d4 { never closed\n',
  "a tag cut by the end": '[Result "1-0"]\n\n1. e4 1-0\n\n[Event "cut',
  "a long token": `[Result "1-0"]\n\n1. e4 ${"x".repeat(300)} e5 1-0\n`,
  "parentheses and stray characters":
    '[Result "1-0"]\n\n1. e4 ) e5 1-0\n\n[Event "b"]\n\n1. d4 @ d5 *\n\n1-0 \u00a7\n[Event "c"]\n\n1. c4 *\n',
  "numbers alone": '1.\n\n[Event "a"]\n\n1. e4 12 e5 2.\n\n3... *\n',
  "an error after games read fast":
    '[Result "1-0"]\n\n1. e4 {a\nmulti-line\ncomment} e5 ; rest\n2. Nf3 1-0\n\n[Result "0-1"]\n\n1. d4 d5\n2. Bg5 Nf6 3. Ke3 *\n\n[Result "1-0"]\n\n1. e4 1-0 1. d4 Kd7 *\n',
  "results and dashes in the moves skipped":
    '[Result "1-0"]\n\n1. e4 e5 2. O-O-O 11-0 a1-0 1/2 2-1 {1-0\n0-1} 3. Nf3 e1-0 1/2-1/2\n\n[Result "0-1"]\n\n1. d4 d5 2. c4 -- / 0-10 0-1 [Event "b"]\n\n1. e4 e5 2. Nf3 3.1-0\n\n[Event "c"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n{\n\n}\n[Event "d"]\n\n1. e4 Ke7 2. Ke3 *\n',
  "an empty game and a lone result":
    '[Event "a"]\n\n*\n\n[Event "b"]\n[Result "1-0"]\n\n1-0 *\n',
};

for (const [label, text] of Object.entries(TRICKY)) {
  Deno.test(`the reader for counts agrees with the walker: ${label}`, () => {
    agree(text, label);
  });
}

Deno.test("the reader for counts reads the common games itself, the others through the PGN reader", () => {
  const common =
    '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Result "0-1"]\n\n1. d4 d5 0-1\n';
  const bytes = new TextEncoder().encode(common + TRICKY["a FEN tag"]);
  const got = byReader(bytes, 1024, 1 << 16);
  assert.deepEqual([got.fast, got.games], [3, 4]);
});

Deno.test("the reader for counts hands a stream whose game never ends to the PGN reader, in bounded memory", () => {
  const games = GAMES.split(/\n\n(?=\[Event)/).slice(0, 16).join("\n\n");
  // a comment never closed after the second game: the rest is one comment
  const text = games.replace(/\{[^}]*\}/g, ""); // no } left after the cut
  const cut = text.indexOf("[Event", 1500);
  const unclosed = text.slice(0, cut) + "{ never closed\n\n" + text.slice(cut);
  const bytes = new TextEncoder().encode(unclosed);
  for (const maxPly of [3, 1024]) {
    const expected = byWalker(bytes, maxPly, 1 << 16);
    const got = byReader(bytes, maxPly, 500, 8000);
    assert.deepEqual(got.lines, expected);
    assert.ok(got.fast >= 1);
  }
});
