/**
 * The page's explorer panel without a page: the query it asks (lichess's
 * explorer parameters, filters left out when everything is ticked), the
 * result bar as lichess's explorer draws it (lila's ui/analyse
 * explorerView.ts: widths to a tenth of a percent, a label over 12%, the
 * sign over 20%), the counts and games in words, and what playing a move
 * writes.
 */

import assert from "node:assert/strict";
import {
  DEFAULT_SETTINGS,
  explorerRequest,
  formatCount,
  gameShare,
  linePgn,
  playedMove,
  playerText,
  plyOf,
  resultBar,
  resultText,
  resultWords,
} from "../../../lib/serve/playground/_explorer_view.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { parsePgn } from "../../../lib/pgn/mod.ts";
import { INITIAL_FEN } from "../../../lib/types.ts";

const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

Deno.test("the explorer panel asks /lichess with the FEN, and speeds and ratings only when some are left out", () => {
  assert.deepEqual(explorerRequest(INITIAL_FEN, DEFAULT_SETTINGS), {
    path: `/lichess?variant=standard&fen=${
      encodeURIComponent(INITIAL_FEN).replaceAll("%20", "+")
    }`,
  });
  const some = explorerRequest(AFTER_E4, {
    ...DEFAULT_SETTINGS,
    speeds: ["blitz", "rapid"],
    ratings: [1800, 2000],
  });
  assert.ok("path" in some);
  const url = new URL(some.path, "http://x");
  assert.equal(url.pathname, "/lichess");
  assert.equal(url.searchParams.get("fen"), AFTER_E4);
  assert.equal(url.searchParams.get("speeds"), "blitz,rapid");
  assert.equal(url.searchParams.get("ratings"), "1800,2000");
  assert.deepEqual(
    explorerRequest(AFTER_E4, { ...DEFAULT_SETTINGS, speeds: [] }),
    { problem: "Tick at least one speed." },
  );
  assert.deepEqual(
    explorerRequest(AFTER_E4, { ...DEFAULT_SETTINGS, ratings: [] }),
    { problem: "Tick at least one rating group." },
  );
});

Deno.test("the explorer panel asks /masters with no lichess filters, and /player only with a name", () => {
  const masters = explorerRequest(AFTER_E4, {
    ...DEFAULT_SETTINGS,
    source: "masters",
    speeds: ["blitz"],
  });
  assert.ok("path" in masters);
  const url = new URL(masters.path, "http://x");
  assert.equal(url.pathname, "/masters");
  assert.deepEqual([...url.searchParams.keys()], ["fen"]);
  assert.deepEqual(
    explorerRequest(AFTER_E4, { ...DEFAULT_SETTINGS, source: "player" }),
    { problem: "Type a player's name." },
  );
  const player = explorerRequest(AFTER_E4, {
    ...DEFAULT_SETTINGS,
    source: "player",
    player: " Magnus & co ",
    color: "black",
  });
  assert.ok("path" in player);
  const asked = new URL(player.path, "http://x");
  assert.equal(asked.pathname, "/player");
  assert.equal(asked.searchParams.get("player"), "Magnus & co");
  assert.equal(asked.searchParams.get("color"), "black");
});

Deno.test("the result bar is lichess's: tenths of a percent, labels over 12%, the sign over 20%, no empty part", () => {
  assert.deepEqual(resultBar({ white: 523, draws: 100, black: 377 }), [
    { key: "white", width: "52.3%", label: "52%" },
    { key: "draws", width: "10%", label: "" },
    { key: "black", width: "37.7%", label: "38%" },
  ]);
  assert.deepEqual(resultBar({ white: 3, draws: 0, black: 17 }), [
    { key: "white", width: "15%", label: "15" },
    { key: "black", width: "85%", label: "85%" },
  ]);
  assert.deepEqual(resultBar({ white: 0, draws: 0, black: 0 }), []);
  assert.equal(
    resultWords({ white: 523, draws: 100, black: 377 }),
    "White 52%, draws 10%, Black 38%",
  );
});

