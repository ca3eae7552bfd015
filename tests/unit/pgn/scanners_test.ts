// The PGN lexer's modes held against each other, with the readers made of
// them: the PGN reader (the lexer's text mode and the game builder), the
// reader for counts (`book make`: a visitor of the lexer's skim mode,
// which hands the text mode what it does not read), a visitor of the skim
// mode that takes only the tags (SKIP after them, as python-chess's
// headers builder), and the `--jobs` part cutter (where a stream is cut
// into parts read apart). On the hostile texts, the test data and
// generated games, LF or CRLF, whatever the chunks: the skim mode gives the
// games, tags, moves, results and errors the text mode gives, and reading
// the parts apart gives what reading the whole gives.

import assert from "node:assert/strict";
import fc from "fast-check";
import { PgnReader } from "../../../lib/pgn/reader.ts";
import { PgnWalker } from "../../../lib/pgn/walker.ts";
import { GameBuilder } from "../../../lib/pgn/_builder.ts";
import { GameTree } from "../../../lib/pgn/_outputs.ts";
import { PgnStream } from "../../../lib/pgn/_stream.ts";
import { MainlineReader } from "../../../lib/pgn/mainline.ts";
import {
  FULL,
  GO,
  SkimLexer,
  type SkimVisitor,
  SKIP,
} from "../../../lib/pgn/_lexer_skim.ts";
import type { TagAt } from "../../../lib/pgn/_lexer_bytes.ts";
import type { PgnGame, PgnPosition } from "../../../lib/pgn/game.ts";
import { countLines, gameCut } from "../../../lib/cli/source_parts.ts";
import { SQUARE_NAMES } from "../../../lib/_tables.ts";
import { moveTo } from "../../../lib/chess/move.ts";
import { TRICKY } from "./_samples.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const testdata = (name: string): string =>
  Deno.readTextFileSync(new URL(`../../testdata/${name}`, import.meta.url));

/** Hostile texts: line ends of every kind where comments and tags end. */
const HOSTILE: Record<string, string> = {
  "a ; comment ended by a lone CR": "1. e4 ;x\r e5 2. Nf3 *\n",
  "a ; comment ended by a lone CR, then a result":
    '[Result "1-0"]\n\n1. e4 e5 ;x\r1-0\n\n[Result "0-1"]\n\n1. d4 0-1\n',
  "a ; comment ended by a lone CR, then a comment over a tag":
    '[Event "a"]\n\n1. e4 ;x\r{\n\n[Event "hidden"]\n\n} e5 *\n\n[Event "b"]\n\n1. d4 *\n',
  "a ; comment ended by a lone CR past the plies counted":
    '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 ;x\r{\n\n[Event "hidden"]\n\n} 3. Bb5 *\n\n[Event "b"]\n\n1. d4 *\n',
  "the hostile test's lone CR": "1. e4 ;a } comment\re5 2. Nf3 {x} ;y\r\n*\n",
  "a lone CR and nothing after": ";}\r\0",
  "a comment after a tag on its line":
    '[Event "a"] {\n\n[Event "hidden"]\n\n}\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n',
  "a blank line inside the tags":
    '[Event "a"]\n\n[Site "same game"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n',
  "CR only":
    '[Event "a"]\r[Result "1-0"]\r\r1. e4 e5 1-0\r\r[Event "b"]\r\r1. d4 *\r',
  "unterminated at the end": '1. e4 {never closed\n\n[Event "x"]\n\n1. d4 *',
  "a tag cut": '[Event "x',
  "a long token": "1. e4 " + "N".repeat(300) + " *\n\n1. d4 *",
  "blank lines of form feeds and vertical tabs":
    '[Event "a"]\n\f\n1. e4 *\n\v\n[Event "b"]\n \f\t\r\n1. d4 e5\n\f\n[Event "c"]\n\n1. c4 *\n',
  "a game whose tags went wrong, then a tag it repeats after a blank line":
    '[Event "0"]\n[Result "*"]\n\n* [ *\n\n[Event "1"]\n[Result "*"]\n\n1. [ {\n\n[Event "in a comment"]\n\n} *\n',
  // found by the generated games: the part cut at the third game's tag
  // read it, the reader in one piece did not (the second kept no tag names)
  // found by a review: a tag section ended by a name the reader knew from
  // before the line found before the cut, which a read from there does not
  "tags, a comment line, a blank line and tags, twice":
    '[A "1"]\n{c}\n\n[B "1"]\n\n[A "1"]\n{c}\n\n[B "1"]\n\n1. e4 *\n',
  "tags, a ; line, a blank line and tags, twice":
    '[A "1"]\n;c\n\n[B "1"]\n\n[A "1"]\n;c\n\n[B "1"]\n\n1. e4 *\n',
  "tags, a stray [, a blank line and tags, twice":
    '[A "1"]\n [ *\n\n[B "1"]\n\n[A "1"]\n [ *\n\n[B "1"]\n\n1. e4 *\n',
  "a game whose tags went wrong, then two tag sections after blank lines":
    '[Event "0"]\n[Result "*"]\n\n    1. a4 e5 \n\n [ *\n\n[Event "1"]\n[Result "*"]\n\n1. \n\n[Event "t"]\n\n *\n',
};

