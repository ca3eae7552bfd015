// The PGN reader: tags and their escapes, movetext tokens, comments and
// NAGs, results, escape lines, how games are separated in the wild, chunks
// cut anywhere, bytes in UTF-8 and ISO 8859-1, and errors with their places.

import assert from "node:assert/strict";
import {
  parsePgn,
  type PgnGame,
  PgnMoveError,
  PgnReader,
  type PgnReaderOptions,
  PgnSyntaxError,
  readPgn,
} from "../../../lib/pgn/mod.ts";

/** Every game of `text`, errors kept, read in one chunk. */
function readAll(text: string, options: PgnReaderOptions = {}): PgnGame[] {
  const reader = new PgnReader(options);
  return [...reader.push(text), ...reader.end()];
}

function sans(game: PgnGame): string {
  return game.mainline.moves.map((m) => m.san).join(" ");
}

/** What a test compares of a game: tags, moves, comments, NAGs, result, error. */
function summary(game: PgnGame): unknown {
  return {
    tags: [...game.tags],
    moves: game.mainline.moves.map((
      m,
    ) => [m.san, m.comments, m.nags, m.variations.length]),
    comments: game.mainline.comments,
    result: game.result,
    error: game.error?.message ?? null,
  };
}

Deno.test("tags: any name, in order, with the standard's escapes", () => {
  const [game] = parsePgn(
    '[Event "A \\"quoted\\" name"]\n[Site "back\\\\slash"]\n[My_Tag2 ""]\n[Event2   "x"  ]\n\n*',
  );
  assert.deepEqual([...game.tags], [
    ["Event", 'A "quoted" name'],
    ["Site", "back\\slash"],
    ["My_Tag2", ""],
    ["Event2", "x"],
  ]);
  assert.equal(game.result, "*");
  assert.equal(game.mainline.moves.length, 0);
});

Deno.test("movetext: move numbers in every spelling, results", () => {
  for (
    const text of [
      "1. e4 e5 2. Nf3 1-0",
      "1.e4 e5 2.Nf3 1-0",
      "1. e4 1... e5 2. Nf3 1-0",
      "1.e4 1...e5 2.Nf3 1-0",
      "1 . e4 e5 2 . Nf3 1-0",
      "e4 e5 Nf3 1-0",
    ]
  ) {
    const [game] = parsePgn(text);
    assert.equal(sans(game), "e4 e5 Nf3", text);
    assert.equal(game.result, "1-0", text);
  }
  for (const result of ["1-0", "0-1", "1/2-1/2", "*"]) {
    assert.equal(parsePgn(`1. d4 ${result}`)[0].result, result);
  }
  const [unfinished] = parsePgn("1. d4 d5");
  assert.equal(unfinished.result, null);
  assert.equal(sans(unfinished), "d4 d5");
});

Deno.test("movetext: comments, rest-of-line comments, escape lines", () => {
  const text = [
    "% an escape line, for other programs",
    "{before} 1. e4 {after e4} {twice} e5 ; to the end of the line",
    "%not at the start of the line? It is: skipped too",
    "2. Nf3 {multi",
    "line} *",
  ].join("\n");
  const [game] = parsePgn(text);
  assert.deepEqual(summary(game), {
    tags: [],
    moves: [
      ["e4", ["after e4", "twice"], [], 0],
      ["e5", ["to the end of the line"], [], 0],
      ["Nf3", ["multi\nline"], [], 0],
    ],
    comments: ["before"],
    result: "*",
    error: null,
  });
});

Deno.test("movetext: NAGs and suffix annotations", () => {
  const [game] = parsePgn(
    "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $32 Nf6 ! 5. O-O!? *",
  );
  assert.deepEqual(
    game.mainline.moves.map((m) => [m.san, m.nags]),
    [
      ["e4", [1]],
      ["e5", [2]],
      ["Nf3", [3]],
      ["Nc6", [4]],
      ["Bb5", [5]],
      ["a6", [6]],
      ["Ba4", [14, 32]],
      ["Nf6", [1]],
      ["O-O", [5]],
    ],
  );
});

