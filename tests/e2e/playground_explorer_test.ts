/**
 * The playground's explorer panel in real headless Chromium, against a
 * spawned `fen serve --db` over a database `fen db import` made: the panel
 * shows the position's moves with their counts and white/draw/black bars,
 * a click on a move plays it (the board, the FEN and the move list
 * follow, and the panel answers for the new position), a top game opens in
 * the game viewer where the board was, an error the server answers is said
 * in the panel with no script error, and a phone's width scrolls nothing
 * sideways. Without `--db` the panel stays hidden. Without a Chromium the
 * test is ignored, with the reason printed once.
 */

import assert from "node:assert/strict";
import { findTool } from "./_renderers.ts";
import { DevToolsPage } from "./_devtools.ts";
import { centerOf, click, press } from "./_hands.ts";
import { ServerProcess } from "../serve/_server.ts";
import { CLI, spawnFen } from "../cli/_harness.ts";

const chromium = findTool("chromium", "chromium");
if (chromium.path === undefined) {
  console.log(`playground_explorer_test.ts: SKIPPED, ${chromium.reason}`);
}

const GAMES = new URL("../testdata/lichess_style.pgn", import.meta.url)
  .pathname;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/** Types `text` into the FEN field as a user would (an input event). */
function type(text: string): string {
  return `(() => {
    const input = document.getElementById("input");
    input.value = ${JSON.stringify(text)};
    input.dispatchEvent(new Event("input"));
  })()`;
}

/**
 * Waits until the panel has answered for `fen` (a game's position names
 * its en-passant square after every double step: the fields before it).
 */
function answered(page: DevToolsPage, fen: string): Promise<void> {
  const head = fen.split(" ").slice(0, 3).join(" ");
  return page.waitFor(
    `document.getElementById("explorer-box").dataset.fen.startsWith(${
      JSON.stringify(head + " ")
    }) && document.getElementById("explorer-box").getAttribute("aria-busy") === null`,
  );
}

/** Records the page's script errors, to be read at the end. */
const WATCH_ERRORS = `(() => {
  window.pageErrors = [];
  addEventListener("error", (e) => pageErrors.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));
})()`;

const text = (selector: string) =>
  `document.querySelector(${JSON.stringify(selector)})?.textContent ?? null`;

