import assert from "node:assert/strict";
import { parsePgn, stringifyPgn } from "../../../lib/pgn/mod.ts";
import { GameDatabase } from "../../../lib/db/database.ts";
import { GameImporter, monthOf } from "../../../lib/db/import.ts";
import { selectGames } from "../../../lib/db/select.ts";
import { gameOfRow } from "../../../lib/db/game_row.ts";
import { MovesReplay } from "../../../lib/db/moves.ts";
import { databaseOf, testGames } from "./_games.ts";

function exported(db: GameDatabase): string[] {
  const replay = new MovesReplay();
  return [...selectGames(db, {})].map((row) =>
    stringifyPgn(gameOfRow(row, replay))
  );
}

Deno.test("every game comes back as stringifyPgn writes the game it was read from", async () => {
  const text = testGames() +
    '[Event "odd tags"]\n[WhiteElo "1500 "]\n[BlackElo "?"]\n[Result "1-0"]\n' +
    '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n{start} 1. e4 $1 {note} (1. e3 Kd7) 1... Kd7 *\n\n' +
    '[Variant "Chess960"]\n[FEN "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1"]\n\n1. c4 c5 2. Bc2 Bc7 3. O-O-O O-O-O 1/2-1/2\n';
  const games = parsePgn(text).filter((g) => g.error === null);
  const db = await databaseOf(text);
  assert.deepEqual(exported(db), games.map((g) => stringifyPgn(g)));
  db.close();
});