Deno.test("movetext: nested variations, with comments before their moves", () => {
  const [game] = parsePgn(
    "1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) ({French} 1... e6) 2. Nf3 *",
  );
  const e5 = game.mainline.moves[1];
  assert.equal(sans(game), "e4 e5 Nf3");
  assert.equal(e5.variations.length, 2);
  const [sicilian, french] = e5.variations;
  assert.deepEqual(sicilian.moves.map((m) => m.san), ["c5", "Nf3", "d6"]);
  assert.deepEqual(sicilian.moves[0].comments, ["Sicilian"]);
  assert.deepEqual(sicilian.moves[1].variations[0].moves.map((m) => m.san), [
    "c3",
    "d5",
  ]);
  assert.deepEqual(french.comments, ["French"]);
  assert.deepEqual(french.moves.map((m) => m.san), ["e6"]);
});

Deno.test("games: separated by blank lines, no blank lines, a BOM, CRLF", () => {
  const games = [
    '[Event "1"]\n\n1. e4 1-0\n\n[Event "2"]\n\n1. d4 0-1\n',
    '[Event "1"]\n1. e4 1-0\n[Event "2"]\n1. d4 0-1',
    '\uFEFF[Event "1"]\r\n\r\n1. e4 1-0\r\n\r\n\r\n\r\n[Event "2"]\r\n\r\n1. d4 0-1\r\n',
    '[Event "1"] 1. e4 1-0 [Event "2"] 1. d4 0-1',
    '\n\n\n[Event "1"]\n\n\n\n1. e4\n1-0\n\n\n\n[Event "2"]\n1.\nd4\n0-1\n\n\n',
    // A game without its result ends where the next game's tags start.
    '[Event "1"]\n1. e4\n[Event "2"]\n1. d4 0-1',
  ];
  for (const text of games) {
    const read = readAll(text);
    assert.deepEqual(
      read.map((g) => g.tags.get("Event")),
      ["1", "2"],
      JSON.stringify(text),
    );
    assert.deepEqual(read.map(sans), ["e4", "d4"]);
    assert.deepEqual(read.map((g) => g.number), [1, 2]);
  }
  assert.equal(
    readAll('[Event "1"]\n1. e4\n[Event "2"]\n1. d4 0-1')[0].result,
    null,
  );
  assert.deepEqual(readAll("1. e4 1-0 1. d4 0-1").map(sans), ["e4", "d4"]);
  assert.deepEqual(readAll(""), []);
  assert.deepEqual(readAll("\n \r\n\t\n"), []);
});

Deno.test("games: their first line and number", () => {
  const games = readAll('\n[Event "a"]\n1. e4 *\n\n\n[Event "b"]\n1. d4 *\n');
  assert.deepEqual(games.map((g) => [g.number, g.line]), [[1, 2], [2, 6]]);
});

Deno.test("chunks: every cut of the text reads the same games", () => {
  const text = '\uFEFF[Event "A \\"q\\""]\r\n[Site "x"]\r\n\r\n% escape\r\n' +
    "1. e4 {a [%clk 0:01:00]} e5!? (1... c5 $1 ; rest\r\n2. Nf3) 2. Nf3 e8(Q)?? 1-0\r\n" +
    '[Event "B"]\n1.d4 d5 2.c4 *';
  const whole = readAll(text).map(summary);
  assert.equal(whole.length, 2);
  for (let size = 1; size <= 9; size++) {
    const reader = new PgnReader();
    const games: PgnGame[] = [];
    for (let i = 0; i < text.length; i += size) {
      games.push(...reader.push(text.slice(i, i + size)));
    }
    games.push(...reader.end());
    assert.deepEqual(games.map(summary), whole, `chunks of ${size}`);
  }
  for (let cut = 0; cut <= text.length; cut++) {
    const reader = new PgnReader();
    const games = [
      ...reader.push(text.slice(0, cut)),
      ...reader.push(text.slice(cut)),
      ...reader.end(),
    ];
    assert.deepEqual(games.map(summary), whole, `cut at ${cut}`);
  }
});

Deno.test("bytes: UTF-8, ISO 8859-1 when not UTF-8, cut anywhere", async () => {
  const utf8 = new TextEncoder().encode(
    '\uFEFF[White "Ré\u00e9ti ♔"]\n\n1. e4 {café} *\n',
  );
  const latin1 = Uint8Array.from(
    '[White "R\u00e9ti"]\n\n1. e4 {caf\u00e9} *\n',
    (c) => c.charCodeAt(0),
  );
  for (
    const [bytes, white, comment] of [[utf8, "Ré\u00e9ti ♔", "café"], [
      latin1,
      "R\u00e9ti",
      "caf\u00e9",
    ]] as const
  ) {
    for (let size = 1; size <= bytes.length; size += 3) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) {
        chunks.push(bytes.subarray(i, i + size));
      }
      const games: PgnGame[] = [];
      for await (const game of readPgn(ReadableStream.from(chunks))) {
        games.push(game);
      }
      assert.equal(games.length, 1);
      assert.equal(games[0].tags.get("White"), white, `chunks of ${size}`);
      assert.deepEqual(games[0].mainline.moves[0].comments, [comment]);
    }
  }
});