Deno.test({
  name:
    "the playground's explorer panel with fen serve --db: bars, a move played by click and key, a top game opened, errors said",
  ignore: chromium.path === undefined,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "fen-explorer-page-" });
    const db = `${dir}/g.db`;
    const imported = await spawnFen(["db", "import", "--db", db, GAMES], {
      permissions: ["--allow-read", `--allow-write=${dir}`],
    });
    assert.equal(imported.code, 0, imported.stderr);
    const server = await ServerProcess.start(["--db", db], [
      Deno.execPath(),
      "run",
      "--quiet",
      "--allow-net",
      `--allow-read=${db}`,
      CLI,
    ]);
    const page = await DevToolsPage.open(chromium.path!, server.url);
    try {
      await page.waitFor(`!document.getElementById("explorer-box").hidden`);
      await page.evaluate(WATCH_ERRORS);
      assert.equal(await page.evaluate(text("#explorer-games")), "6 games");
      await page.evaluate(type(START));
      await answered(page, START);
      const rows = await page.evaluate<string[][]>(
        `[...document.querySelectorAll("button.explorer-move")].map((b) =>
          [b.dataset.uci, b.querySelector(".san").textContent,
           b.querySelector(".count").textContent, b.getAttribute("aria-label"),
           [...b.querySelectorAll(".bar span")].map((s) => s.className + " " + s.style.width).join(",")])`,
      );
      assert.equal(rows.length, 6);
      const e4 = rows.find((row) => row[0] === "e2e4");
      assert.ok(e4 !== undefined);
      assert.equal(e4[1], "e4");
      assert.equal(e4[2], "1");
      assert.match(e4[3], /^e4: 1 games \(17%\), White (100|0)%/);
      // One game: one part of the bar, the whole width.
      assert.match(e4[4], /^(white|draws|black) 100%$/);
      assert.match(
        await page.evaluate<string>(text(".explorer-move.sum")),
        /^Σ100%6/,
      );

      // A click on a move plays it: the board, the FEN and the move list.
      await click(page, await centerOf(page, 'button[data-uci="e2e4"]'));
      await answered(page, AFTER_E4);
      // A game's position names the square behind a double step.
      assert.equal(
        await page.evaluate(text("#fen")),
        AFTER_E4.replace(" - ", " e3 "),
      );
      assert.equal(
        await page.evaluate(`document.getElementById("input").value`),
        "1. e4 *",
      );
      assert.equal(
        await page.evaluate(`document.getElementById("game-box").hidden`),
        false,
      );
      // The keyboard: focus the next move's button, Enter plays it.
      const reply = await page.evaluate<string>(
        `document.querySelector("button.explorer-move").dataset.uci`,
      );
      await page.evaluate(
        `document.querySelector("button.explorer-move").focus()`,
      );
      await press(page, "Enter");
      await page.waitFor(
        `document.getElementById("input").value.startsWith("1. e4 ")` +
          ` && document.getElementById("input").value !== "1. e4 *"`,
      );
      assert.equal(
        await page.evaluate<string>(`document.getElementById("input").value`),
        "1. e4 Nc6 *",
      );
      // The one game that played 1. e4 went on 1... Nc6.
      assert.equal(reply, "b8c6");
      // The focus stays among the moves, for the next Enter.
      await answered(
        page,
        "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
      );
      assert.equal(
        await page.evaluate(
          `document.activeElement.classList.contains("explorer-move")`,
        ),
        true,
      );

      // A top game opens in the viewer, at the ply the board was at.
      await page.evaluate(type(AFTER_E4));
      await answered(page, AFTER_E4);
      await click(page, await centerOf(page, "button.explorer-game"));
      await page.waitFor(
        `document.getElementById("input").value.startsWith("[Event")`,
      );
      assert.equal(
        await page.evaluate(text("#fen")),
        AFTER_E4.replace(" - ", " e3 "),
      );
      assert.match(await page.evaluate<string>(text("#ply-label")), /1\. e4/);

      // An error the server answers (a URL over its limit): said, no throw.
      await page.evaluate(`(() => {
        document.getElementById("explorer-settings").open = true;
        document.querySelector('input[value="player"]').click();
        const name = document.getElementById("explorer-player");
        name.value = "x".repeat(5000);
        name.dispatchEvent(new Event("change", { bubbles: true }));
      })()`);
      await page.waitFor(
        `document.getElementById("explorer-status").textContent.includes("longer than")`,
      );
      assert.match(
        await page.evaluate<string>(text("#explorer-status")),
        /^The explorer could not answer: the URL is longer than 4096 bytes/,
      );
      // The page goes on: a new record is still read and drawn.
      await page.evaluate(type(START));
      assert.equal(await page.evaluate(text("#verdict")), "Legal position");

      // A phone's width: nothing scrolls sideways.
      await page.send("Emulation.setDeviceMetricsOverride", {
        width: 360,
        height: 800,
        deviceScaleFactor: 1,
        mobile: true,
      });
      await page.evaluate(
        `document.querySelector('input[value="lichess"]').click()`,
      );
      await answered(page, START);
      assert.equal(
        await page.evaluate(
          `document.documentElement.scrollWidth <= innerWidth &&
           [...document.querySelectorAll("#explorer-box *")].every((e) =>
             e.getBoundingClientRect().right <= innerWidth + 0.5)`,
        ),
        true,
      );
      assert.deepEqual(await page.evaluate("pageErrors"), []);
    } finally {
      await page.close();
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the playground without --db shows no explorer panel and no error",
  ignore: chromium.path === undefined,
  async fn() {
    const server = await ServerProcess.start();
    const page = await DevToolsPage.open(chromium.path!, server.url);
    try {
      await page.waitFor(`document.querySelector("#board svg")`);
      await page.evaluate(WATCH_ERRORS);
      // The answer to /facts has come once a record typed is shown.
      await page.evaluate(type(START));
      await page.evaluate(
        `fetch("facts").then((r) => r.json())`,
      );
      assert.equal(
        await page.evaluate(`document.getElementById("explorer-box").hidden`),
        true,
      );
      assert.equal(await page.evaluate(text("#verdict")), "Legal position");
      assert.deepEqual(await page.evaluate("pageErrors"), []);
    } finally {
      await page.close();
      await server.stop();
    }
  },
});
