// The export format: the seven-tag roster first, lines of at most 79
// characters, move numbers, comments, NAGs and variations kept, and a text
// that reads back to the same game and writes again to the same text.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import {
  parsePgn,
  type PgnGame,
  PgnGame as Game,
  type PgnLine,
  stringifyPgn,
} from "../../../lib/pgn/mod.ts";

/** What must survive a round trip: tags, moves, comments (their text exactly), NAGs, variations, result. */
function tree(line: PgnLine): unknown {
  const out: unknown[] = [line.comments];
  const stack: [PgnLine, unknown[]][] = [[line, out]];
  while (stack.length > 0) {
    const [current, into] = stack.pop()!;
    for (const move of current.moves) {
      const variations: unknown[] = [];
      into.push([
        move.san,
        move.nags,
        move.comments,
        variations,
      ]);
      for (const variation of move.variations) {
        const sub: unknown[] = [variation.comments];
        variations.push(sub);
        stack.push([variation, sub]);
      }
    }
  }
  return out;
}

function same(a: PgnGame, b: PgnGame): void {
  assert.deepEqual(tree(b.mainline), tree(a.mainline));
  assert.equal(b.result ?? "*", a.result ?? "*");
  for (const [name, value] of a.tags) {
    // The Result tag is written as the marker says, when there is one.
    const expected = name === "Result" ? a.result ?? value : value;
    assert.equal(b.tags.get(name), expected, name);
  }
}

const SAMPLE = `[Black "Anderssen, Adolf"]
[White "Kieseritzky, Lionel"]
[Event "London \\"casual\\""]
[ECO "C33"]
[Result "0-1"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 {the Bryan Counter-Gambit, a long comment that will
have to be broken across lines because it does not fit on one} 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5
8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15.
Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 (18... Qxa1+ 19. Ke2 Qb2 $4 (19... Bxg1)) 19. e5 Qxa1+ 20.
Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+! Nxf6 23. Be7# 1-0
`;

Deno.test("stringify: the roster first and in order, the other tags after, escapes", () => {
  const [game] = parsePgn(SAMPLE);
  const text = stringifyPgn(game);
  const tags = text.split("\n\n")[0].split("\n");
  assert.deepEqual(tags, [
    '[Event "London \\"casual\\""]',
    '[Site "?"]',
    '[Date "????.??.??"]',
    '[Round "?"]',
    '[White "Kieseritzky, Lionel"]',
    '[Black "Anderssen, Adolf"]',
    '[Result "1-0"]', // the marker's, over the tag that said otherwise
    '[ECO "C33"]',
  ]);
});

Deno.test("stringify: lines of at most 79 characters, move numbers, black's after a break", () => {
  const [game] = parsePgn(SAMPLE);
  const text = stringifyPgn(game);
  const movetext = text.split("\n\n")[1];
  for (const line of text.split("\n")) assert.ok(line.length <= 79, line);
  assert.ok(
    movetext.startsWith(
      "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5\n" +
        "{the Bryan Counter-Gambit, a long comment that will\nhave to be broken",
    ),
    movetext,
  );
  assert.match(movetext, /\} 5\. Bxb5 Nf6/);
  // Tokens with a space or a line break between them.
  assert.match(
    movetext.replaceAll("\n", " "),
    /18\. Bd6 Bxg1 \(18\.\.\. Qxa1\+ 19\. Ke2 Qb2 \$4 \(19\.\.\. Bxg1\)\) 19\. e5/,
  );
  assert.match(
    movetext.replaceAll("\n", " "),
    /22\. Qf6\+ \$1 Nxf6 23\. Be7# 1-0 $/,
  );
});

Deno.test("stringify: parse, write, parse is the same game; write again is the same text", () => {
  const texts = [
    SAMPLE,
    "{start} 1. d4 ({a} 1. e4 {b} $2 (1. c4) e5) 1... d5 $1 $14 ({c}) 2. c4 *",
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R b K - 3 40"]\n\n40... Kd7 41. O-O (41. Rh7+ Ke6) 41... Ke6 1/2-1/2',
    '[Variant "Chess960"]\n[FEN "rk5r/8/8/8/8/8/8/RK2R3 w KQkq - 0 1"]\n\n1. O-O O-O-O *',
    "1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 {[%csl Ge4][%cal Rd1h5]} *",
  ];
  for (const text of texts) {
    const [first] = parsePgn(text);
    const written = stringifyPgn(first);
    const [second] = parsePgn(written);
    same(first, second);
    assert.equal(stringifyPgn(second), written);
    assert.deepEqual(
      Array.from(second.positions({ variations: true }), (p) => p.fen),
      Array.from(first.positions({ variations: true }), (p) => p.fen),
    );
  }
});