Deno.test("bytes: a chunk of many kilobytes, decoded in pieces: characters across their edges, ISO 8859-1 found past the first", () => {
  // 2- and 3-byte characters: some fall across every 16 KiB edge
  const long = "é♔ab".repeat(8_000);
  const utf8 = new TextEncoder().encode(
    `[White "Réti"]\n\n1. e4 {${long}} *\n`,
  );
  const latin1 = Uint8Array.from(
    `[White "Reti"]\n\n1. e4 {${"ab".repeat(20_000)}} 1... e5 {caf\u00e9} *\n`,
    (c) => c.charCodeAt(0),
  );
  for (
    const [bytes, white, last] of [[utf8, "Réti", long], [
      latin1,
      "Reti",
      "caf\u00e9",
    ]] as const
  ) {
    assert.ok(bytes.length > 40_000);
    const reader = new PgnReader();
    const games = [...reader.push(bytes), ...reader.end()];
    assert.equal(games.length, 1);
    assert.equal(games[0].error, null);
    assert.equal(games[0].tags.get("White"), white);
    assert.deepEqual(games[0].mainline.moves.at(-1)!.comments, [last]);
  }
});

Deno.test("errors: a syntax error names game, line and column, and the next game is read", () => {
  const text =
    '[Event "ok"]\n1. e4 *\n\n[Event "broken]\n1. e4 e5 *\n\n[Event "next"]\n1. d4 *\n';
  const games = readAll(text);
  assert.deepEqual(games.map((g) => g.tags.get("Event") ?? null), [
    "ok",
    null,
    "next",
  ]);
  const error = games[1].error;
  assert.ok(error instanceof PgnSyntaxError);
  assert.ok(error instanceof SyntaxError);
  assert.deepEqual([error.game, error.line, error.column], [2, 4, 16]);
  assert.equal(
    error.message,
    "Cannot read PGN: game 2 (line 4, column 16): a tag value without its closing quote",
  );
  assert.equal(games[2].error, null);
  assert.equal(sans(games[2]), "d4");
});

Deno.test("errors: a game gone wrong in its tags ends at a tag name it met again after a blank line", () => {
  // The tags after the error are not the game's, but they are counted as a
  // sound game's are: the third game is read, as a part cut there reads it.
  const text = '[Event "0"]\n\n1. a4 *\n\n [ *\n\n[Event "1"]\n\n1. \n\n' +
    '[Event "t"]\n\n1. e4 *\n';
  const games = readAll(text);
  assert.deepEqual(
    games.map((g) => [g.line, [...g.tags], sans(g), g.error?.reason ?? null]),
    [
      [1, [["Event", "0"]], "a4", null],
      [5, [], "", "a tag name expected"],
      [11, [["Event", "t"]], "e4", null],
    ],
  );
});

Deno.test("errors: an illegal move ends its game there, the next game goes on", () => {
  const text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n" +
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n8. c3 O-O 9. h3 Nf6 *\n\n" +
    "1. d4 *";
  const games = readAll(text);
  assert.equal(games.length, 3);
  const error = games[1].error;
  assert.ok(error instanceof PgnMoveError);
  assert.ok(error instanceof RangeError);
  assert.deepEqual(
    [error.game, error.line, error.column, error.ply, error.move, error.code],
    [2, 5, 17, 18, "Nf6", "illegal"],
  );
  assert.equal(
    error.message,
    'Cannot read PGN: game 2 (line 5, column 17), move 9... "Nf6": illegal: no knight can move to f6',
  );
  // The positions before the error are there; nothing after it is.
  assert.equal(games[1].mainline.moves.length, 17);
  assert.equal([...games[1].positions()].length, 18);
  assert.equal(games[1].result, "*");
  assert.equal(sans(games[2]), "d4");
});