Deno.test("the explorer panel writes counts, shares, results and players as lichess does", () => {
  assert.equal(formatCount(1234567), "1,234,567");
  assert.equal(formatCount(12), "12");
  assert.equal(gameShare(45, 100), "45%");
  assert.equal(gameShare(1, 3), "33%");
  assert.equal(gameShare(0, 0), "0%");
  assert.deepEqual(
    [resultText("white"), resultText("black"), resultText(null)],
    ["1-0", "0-1", "½-½"],
  );
  assert.equal(playerText({ name: "Anna", rating: 2100 }), "Anna (2100)");
  assert.equal(playerText({ name: "Bo", rating: null }), "Bo");
});

Deno.test("a move played from a record writes the line as PGN, its start in tags unless standard", () => {
  const start = parseFen(INITIAL_FEN);
  assert.deepEqual(
    playedMove({ position: start, game: null, ply: 0 }, "e2e4"),
    { text: "1. e4 *" },
  );
  const black = parseFen(AFTER_E4.replace(" 0 1", " 0 7"));
  const played = playedMove({ position: black, game: null, ply: 0 }, "e7e5");
  assert.deepEqual(played, {
    text: `[SetUp "1"]\n[FEN "${
      AFTER_E4.replace(" 0 1", " 0 7")
    }"]\n\n7... e5 *`,
  });
  // What it writes reads back as a game ending in that position.
  const [game] = parsePgn((played as { text: string }).text);
  assert.equal(game.mainline.moves[0].uci, "e7e5");
  assert.throws(
    () => playedMove({ position: start, game: null, ply: 0 }, "e2e5"),
    RangeError,
  );
  assert.equal(
    linePgn(start, { sans: ["e4", "e5", "Nf3"] }),
    "1. e4 e5 2. Nf3 *",
  );
});

Deno.test("a move played in a game steps to the game's own move, or writes the line to it and the move", () => {
  const [game] = parsePgn('[Event "E"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
  const at = (ply: number) => {
    for (const p of game.positions()) {
      if (p.ply === ply) return p.toPosition();
    }
    throw new RangeError(String(ply));
  };
  assert.deepEqual(
    playedMove({ position: at(2), game, ply: 2 }, "g1f3"),
    { ply: 3 },
  );
  assert.deepEqual(
    playedMove({ position: at(2), game, ply: 2 }, "f1c4"),
    { text: "1. e4 e5 2. Bc4 *" },
  );
  assert.equal(plyOf(game, at(3)), 3);
  assert.equal(plyOf(game, parseFen("8/8/8/8/8/8/8/K1k5 w - - 0 1")), null);
});

Deno.test("the explorer panel asks a variant's index, and plays a drop there as a variant game's line", () => {
  const zh = "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 3";
  const asked = explorerRequest(zh, DEFAULT_SETTINGS, { rules: "crazyhouse" });
  assert.ok("path" in asked);
  const url = new URL(asked.path, "http://x");
  assert.equal(url.pathname, "/lichess");
  assert.equal(url.searchParams.get("variant"), "crazyhouse");
  assert.deepEqual(
    explorerRequest(zh, { ...DEFAULT_SETTINGS, source: "masters" }, {
      rules: "crazyhouse",
    }),
    {
      problem:
        "The masters' games are standard chess: choose lichess or a player.",
    },
  );
  const position = parseFen(zh, { rules: "crazyhouse" });
  const played = playedMove({ position, game: null, ply: 0 }, "P@d4", {
    rules: "crazyhouse",
  });
  assert.deepEqual(played, {
    text: `[Variant "Crazyhouse"]\n[SetUp "1"]\n[FEN "${zh}"]\n\n3. @d4 *`,
  });
  const [game] = parsePgn((played as { text: string }).text);
  assert.equal(game.rules, "crazyhouse");
  assert.equal(game.mainline.moves[0].uci, "P@d4");
});