Deno.test("stringify: a comment is one token, its text as it is: longer than a line, a line of its own", () => {
  const fits = "x".repeat(79 - "{} *".length);
  const long = "a b".repeat(40);
  const [game] = parsePgn(
    `{${fits}} 1. e4 {${long}} e5 {[%clk  0:01:00]\t[%eval\n0.3]} ({${long}}) *`,
  );
  const text = stringifyPgn(game);
  assert.equal(
    text.split("\n\n")[1],
    `{${fits}}\n1. e4\n{${long}}\n1... e5 {[%clk  0:01:00]\t[%eval\n0.3]}\n` +
      `({${long}}\n) *\n`,
  );
  same(game, parsePgn(text)[0]);
  assert.equal(game.mainline.moves[1].clock, 60);
});

Deno.test("stringify: SetUp and FEN for a game made by hand from another start", () => {
  const game = new Game({ start: parseFen("4k3/8/8/8/8/8/8/4K2R b K - 0 12") });
  const text = stringifyPgn(game);
  assert.match(
    text,
    /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/8\/4K2R b K - 0 12"\]\n\n\*\n$/,
  );
  const chess960 = new Game({
    start: parseFen("4k3/8/8/8/8/8/8/4K2R b K - 0 12"),
    chess960: true,
  });
  assert.match(stringifyPgn(chess960), /\[Variant "Chess960"\]/);
});

Deno.test("stringify: options leave out variations or comments", () => {
  const [game] = parsePgn("{a} 1. e4 {b} (1. d4 {c}) 1... e5 $1 *");
  assert.match(
    stringifyPgn(game, { variations: false }),
    /\n\{a\} 1\. e4 \{b\} 1\.\.\. e5 \$1 \*\n$/,
  );
  assert.match(
    stringifyPgn(game, { comments: false }),
    /\n1\. e4 \(1\. d4\) 1\.\.\. e5 \$1 \*\n$/,
  );
});

Deno.test("stringify: what cannot be written is refused", () => {
  const [game] = parsePgn("1. e4 *");
  (game.mainline.moves[0] as { comments: readonly string[] }).comments = [
    "a }\nb",
  ];
  assert.throws(() => stringifyPgn(game), TypeError);
  const [semicolon] = parsePgn("1. e4 ; a } b\n*");
  assert.match(stringifyPgn(semicolon), /\n1\. e4 ;a \} b\n\*\n$/);
  same(semicolon, parsePgn(stringifyPgn(semicolon))[0]);
  const [tagged] = parsePgn("1. e4 *");
  tagged.tags.set("Bad name", "x");
  assert.throws(() => stringifyPgn(tagged), /cannot be written/);
  const [broken] = parsePgn("1. e4 *");
  broken.tags.set("Event", "two\nlines");
  assert.throws(() => stringifyPgn(broken), TypeError);
});

Deno.test("stringify: 100,000 nested variations, written without recursion", () => {
  const depth = 100_000;
  const [game] = parsePgn(
    "1. e4 " + "(1. d4 ".repeat(depth) + ")".repeat(depth) + " e5 *",
  );
  const text = stringifyPgn(game);
  for (const line of text.split("\n")) assert.ok(line.length <= 79);
  const [again] = parsePgn(text);
  let count = 0;
  for (const _ of again.positions({ variations: true })) count++;
  assert.equal(count, depth + 3);
});

Deno.test("stringify: a ) that does not fit takes its move to the next line", () => {
  // Lines of moves whose variations close at every column.
  for (let pad = 0; pad < 12; pad++) {
    const [game] = parsePgn(
      "1. e4 e5 " + "2. Nf3 Nf6 3. Ng1 Ng8 ".repeat(4 + pad) +
        "4. Nf3 (4. Nc3 Nc6 5. Nb1 (5. Na4)) *",
    );
    const text = stringifyPgn(game);
    for (const line of text.split("\n")) assert.ok(line.length <= 79, line);
    same(game, parsePgn(text)[0]);
  }
});