Deno.test("errors: ambiguity is named, malformed text and bad squares too", () => {
  const cases: [string, string, string][] = [
    [
      "1. Nf3 d5 2. d3 e5 3. Nd2",
      "ambiguous",
      'move 3. "Nd2": ambiguous, Nbd2 or Nfd2',
    ],
    ["1. e4 e9", "no-such-square", 'move 1... "e9": no such square'],
    ["1. e4 hello", "malformed", 'move 1... "hello": not a move in SAN or UCI'],
    [
      "1. e4 e5 2. Ke3",
      "illegal",
      'move 2. "Ke3": illegal: no king can move to e3',
    ],
  ];
  for (const [text, code, message] of cases) {
    const [game] = readAll(text);
    assert.ok(game.error instanceof PgnMoveError, text);
    assert.equal(game.error.code, code);
    assert.ok(game.error.message.includes(message), game.error.message);
  }
});

Deno.test("errors: unbalanced variations, NAG or variation before any move", () => {
  const cases: [string, string, number][] = [
    ["1. e4 e5 ) 2. Nf3 *", "a ) without its (", 10],
    ["1. e4 (1. d4 *", "a variation without its )", 7],
    ["( 1. e4 ) *", "a variation before any move", 1],
    ["$1 1. e4 *", "a NAG before any move", 1],
    ["1. e4 & *", 'unexpected "&"', 7],
  ];
  for (const [text, reason, column] of cases) {
    const [game, ...rest] = readAll(text + "\n\n1. d4 *");
    assert.ok(game.error instanceof PgnSyntaxError, text);
    assert.equal(game.error.reason, reason, text);
    assert.equal(game.error.column, column, text);
    assert.deepEqual(rest.map(sans), ["d4"], text);
  }
});

Deno.test("errors: a $ without a number after the tags starts the movetext as a NAG does: a tag after it starts the next game, kept whole", () => {
  // a stray `$` glued to the next tag, on its own, before a line's tag:
  // each is an error of its game, and the game after it is not lost in it
  for (const stray of ["$", "$ ", "$\n", "$1", "e4 "]) {
    const text = `[Event "a"]\n[Site "x"]${stray}[Date "2024.01.01"]\n` +
      '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Event "c"]\n\n1. d4 *\n';
    const games = readAll(text);
    assert.deepEqual(
      games.map((g) => [[...g.tags.keys()], sans(g), g.error?.reason ?? null]),
      [
        [
          ["Event", "Site"],
          stray === "e4 " ? "e4" : "",
          stray.startsWith("$1")
            ? "a NAG before any move"
            : stray === "e4 "
            ? null
            : "a $ without a number",
        ],
        [["Date", "Result"], "e4 e5", null],
        [["Event"], "d4", null],
      ],
      JSON.stringify(stray),
    );
  }
  // before any tag, and after a result: a game of its own, as `$1` is
  for (
    const text of [
      '$ [Event "b"]\n\n1. d4 *\n',
      '1. e4 1-0 $ [Event "b"]\n\n1. d4 *\n',
    ]
  ) {
    const games = readAll(text);
    assert.deepEqual(
      games.map((
        g,
      ) => [g.tags.get("Event") ?? null, sans(g), g.error?.reason ?? null]),
      [
        ...(text.startsWith("1.") ? [[null, "e4", null]] : []),
        [null, "", "a $ without a number"],
        ["b", "d4", null],
      ],
      JSON.stringify(text),
    );
  }
});

Deno.test("errors: parsePgn throws the first, the reader keeps every game", () => {
  const text = "1. e4 *\n\n1. e4 e4 *\n\n1. d4 *\n";
  assert.throws(() => parsePgn(text), PgnMoveError);
  assert.deepEqual(readAll(text).map((g) => g.error === null), [
    true,
    false,
    true,
  ]);
});

Deno.test("start positions: SetUp and FEN, Chess960 castling", () => {
  const [game] = parsePgn(
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 40"]\n\n40. O-O Kd7 41. Rf7+ *',
  );
  assert.equal(sans(game), "O-O Kd7 Rf7+");
  const last = [...game.positions()].at(-1)!;
  assert.equal(last.fen, "8/3k1R2/8/8/8/8/8/6K1 b - - 3 41");
  const [chess960] = parsePgn(
    '[Variant "Chess960"]\n[FEN "rk5r/8/8/8/8/8/8/RK2R3 w KQkq - 0 1"]\n\n1. O-O 0-0-0 *',
  );
  assert.equal(chess960.chess960, true);
  assert.deepEqual(chess960.mainline.moves.map((m) => [m.san, m.uci]), [[
    "O-O",
    "b1e1",
  ], ["O-O-O", "b8a8"]]);
  assert.equal(
    [...chess960.positions()].at(-1)!.fen,
    "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2",
  );
});