/** The test data's games (the first of the Stockfish games). */
const DATA: Record<string, string> = {
  "lichess_style.pgn": testdata("lichess_style.pgn"),
  "lichess_variants.pgn": testdata("lichess_variants.pgn"),
  "stockfish_games.pgn": testdata("stockfish_games.pgn")
    .split(/\n\n(?=\[Event)/).slice(0, 8).join("\n\n"),
};

const SAMPLES: [string, string][] = [
  ...Object.entries(TRICKY),
  ...Object.entries(HOSTILE),
  ...Object.entries(DATA),
];

/** A move as its squares (the castling rook's for castling), as Polyglot names it. */
function squares(p: PgnPosition): string {
  return `${p.from}${p.castlingRook ?? p.to}${p.promotion ?? ""}`;
}

/** A game as a line: number, Result tag, mainline moves, error. */
function gameLine(game: PgnGame, moves: string[]): string {
  return `${game.number} [${game.tags.get("Result") ?? ""}] ${
    moves.join(" ")
  } ${game.error?.message ?? ""}`;
}

/** The games the PGN reader reads in the whole text, as lines. */
function byReader(text: string): string[] {
  const reader = new PgnReader();
  return [...reader.push(text), ...reader.end()].map((game) =>
    gameLine(
      game,
      [...game.positions()].slice(1).map(squares),
    )
  );
}

/**
 * The games the PGN walker reads in the whole text, the moves of each
 * game's first `maxPly` plies, as lines.
 */
function byWalker(text: string, maxPly: number): string[] {
  const lines: string[] = [];
  let moves: string[] = [];
  const walker = new PgnWalker({
    position: (p) => void (p.ply === 0 ? moves = [] : moves.push(squares(p))),
    end(game, last) {
      lines.push(gameLine(game, last === null ? [] : moves));
      moves = [];
    },
  }, { maxPly });
  walker.push(text);
  walker.end();
  return lines;
}

/**
 * The games the reader for counts reads, fed `chunk` bytes at a time, the
 * moves of each game's first `maxPly` plies.
 */
function byMainline(
  bytes: Uint8Array,
  chunk: number,
  maxPly = 1 << 20,
): string[] {
  const lines: string[] = [];
  let moves: string[] = [];
  let fallback: string[] = [];
  const reader = new MainlineReader({
    start: () => void (moves = []),
    move(_board, code) {
      const promotion = (code >> 12) & 7;
      moves.push(
        `${SQUARE_NAMES[code & 63]}${SQUARE_NAMES[moveTo(code)]}${
          promotion ? "  nbrq"[promotion] : ""
        }`,
      );
    },
    end: (result) =>
      void lines.push(`${reader.games} [${result}] ${moves.join(" ")} `),
    drop: () => void (moves = []),
  }, {
    maxPly,
    fallback: {
      position(p) {
        if (p.ply === 0) fallback = [];
        else fallback.push(squares(p));
      },
      end(game, last) {
        if (last === null) fallback = [];
        lines.push(gameLine(game, fallback));
        fallback = [];
      },
    },
  });
  for (let i = 0; i < bytes.length; i += chunk) {
    reader.push(bytes.slice(i, i + chunk));
  }
  reader.end();
  return lines;
}

/** A game's tags as a line: number, then each name and value. */
function tagLine(number: number, tags: Map<string, string>): string {
  return `${number} ${JSON.stringify([...tags])}`;
}

/** The games the PGN reader reads in the whole text, as their tags. */
function tagsByReader(text: string): string[] {
  const reader = new PgnReader();
  return [...reader.push(text), ...reader.end()].map((game) =>
    tagLine(game.number, game.tags)
  );
}

/**
 * The skim mode's visitor that takes a game's tags and answers SKIP after
 * them (python-chess's headers builder): no move is handed on. `fullAt`
 * (a tag name) asks for the text mode, whose games are added as they come.
 */
class TagsVisitor implements SkimVisitor {
  readonly lines: string[] = [];
  #tags = new Map<string, string>();
  moves = 0;
  constructor(readonly fullAt: string) {}
  beginGame(): void {
    this.#tags = new Map();
  }
  tag(text: Uint8Array, at: TagAt): number {
    const name = decoder.decode(text.subarray(at.name, at.nameEnd));
    this.#tags.set(name, decoder.decode(text.subarray(at.value, at.valueEnd)));
    return name === this.fullAt ? FULL : GO;
  }
  endHeaders(): number {
    return SKIP;
  }
  move(): number {
    this.moves++;
    return GO;
  }
  endGame(): void {
    this.lines.push(tagLine(this.lines.length + 1, this.#tags));
  }
  drop(): void {}
}

/** The games of `bytes` as their tags, by the skim mode and TagsVisitor. */
function tagsBySkim(bytes: Uint8Array, chunk: number, fullAt = ""): string[] {
  const visitor = new TagsVisitor(fullAt);
  const lexer = new SkimLexer(visitor, {
    full(at) {
      const tree = new GameTree();
      const games = visitor.lines.length;
      const stream = new PgnStream(
        new GameBuilder({ strict: false, games }, tree),
        {},
        at,
      );
      return {
        push: (bytes) => stream.push(bytes),
        end() {
          stream.end();
          for (const game of tree.games) {
            visitor.lines.push(tagLine(game.number, game.tags));
          }
        },
      };
    },
  });
  for (let i = 0; i < bytes.length; i += chunk) {
    lexer.push(bytes.slice(i, i + chunk));
  }
  lexer.end();
  assert.equal(visitor.moves, 0, "a move handed on after SKIP");
  return visitor.lines;
}

/**
 * Every cut the part cutter makes in the text, as `--jobs` reads it: the
 * last game start of each prefix that ends a line (and of the whole).
 */
function cutsOf(bytes: Uint8Array): number[] {
  const cuts = new Set<number>();
  // in a long text, the prefixes that end after a tag line
  const every = bytes.length < 4000;
  for (let end = 1; end <= bytes.length; end++) {
    if (end < bytes.length && bytes[end - 1] !== 10) continue;
    const lineStart = bytes.lastIndexOf(10, end - 2) + 1;
    if (!every && end < bytes.length && bytes[lineStart] !== 91) continue;
    const cut = gameCut(bytes.subarray(0, end));
    if (cut !== null) cuts.add(cut.end);
  }
  return [...cuts].sort((a, b) => a - b);
}

/** The games of `bytes` read as two parts apart, cut at `cut`, as lines. */
function byParts(bytes: Uint8Array, cut: number): string[] {
  const lines: string[] = [];
  let games = 0;
  for (const [from, to] of [[0, cut], [cut, bytes.length]]) {
    const tree = new GameTree();
    const builder = new GameBuilder({ strict: false, games }, tree);
    const line = countLines(bytes, 0, from) + 1;
    const stream = new PgnStream(builder, {}, { line, column: 1 });
    stream.push(bytes.slice(from, to));
    stream.end();
    games += tree.games.length;
    for (const game of tree.games) {
      lines.push(gameLine(game, [...game.positions()].slice(1).map(squares)));
    }
  }
  return lines;
}

/** The readers agree on `text`; `label` names it in the failure. */
function agree(text: string, label: string): void {
  const expected = byReader(text);
  const bytes = encoder.encode(text);
  // byte by byte only for short texts: a game cut by each byte is joined again
  const small = bytes.length < 4000 ? [1] : [];
  const tags = tagsByReader(text);
  for (const chunk of [...small, 7, 64, bytes.length + 1]) {
    assert.deepEqual(
      byMainline(bytes, chunk),
      expected,
      `reader for counts, ${label}, chunks of ${chunk}`,
    );
    assert.deepEqual(
      tagsBySkim(bytes, chunk),
      tags,
      `the skim mode's tags, ${label}, chunks of ${chunk}`,
    );
    // a visitor's FULL: the game from its start read by the text mode
    assert.deepEqual(
      tagsBySkim(bytes, chunk, "Result"),
      tags,
      `the skim mode's tags, FULL at Result, ${label}, chunks of ${chunk}`,
    );
  }
  // past the plies counted, the reader for counts skims to the game's end
  for (const maxPly of [0, 3]) {
    const walked = byWalker(text, maxPly);
    for (const chunk of [...small, 64, bytes.length + 1]) {
      assert.deepEqual(
        byMainline(bytes, chunk, maxPly),
        walked,
        `reader for counts, ${label}, max-ply ${maxPly}, chunks of ${chunk}`,
      );
    }
  }
  for (const cut of cutsOf(bytes)) {
    assert.deepEqual(
      byParts(bytes, cut),
      expected,
      `parts cut at ${cut} (${
        JSON.stringify(decoder.decode(bytes.subarray(cut, cut + 20)))
      }…), ${label}`,
    );
  }
}

for (const [label, text] of SAMPLES) {
  Deno.test(`the PGN lexer's modes and the part cutter agree: ${label}`, () => {
    agree(text, label);
    // and with CRLF line ends
    agree(text.replace(/\r?\n/g, "\r\n"), `${label}, CRLF`);
  });
}

/** A real game's moves, to interleave with what readers part on. */
const MOVES = DATA["stockfish_games.pgn"].split(/\n\n(?=\[Event)/)
  .map((game) => game.split("\n\n")[1] ?? "")
  .filter((moves) => moves.length > 0 && !moves.includes("{"))
  .slice(0, 3)
  .map((moves) => moves.split(/\s+/).filter((t) => t !== "").slice(0, 16));

/** What may come between two moves: comments, line ends, tags, stray text. */
const BETWEEN = fc.constantFrom(
  " ",
  "\n",
  "\r\n",
  "\r",
  "\n\n",
  "{c}",
  '{\n\n[Event "in a comment"]\n\n}',
  "{",
  "}",
  ";x\r",
  ";x\n",
  ";x\r{",
  ";x\r\n",
  "\n%x\r{\n",
  "$1",
  "!?",
  "(",
  ")",
  "(1. d4)",
  "*",
  "1-0",
  '\n[Event "t"]\n',
  '\n\n[Event "t"]\n\n',
  '\n\n[Site "s"] {x\n\n',
  "[",
  "\t",
);

/** Games of real moves with the pieces of BETWEEN between some of them. */
const GAMES = fc.array(
  fc.record({
    moves: fc.constantFrom(...MOVES),
    plies: fc.nat({ max: 16 }),
    noise: fc.array(fc.tuple(fc.nat({ max: 16 }), BETWEEN), { maxLength: 4 }),
  }),
  { minLength: 1, maxLength: 4 },
).map((games) =>
  games.map(({ moves, plies, noise }, k) => {
    const tokens = moves.slice(0, plies).map((t) => t);
    for (const [at, piece] of noise) {
      const i = Math.min(at, tokens.length);
      tokens.splice(i, 0, piece);
    }
    return `[Event "${k}"]\n[Result "*"]\n\n${tokens.join(" ")} *\n`;
  }).join("\n")
);

Deno.test("the PGN lexer's modes and the part cutter agree on generated games", () => {
  fc.assert(
    fc.property(GAMES, (text) => {
      agree(text, JSON.stringify(text));
    }),
    { numRuns: Number(Deno.env.get("PGN_RUNS") ?? 300) },
  );
});