Deno.test("variants' games come back as stringifyPgn writes them, with and without annotations, between standard games", async () => {
  const variants = Deno.readTextFileSync(
    new URL("../../testdata/lichess_variants.pgn", import.meta.url),
  );
  // standard games before, between and after: one walk goes from one kind of
  // moves' bytes to the other
  const standard = testGames().split(/\n\n(?=\[Event)/).slice(0, 3);
  const text = [standard[0], variants, standard[1], variants, standard[2]]
    .join("\n\n") + "\n";
  const games = parsePgn(text).filter((g) => g.error === null);
  assert.ok(new Set(games.map((g) => g.rules)).size >= 5);
  for (const annotations of [true, false]) {
    const db = await GameDatabase.open(":memory:", { write: true });
    const importer = new GameImporter(db, { indexPlies: 12, annotations });
    importer.push(new TextEncoder().encode(text));
    importer.end();
    const back = exported(db);
    // a game read again is stored once
    const once = games.filter((g, k) =>
      games.findIndex((o) => stringifyPgn(o) === stringifyPgn(g)) === k
    );
    assert.equal(back.length, once.length);
    if (annotations) assert.deepEqual(back, once.map((g) => stringifyPgn(g)));
    else {
      const moves = (pgn: string) =>
        parsePgn(pgn)[0].mainline.moves.map((m) => m.san);
      assert.deepEqual(
        back.map(moves),
        once.map((g) => moves(stringifyPgn(g))),
      );
    }
    db.close();
  }
});

Deno.test("a game imported again is stored once and counted as skipped; its index counts it once", async () => {
  const db = await GameDatabase.open(":memory:", { write: true });
  const text = testGames();
  const first = new GameImporter(db, { indexPlies: 4, annotations: true });
  first.push(text);
  first.end();
  const again = new GameImporter(db, { indexPlies: 4, annotations: true });
  again.push(text);
  again.end();
  assert.equal(again.counts.added, 0);
  assert.equal(again.counts.duplicates, first.counts.added);
  assert.ok(first.counts.added > 300);
  assert.equal(db.gameCount(), first.counts.added);
  // the same site is the same game, whatever else differs
  const site = '[Site "https://lichess.org/abcdefgh"]\n';
  const third = new GameImporter(db, { indexPlies: 4, annotations: true });
  third.push(
    `${site}[Round "1"]\n\n1. e4 *\n\n${site}[Round "2"]\n\n1. d4 *\n`,
  );
  third.end();
  assert.deepEqual(third.counts, {
    read: 2,
    added: 1,
    duplicates: 1,
    failed: 0,
  });
  db.close();
});

Deno.test("a duplicate anywhere in the input (of a game stored before, or of one just before it) is skipped, the others take the next ids in order, and the index is the one the games without the duplicates make", async () => {
  const openings = ["e4 e5", "d4 d5", "c4 e5", "Nf3 d5", "e4 c5", "d4 Nf6"];
  const results = ["1-0", "0-1", "1/2-1/2"];
  // games with a site URL (g0, g1...) and without one (u0, u1...: by uid)
  const game = (name: string): string => {
    const n = Number(name.slice(1));
    const site = name[0] === "g"
      ? `[Site "https://lichess.org/${name}"]\n`
      : `[Event "${name}"]\n`;
    const result = results[n % 3];
    return `${site}[Result "${result}"]\n\n1. ${
      openings[n % openings.length]
    } 2. a3 ${result}\n\n`;
  };
  const importInto = (db: GameDatabase, names: string[]) => {
    const importer = new GameImporter(db, {
      indexPlies: 4,
      annotations: false,
    });
    importer.push(names.map(game).join(""));
    importer.end();
    return importer.counts;
  };
  const dump = (db: GameDatabase) => ({
    games: db.sql.prepare(
      "SELECT v.id, v.site, v.event, g.uid IS NOT NULL AS keyed " +
        "FROM games_view AS v JOIN games AS g USING (id) ORDER BY v.id",
    ).all().map((r) => JSON.stringify(r)),
    explorer: db.sql.prepare(
      "SELECT hex(key) AS key, month, hex(data) AS data FROM explorer ORDER BY key, month",
    ).all().map((r) => `${r.key} ${r.month} ${r.data}`),
  });
  const first = ["g0", "g1", "g2", "g3", "g4", "u0", "u1"];
  // duplicates of the database's games and of the input's, next to each
  // other and apart, at the start, in the middle and at the end, and a run
  // of nothing new
  const second = [
    "g5",
    "g1",
    "g6",
    "g6",
    "u2",
    "u0",
    "g7",
    "g8",
    "g9",
    "g10",
    "g11",
    "g12",
    "u3",
    "g13",
    "g14",
    "g2",
    "g0",
    "g1",
    "g2",
    "g3",
    "g4",
    "u0",
    "u1",
    "g5",
    "g15",
    "u3",
    "g16",
  ];
  const db = await GameDatabase.open(":memory:", { write: true });
  assert.deepEqual(importInto(db, first), {
    read: 7,
    added: 7,
    duplicates: 0,
    failed: 0,
  });
  assert.deepEqual(importInto(db, second), {
    read: 27,
    added: 14,
    duplicates: 13,
    failed: 0,
  });
  const once = await GameDatabase.open(":memory:", { write: true });
  const kept = [...new Set([...first, ...second])];
  assert.deepEqual(importInto(once, kept), {
    read: 21,
    added: 21,
    duplicates: 0,
    failed: 0,
  });
  const [got, expected] = [dump(db), dump(once)];
  assert.equal(got.games.length, 21);
  assert.deepEqual(got, expected);
  db.close();
  once.close();
});

/** Two games into a database in memory, the second left out: what is said. */
async function oneLeftOut(
  text: string,
  annotations: boolean,
): Promise<{ db: GameDatabase; errors: string[] }> {
  const db = await GameDatabase.open(":memory:", { write: true });
  const errors: string[] = [];
  const importer = new GameImporter(db, {
    indexPlies: 4,
    annotations,
    onError: (error) => errors.push(error.message),
  });
  importer.push(text);
  importer.end();
  assert.deepEqual(importer.counts, {
    read: 2,
    added: 1,
    duplicates: 0,
    failed: 1,
  });
  return { db, errors };
}

Deno.test("without annotations only the moves are kept; a game that cannot be read is left out and said", async () => {
  const { db, errors } = await oneLeftOut(
    "1. e4 {a note} (1. d4) e5 $2 1-0\n\n1. e4 e5 2. Ke3 *\n",
    false,
  );
  assert.match(errors[0], /Ke3/);
  assert.match(exported(db)[0], /\n1\. e4 e5 1-0\n$/);
  db.close();
});

Deno.test("tags are typed columns, the rest kept in order", async () => {
  const db = await databaseOf(
    '[Event "Rated Blitz game"]\n[Site "https://lichess.org/x"]\n[Date "2024.01.31"]\n' +
      '[White "a"]\n[Black "b"]\n[Result "0-1"]\n[UTCTime "10:00:00"]\n[WhiteElo "1500"]\n' +
      '[BlackElo "1600"]\n[ECO "C20"]\n[TimeControl "60+0"]\n\n1. e4 e5 0-1\n',
  );
  const row = db.sql.prepare(
    "SELECT v.white_elo, v.black_elo, v.eco, v.speed, v.month, v.result, v.site, v.plies, length(g.moves) AS bytes, g.tags, g.site AS rest, g.uid FROM games_view v JOIN games g USING (id)",
  ).get()!;
  const strings = (db.sql.prepare("SELECT text FROM strings ORDER BY id").all())
    .map((s) => s.text);
  // a byte a move, the other tags as their layout's string and values'
  const layout = JSON.stringify(
    ["UTCTime", 1, "WhiteElo", 0, "BlackElo", 0, "ECO", 0, "TimeControl", 0],
  );
  assert.deepEqual({ ...row, tags: [...row.tags as Uint8Array] }, {
    white_elo: 1500,
    black_elo: 1600,
    eco: "C20",
    speed: "bullet",
    month: monthOf("2024.01.31"),
    result: "0-1",
    site: "https://lichess.org/x",
    plies: 2,
    bytes: 2,
    tags: [strings.indexOf(layout) + 1, 2 * (strings.indexOf("10:00:00") + 1)],
    rest: "x",
    uid: null,
  });
  assert.ok(strings.includes("https://lichess.org/"));
  db.close();
});

Deno.test("a rating too large for a 32-bit integer is kept as its tag's text: imports after it merge, the game comes back whole", async () => {
  const game = (site: string, elo: string) =>
    `[Event "e"]\n[Site "https://lichess.org/${site}"]\n[WhiteElo "${elo}"]\n` +
    `[BlackElo "1500"]\n[TimeControl "180+0"]\n[Result "1-0"]\n\n` +
    "1. e4 e5 2. Nf3 Nc6 1-0\n\n";
  const a = game("aaaaaaaa", "9007199254740994") +
    game("bbbbbbbb", "3000000000");
  const b = game("cccccccc", "1700");
  const rows = (db: GameDatabase) =>
    db.sql.prepare(
      "SELECT CAST(key AS TEXT) AS key, month, hex(data) AS data FROM explorer ORDER BY key, month",
    ).all().map((row) => JSON.stringify(row));
  // the three games at once, and the third in an import of its own after
  const together = await databaseOf(a + b);
  const apart = await databaseOf(a);
  const importer = new GameImporter(apart, {
    indexPlies: 12,
    annotations: true,
  });
  importer.push(b);
  importer.end();
  assert.deepEqual(rows(apart), rows(together));
  assert.deepEqual(
    exported(apart),
    parsePgn(a + b).map((g) => stringifyPgn(g)),
  );
  const elos = apart.sql.prepare("SELECT white_elo FROM games ORDER BY id")
    .all().map((row) => row.white_elo);
  assert.deepEqual(elos, [null, null, 1700]);
  together.close();
  apart.close();
});

Deno.test("games read without annotations (the mainline reader on its board, the walker for the rest) are what the PGN reader gives, in any chunks", async () => {
  const { GameParser } = await import("../../../lib/db/game_parser.ts");
  const { TRICKY } = await import("../pgn/_samples.ts");
  // the annotations' packing needs the database's modules, loaded by an open
  (await GameDatabase.open(":memory:", { write: true })).close();
  const testdata = (name: string): string =>
    Deno.readTextFileSync(new URL(`../../testdata/${name}`, import.meta.url));
  const texts: Record<string, string> = {
    ...TRICKY,
    "lichess's style": testdata("lichess_style.pgn"),
    "variants": testdata("lichess_variants.pgn"),
    "engine games": testdata("stockfish_games.pgn"),
    "the test games": testGames(),
    "tags the fast way and not": '[Event "a"]\n[White "x"]\n[White "y"]\n' +
      '[Result "1-0"]\n\n1. e4 e5 0-1\n\n[Event "caf\u00e9"]\n[Result "*"]\n\n' +
      '1. d4 *\n\n[Event "b"]\n[Result "1/2-1/2"]\n\n1. c4 c5 { [%clk 0:03:00] } ' +
      '2. Nc3 $2 Nc6 1-0\n\n[Result "0-1"]\n\n1. f4 e5 2. g4 Qh4#\n\n' +
      "1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kf3 Kf6 *\n",
  };
  type Seen = Record<string, unknown>;
  const read = (
    text: string,
    options: {
      annotations: boolean;
      chunk: number;
      shard?: { index: number; count: number };
      tagBytes?: boolean;
    },
  ): Seen[] => {
    const games: Seen[] = [];
    const parser = new GameParser({
      indexPlies: 12,
      annotations: options.annotations,
      tagBytes: options.tagBytes ?? false,
      ...(options.shard === undefined ? {} : { shard: options.shard }),
    }, (game) => {
      // the moves' bytes are valid until the next game: copied here
      games.push({
        ...game,
        // the tags as bytes (`--jobs`' thread) are the same tags
        tags: game.tagBytes === null
          ? [...game.tags]
          : [...tagsOfBytes(game.tagBytes)],
        tagBytes: null,
        walked: game.walked === null ? null : {
          ...game.walked,
          moves: [...game.walked.moves],
          annotations: null,
        },
      });
    });
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += options.chunk) {
      parser.push(bytes.subarray(i, i + options.chunk));
    }
    parser.end();
    return games;
  };
  let games = 0;
  for (const [name, text] of Object.entries(texts)) {
    const expected = read(text, { annotations: true, chunk: 1 << 30 });
    // chunks of a few bytes for the short samples (a chunk of 7 bytes
    // reads a long corpus again and again: seconds for nothing more)
    const chunks = text.length < 2000
      ? [1 << 30, 4096, 61, 7]
      : [1 << 30, 4096, 61];
    for (const chunk of chunks) {
      for (const tagBytes of [false, true]) {
        assert.deepEqual(
          read(text, { annotations: false, chunk, tagBytes }),
          expected,
          `${name}, chunks of ${chunk}${tagBytes ? ", tags as bytes" : ""}`,
        );
      }
    }
    const shard = { index: 2, count: 3 };
    assert.deepEqual(
      read(text, { annotations: false, chunk: 97, shard }),
      read(text, { annotations: true, chunk: 1 << 30, shard }),
      `${name}, shard 2/3`,
    );
    games += expected.length;
  }
  assert.ok(games > 300, `${games}`);
});

/** Tags given as bytes (`ParseOptions.tagBytes`), as a map. */
function tagsOfBytes(
  { bytes, lengths }: { bytes: Uint8Array; lengths: readonly number[] },
): Map<string, string> {
  const tags = new Map<string, string>(), decoder = new TextDecoder();
  let at = 0;
  for (let i = 0; i < lengths.length; i += 2) {
    const name = decoder.decode(bytes.subarray(at, at += lengths[i]));
    tags.set(name, decoder.decode(bytes.subarray(at, at += lengths[i + 1])));
  }
  return tags;
}

Deno.test("a game with a null move is left out and said, not stored with a wrong move", async () => {
  for (const annotations of [false, true]) {
    const { db, errors } = await oneLeftOut(
      '[Event "passes"]\n\n1. e4 -- 2. d4 e5 *\n\n[Event "plays"]\n\n1. d4 d5 *\n',
      annotations,
    );
    assert.deepEqual(errors, [
      "Cannot store game 1: its ply 2 is a null move (a side passes), which a database's moves do not hold",
    ]);
    assert.deepEqual(exported(db), [
      stringifyPgn(parsePgn('[Event "plays"]\n\n1. d4 d5 *\n')[0]),
    ]);
    db.close();
  }
});