Deno.test("start positions: a bad FEN tag or an unknown variant is an error at the tag", () => {
  const [bad] = readAll('[Event "x"]\n[FEN "not a fen"]\n\n1. e4 *');
  assert.ok(bad.error instanceof PgnSyntaxError);
  assert.equal(bad.error.line, 2);
  assert.match(bad.error.reason, /^the FEN tag: /);
  const [suicide] = readAll('[Variant "Suicide"]\n\n1. e4 *');
  assert.ok(suicide.error instanceof PgnSyntaxError);
  assert.equal(suicide.error.reason, 'the variant "Suicide" is not supported');
  // A variant known by name is played by its rules, never chess's: horde's
  // e-pawn cannot advance to e4, where another pawn of the horde stands.
  const [horde] = readAll('[Variant "horde"]\n\n1. e4 *');
  assert.ok(horde.error instanceof PgnMoveError);
  assert.equal(horde.rules, "horde");
  assert.equal(horde.error.reason, "illegal: no pawn can move to e4");
  // Its start is the variant's: Horde's 36 pawns.
  assert.equal(horde.start.board.filter((p) => p === "P").length, 36);
  const [played] = readAll('[Variant "Horde"]\n\n1. e5 e6 *');
  assert.equal(played.error, null);
  assert.deepEqual(played.mainline.moves.map((m) => m.uci), ["e4e5", "e7e6"]);
  const [fromPosition] = readAll(
    '[Variant "From Position"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Kd2 *',
  );
  assert.equal(fromPosition.error, null);
});

Deno.test("comment commands: clock, elapsed time, eval, squares and arrows", () => {
  const [game] = parsePgn(
    "1. e4 { [%clk 0:03:00] [%emt 0:00:02.5] [%eval 0.17] } e5 { [%eval #-3] [%clk 1:00:09] } " +
      "2. Nf3 { [%eval -1.5,23] [%csl Ge4,Rd5,Yb1] [%cal Gd2d4,Bg1f3] } { [%bogus 1] [%clk x] } *",
  );
  const [e4, e5, nf3] = game.mainline.moves;
  assert.deepEqual([e4.clock, e4.emt, e4.eval], [180, 2.5, {
    pawns: 0.17,
    mate: null,
    depth: null,
  }]);
  assert.deepEqual([e5.clock, e5.eval], [3609, {
    pawns: null,
    mate: -3,
    depth: null,
  }]);
  assert.deepEqual(nf3.eval, { pawns: -1.5, mate: null, depth: 23 });
  assert.equal(nf3.clock, null);
  assert.deepEqual(nf3.shapes, [
    { color: "green", from: "e4", to: "e4" },
    { color: "red", from: "d5", to: "d5" },
    { color: "yellow", from: "b1", to: "b1" },
    { color: "green", from: "d2", to: "d4" },
    { color: "blue", from: "g1", to: "f3" },
  ]);
  assert.deepEqual(nf3.comments.length, 2);
});

Deno.test("games: a blank line ends movetext; tags, a blank line and tags are two games", () => {
  // As python-chess and chessops split them.
  assert.deepEqual(readAll("1. e4 e5\n\n1. d4 d5\n").map(sans), [
    "e4 e5",
    "d4 d5",
  ]);
  // A blank line inside a comment is the comment's.
  assert.deepEqual(readAll("1. e4 {a\n\nb} e5 *\n").map(sans), ["e4 e5"]);
  // Spaces and a CR on a line make it no less blank.
  assert.deepEqual(readAll("1. e4 \r\n \t\r\n1. d4 *").map(sans), ["e4", "d4"]);
  const games = readAll('[Event "A"]\n\n[Event "B"]\n\n1. d4 *\n');
  assert.deepEqual(games.map((g) => [g.tags.get("Event"), sans(g), g.result]), [
    ["A", "", null],
    ["B", "d4", "*"],
  ]);
  // A blank line after a tag, then tags the game has not: one game, as
  // ChessBase writes it (python-chess's chessbase-empty-line case).
  assert.deepEqual(
    readAll('[Event "A"]\n\n[Date "2017.12.04"]\n[Round "1"]\n\n1. e4 *').map(
      (g) => [[...g.tags].length, sans(g)],
    ),
    [[3, "e4"]],
  );
  // Tags without a blank line between them are one game's.
  assert.deepEqual(
    readAll('[Event "A"]\n[Site "S"]\n1. e4 *').map((g) => [...g.tags]),
    [[["Event", "A"], ["Site", "S"]]],
  );
});

