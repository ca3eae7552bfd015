/**
 * The playground page in real headless Chromium, served by a spawned
 * `fen serve`: a bad FEN shows the message and a caret under its column, a
 * good one the board and the facts, a hostile one injects nothing, and the
 * share link restores the state. Without a Chromium the test is ignored,
 * with the reason printed once.
 */

import assert from "node:assert/strict";
import { findTool } from "./_renderers.ts";
import { DevToolsPage } from "./_devtools.ts";
import { ServerProcess } from "../serve/_server.ts";

const chromium = findTool("chromium", "chromium");
if (chromium.path === undefined) {
  console.log(`playground_test.ts: SKIPPED, ${chromium.reason}`);
}

/** Types `text` into the FEN field as a user would (an input event). */
function type(text: string): string {
  return `(() => {
    const input = document.getElementById("input");
    input.value = ${JSON.stringify(text)};
    input.dispatchEvent(new Event("input"));
  })()`;
}

const text = (id: string) =>
  `document.getElementById(${JSON.stringify(id)}).textContent`;

Deno.test({
  name:
    "the playground in Chromium: errors with carets, boards, no injection, share links",
  ignore: chromium.path === undefined,
  async fn() {
    const server = await ServerProcess.start();
    const page = await DevToolsPage.open(chromium.path!, server.url);
    try {
      await page.waitFor(`document.querySelector("#board svg")`);
      // The page's first record: the board and the facts.
      assert.equal(await page.evaluate(text("verdict")), "Legal position");

      await page.evaluate(
        type("rnbqkbnr/pppXpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
      );
      assert.equal(await page.evaluate(text("verdict")), "Not a FEN record");
      const problem = await page.evaluate<string>(text("problems"));
      assert.match(problem, /"X" is not a piece letter .* at column 13/);
      const caret = await page.evaluate<string>(
        `document.querySelector("#problems pre").textContent`,
      );
      assert.equal(caret.split("\n")[1], " ".repeat(12) + "^ column 13");
      assert.equal(
        await page.evaluate(`document.querySelector("#board svg")`),
        null,
      );

      // A variant's record: the page's own words, then its variant menu.
      await page.evaluate(type("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"));
      assert.equal(await page.evaluate(text("verdict")), "Not a FEN record");
      assert.match(
        await page.evaluate<string>(text("problems")),
        /read under its rules: choose crazyhouse in the variant menu\) at column 20/,
      );
      await page.evaluate(`(() => {
        const menu = document.getElementById("variant");
        menu.value = "crazyhouse";
        menu.dispatchEvent(new Event("change"));
      })()`);
      await page.waitFor(`document.querySelector("#board svg .fen-pocket-w")`);
      assert.equal(await page.evaluate(text("verdict")), "Legal position");
      assert.equal(
        await page.evaluate(text("fen")),
        "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
      );
      assert.match(await page.evaluate<string>(text("moves")), /Q@e2/);
      // The status by the variant's rules: a king on the hill has won.
      await page.evaluate(type("8/8/8/3K4/8/8/8/7k b - - 0 1"));
      await page.evaluate(`(() => {
        const menu = document.getElementById("variant");
        menu.value = "kingofthehill";
        menu.dispatchEvent(new Event("change"));
      })()`);
      assert.match(
        await page.evaluate<string>(text("status")),
        /Black to move; White's king reached the hill \(d5\)/,
      );
      await page.evaluate(type("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"));
      await page.evaluate(`(() => {
        const menu = document.getElementById("variant");
        menu.value = "crazyhouse";
        menu.dispatchEvent(new Event("change"));
      })()`);
      assert.match(
        await page.evaluate<string>(`document.getElementById("png-link").href`),
        /[?&]variant=crazyhouse(&|$)/,
      );
      assert.match(
        await page.evaluate<string>(`location.hash`),
        /[#&]variant=crazyhouse(&|$)/,
      );
      await page.evaluate(`(() => {
        const menu = document.getElementById("variant");
        menu.value = "chess";
        menu.dispatchEvent(new Event("change"));
      })()`);

      await page.evaluate(type("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"));
      await page.waitFor(`document.querySelector("#board svg")`);
      assert.equal(
        await page.evaluate(text("fen")),
        "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
      );
      assert.match(
        await page.evaluate<string>(text("status")),
        /Black to move; in check from e1; 4 legal moves/,
      );
      assert.match(await page.evaluate<string>(text("moves")), /Kd7/);
      const png = await page.evaluate<string>(
        `document.getElementById("png-link").href`,
      );
      // The page's policy lets it show the service's images (not fetch them).
      const width = await page.evaluate(`new Promise((done) => {
        const image = new Image();
        image.onload = () => done(image.naturalWidth);
        image.onerror = () => done(-1);
        image.src = ${JSON.stringify(png)};
      })`);
      assert.equal(width, 360);
      assert.match(
        await page.evaluate<string>(text("markdown")),
        /^!\[4k3\/8.*\]\(http:\/\/127\.0\.0\.1:\d+\/board\.png\?fen=/,
      );

      // An illegal position: the problem, and its squares tinted.
      await page.evaluate(type("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"));
      assert.equal(await page.evaluate(text("verdict")), "Illegal position");
      assert.match(
        await page.evaluate<string>(text("problems")),
        /^Illegal: Black is in check/,
      );
      assert.equal(
        await page.evaluate(`document.querySelector("#problems li").title`),
        "opposite-check",
      );

      // Hostile input stays text.
      for (
        const hostile of [
          `<img src=x onerror="window.pwned=1">`,
          `8/8/8/8/8/8/8/8 w - - 0 1 c0 "<script>window.pwned=1</script>";`,
          `"><svg onload="window.pwned=1">`,
        ]
      ) {
        await page.evaluate(type(hostile));
        await new Promise((done) => setTimeout(done, 200));
        assert.equal(await page.evaluate(`window.pwned`), undefined, hostile);
        assert.equal(
          await page.evaluate(
            `document.querySelectorAll("#problems *:not(li):not(pre), #explain *:not(li), img:not(.palette img), script:not([src])").length`,
          ),
          0,
          hostile,
        );
      }
      await page.evaluate(`(() => {
        const arrows = document.getElementById("arrows");
        arrows.value = "<b>x</b>";
        arrows.dispatchEvent(new Event("input"));
      })()`);
      assert.equal(
        await page.evaluate(`document.querySelectorAll("b").length`),
        0,
      );

      // A PGN game: shown at its end, the slider steps through it.
      await page.evaluate(type('[White "A"]\n\n1. e4 e5 2. Nf3 Nc6 *'));
      assert.equal(
        await page.evaluate(`document.getElementById("ply-box").hidden`),
        false,
      );
      assert.equal(await page.evaluate(text("ply-label")), "after 2... Nc6");
      assert.equal(
        await page.evaluate(text("fen")),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      );
      await page.evaluate(`(() => {
        const ply = document.getElementById("ply");
        ply.value = "1";
        ply.dispatchEvent(new Event("input"));
      })()`);
      assert.equal(await page.evaluate(text("ply-label")), "after 1. e4");
      assert.match(await page.evaluate<string>(`location.hash`), /ply=1/);
      assert.match(
        await page.evaluate<string>(`document.getElementById("gif-link").href`),
        /\/game\.gif\?pgn=/,
      );
      await page.evaluate(type("1. e4 e5 2. Nf6 *"));
      assert.equal(await page.evaluate(text("verdict")), "Not a PGN game");
      assert.match(
        await page.evaluate<string>(text("problems")),
        /move 2\. "Nf6": illegal/,
      );
      const pgnCaret = await page.evaluate<string>(
        `document.querySelector("#problems pre").textContent`,
      );
      assert.equal(pgnCaret.split("\n")[1], " ".repeat(12) + "^ column 13");

      // The share link restores the state.
      await page.evaluate(type("8/8/8/8/8/8/8/K6k w - - 0 1"));
      await page.evaluate(`(() => {
        document.getElementById("arrows").value = "Ga1a8";
        const flip = document.getElementById("flip");
        flip.checked = true;
        flip.dispatchEvent(new Event("change"));
      })()`);
      const hash = await page.evaluate<string>(`location.hash`);
      assert.match(hash, /fen=8%2F8/);
      await page.send("Page.navigate", { url: `${server.url}${hash}` });
      await page.send("Page.reload");
      await page.waitFor(
        `document.getElementById("fen")?.textContent === "8/8/8/8/8/8/8/K6k w - - 0 1"`,
      );
      assert.equal(
        await page.evaluate(`document.getElementById("flip").checked`),
        true,
      );
      assert.equal(
        await page.evaluate(`document.getElementById("arrows").value`),
        "Ga1a8",
      );
    } finally {
      await page.close();
      await server.stop();
    }
  },
});
