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
import { TRICKY } from "./_samples.ts";
import { randomOf } from "../_random.ts";

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

Deno.test("texts edited at random (seeded): the reader for counts agrees with the walker, whatever the chunks", () => {
  const sample = Deno.readTextFileSync(
    new URL("../../testdata/lichess_style.pgn", import.meta.url),
  );
  // the pieces of PGN that readers part on, put in, taken out, replaced
  const pieces = [
    "$",
    "$1",
    "%",
    "%x\n",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ";",
    "*",
    "\n",
    "\n\n",
    '"',
    " ",
    "1-0",
    "e4",
    ".",
    '[Event "z"]',
  ];
  const random = randomOf(7);
  let edited = 0;
  // from a game's start, and from the middle of one (a comment cut)
  for (const from of [0, 3000]) {
    for (let k = 0; k < 250; k++) {
      let text = sample.slice(from, from + 3000);
      for (let e = 1 + random(3); e > 0; e--) {
        const at = random(text.length), piece = pieces[random(pieces.length)];
        const cut = random(3) === 0 ? 0 : 1 + random(3);
        text = text.slice(0, at) + piece + text.slice(at + cut);
      }
      const bytes = new TextEncoder().encode(text);
      const expected = byWalker(bytes, 12, bytes.length + 1);
      for (const chunk of [bytes.length + 1, 61]) {
        assert.deepEqual(
          byReader(bytes, 12, chunk).lines,
          expected,
          `${JSON.stringify(text)}, chunks of ${chunk}`,
        );
      }
      edited++;
    }
  }
  assert.equal(edited, 500);
});