Deno.test("games: what follows the result up to a blank line is the game's, a comment kept", () => {
  const games = readAll(
    '1. e4 e5 1/2-1/2 ; agreed\n\n1. d4 {x} 1-0 {after}\n[Event "C"]\n1. c4 *',
  );
  assert.deepEqual(
    games.map((g) => [sans(g), g.result, g.mainline.moves.at(-1)?.comments]),
    [
      ["e4 e5", "1/2-1/2", ["agreed"]],
      ["d4", "1-0", ["x", "after"]],
      ["c4", "*", []],
    ],
  );
});

Deno.test("movetext: h8(Q)+, h8(Q)#!, typeset dashes, null moves", () => {
  const [check] = parsePgn(
    '[FEN "k7/7P/8/8/8/8/8/K7 w - - 0 1"]\n\n1. h8(Q)+ Ka7 *',
  );
  assert.equal(sans(check), "h8=Q+ Ka7");
  const [mate] = parsePgn(
    '[FEN "k7/7P/1K6/8/8/8/8/8 w - - 0 1"]\n\n1. h8(Q)#! 1-0',
  );
  assert.equal(sans(mate), "h8=Q#");
  assert.deepEqual(mate.mainline.moves[0].nags, [1]);
  const [dashes] = parsePgn(
    '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n\n1. O\u2014O 0\u20130\u20130 1\u20140',
  );
  assert.equal(sans(dashes), "O-O O-O-O");
  assert.equal(dashes.result, "1-0");
  const [passes] = parsePgn("1. e4 -- 2. Nf3 Z0?! 3. d4 *");
  assert.deepEqual(
    passes.mainline.moves.map((m) => `${m.san} ${m.uci}`),
    ["e4 e2e4", "-- 0000", "Nf3 g1f3", "-- 0000", "d4 d2d4"],
  );
  assert.deepEqual(passes.mainline.moves[3].nags, [6]);
  // Strict reading takes `--`, the SAN python-chess writes, and not `Z0`.
  assert.equal(sans(parsePgn("1. e4 -- *", { strict: true })[0]), "e4 --");
  assert.throws(
    () => parsePgn("1. e4 Z0 *", { strict: true }),
    /not written as its SAN, --/,
  );
});

Deno.test("tags: a tag line missing only its ] is read, and the game warned of it", () => {
  const games = readAll(
    '[Event "A"]\n[White "Anna"\r\n[Black "Bo"]\n\n1. e4 *\n[Site "x"',
  );
  assert.deepEqual(games.map((g) => [...g.tags]), [
    [["Event", "A"], ["White", "Anna"], ["Black", "Bo"]],
    [["Site", "x"]],
  ]);
  assert.deepEqual(
    games.map((g) => g.warnings.map((w) => [w.line, w.column, w.detail])),
    [
      [[2, 1, "a tag without its ], read as if it had one"]],
      [[6, 1, "a tag without its ], read as if it had one"]],
    ],
  );
  assert.equal(games[0].error, null);
  // Anything else after the value is still an error.
  assert.match(
    readAll('[Event "A" x]\n1. e4 *')[0].error!.message,
    /a \] expected/,
  );
});

Deno.test("comment commands: a command cut across lines is read", () => {
  const [game] = parsePgn(
    "1. e4 { [%clk\n0:04:45] } e5 { [%eval\n-0.3] [%cal Ge2e4,\r\nRd7d5] } *",
  );
  const [e4, e5] = game.mainline.moves;
  assert.equal(e4.clock, 285);
  assert.equal(e5.eval?.pawns, -0.3);
  assert.deepEqual(e5.shapes.map((s) => s.from + s.to), ["e2e4", "d7d5"]);
});

Deno.test("a text that ends in a move number and its dots (a file cut there) reads its game whole, with no error", () => {
  for (
    const text of [
      "1. e4 e5 2...",
      "1. e4 e5 2.",
      "1. e4 e5 2",
      "1. e4 e5 2..  ",
    ]
  ) {
    const games = parsePgn(text);
    assert.equal(games.length, 1, text);
    assert.equal(games[0].error, null, text);
    assert.deepEqual(games[0].mainline.moves.map((m) => m.san), ["e4", "e5"]);
  }
});
