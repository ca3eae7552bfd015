/**
 * The playground's board editor and game viewer in real headless Chromium,
 * used as a person uses them: pieces dragged with the mouse and a finger,
 * from the palette and off the board, click-to-place, the castling boxes
 * and the side to move, a move list clicked and stepped with the arrow
 * keys, the keyboard alone, dark mode, a phone's width; and screenshots of
 * the board and its palettes compared with the references kept in
 * tests/testdata/playground/ (no text in those regions: the board's
 * coordinates are outlines, so no font is involved).
 *
 * To rewrite the references after a deliberate change of the look:
 *
 *   FEN_UPDATE_SCREENSHOTS=1 deno test -A tests/e2e/playground_editor_test.ts
 *
 * Without a Chromium the test is ignored, with the reason printed once.
 */

import assert from "node:assert/strict";
import { findTool } from "./_renderers.ts";
import { DevToolsPage } from "./_devtools.ts";
import {
  centerOf,
  click,
  matchesReference,
  mouseDrag,
  press,
  screenshot,
  squareCenter,
  touchDrag,
  UPDATE_VARIABLE,
} from "./_hands.ts";
import { ServerProcess } from "../serve/_server.ts";

const chromium = findTool("chromium", "chromium");
if (chromium.path === undefined) {
  console.log(`playground_editor_test.ts: SKIPPED, ${chromium.reason}`);
}

const REFERENCES = new URL("../testdata/playground/", import.meta.url);

/** The FEN field's text. */
function field(page: DevToolsPage): Promise<string> {
  return page.evaluate<string>(`document.getElementById("input").value`);
}

/** Puts text in the FEN field as pasted (an input event). */
async function paste(page: DevToolsPage, text: string): Promise<void> {
  await page.evaluate(`(() => {
    const input = document.getElementById("input");
    input.value = ${JSON.stringify(text)};
    input.dispatchEvent(new Event("input"));
  })()`);
}

/** The placement field of the FEN field's text. */
async function placement(page: DevToolsPage): Promise<string> {
  return (await field(page)).split(" ")[0];
}

/** A fixed window: the screenshots are taken at this size and scale. */
async function viewport(
  page: DevToolsPage,
  width: number,
  height: number,
): Promise<void> {
  await page.send("Emulation.setDeviceMetricsOverride", {
    width,
    height,
    deviceScaleFactor: 1,
    mobile: width < 600,
  });
}

/** The relative luminance (WCAG) of a computed `rgb(r, g, b)` color. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const GAME = `[Event "A short game"]

{Two knights.} 1. e4 e5 2. Nf3 $1 {The knight comes out.} Nc6 3. Bc4 Nf6 $5 (3... Bc5 4. c3) 4. Ng5 *`;

Deno.test({
  name:
    "the playground's board editor and game viewer, used with a mouse, a finger and keys",
  ignore: chromium.path === undefined,
  async fn(t) {
    const server = await ServerProcess.start();
    const page = await DevToolsPage.open(chromium.path!, "about:blank");
    try {
      await viewport(page, 1000, 900);
      await page.send("Page.navigate", { url: server.url });
      await page.waitFor(`document.querySelector("#board svg")`);

      await t.step(
        "the default sample is legal and has no warning",
        async () => {
          assert.equal(
            await page.evaluate(
              `document.getElementById("verdict").textContent`,
            ),
            "Legal position",
          );
          assert.equal(
            await page.evaluate(
              `document.querySelectorAll("#problems li").length`,
            ),
            0,
          );
        },
      );

      await t.step(
        "a piece dragged with the mouse moves, and the FEN follows",
        async () => {
          await paste(page, START);
          await mouseDrag(
            page,
            await squareCenter(page, "e2"),
            await squareCenter(page, "e4"),
          );
          assert.equal(
            await placement(page),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
          );
          // The board is redrawn from the new FEN.
          assert.equal(
            await page.evaluate(`document.getElementById("fen").textContent`),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
          );
        },
      );

      await t.step("a piece dragged with a finger moves", async () => {
        await touchDrag(
          page,
          await squareCenter(page, "g8"),
          await squareCenter(page, "f6"),
        );
        assert.equal(
          await placement(page),
          "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR",
        );
      });

      await t.step("a piece dragged off the board is removed", async () => {
        const outside = await centerOf(page, "#start");
        await mouseDrag(page, await squareCenter(page, "d1"), outside);
        assert.equal(
          await placement(page),
          "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNB1KBNR",
        );
      });

      await t.step("a piece dragged from the palette is added", async () => {
        const queen = await centerOf(page, `#palette-w [data-tool="Q"]`);
        await mouseDrag(page, queen, await squareCenter(page, "h5"));
        assert.equal(
          await placement(page),
          "rnbqkb1r/pppppppp/5n2/7Q/4P3/8/PPPP1PPP/RNB1KBNR",
        );
        const knight = await centerOf(page, `#palette-b [data-tool="n"]`);
        await touchDrag(page, knight, await squareCenter(page, "a3"));
        assert.equal(
          await placement(page),
          "rnbqkb1r/pppppppp/5n2/7Q/4P3/n7/PPPP1PPP/RNB1KBNR",
        );
      });

      await t.step(
        "click-to-place: a palette piece picked, squares tapped",
        async () => {
          await click(page, await centerOf(page, `#palette-b [data-tool="p"]`));
          assert.equal(
            await page.evaluate(
              `document.querySelector('#palette-b [data-tool="p"]').getAttribute("aria-pressed")`,
            ),
            "true",
          );
          await click(page, await squareCenter(page, "a4"));
          await touchDrag(
            page,
            await squareCenter(page, "b4"),
            await squareCenter(page, "b4"),
          );
          assert.equal(
            await placement(page),
            "rnbqkb1r/pppppppp/5n2/7Q/pp2P3/n7/PPPP1PPP/RNB1KBNR",
          );
          // The same piece tapped again is taken back; the eraser takes any.
          await click(page, await squareCenter(page, "b4"));
          await click(
            page,
            await centerOf(page, `#palette-w [data-tool="trash"]`),
          );
          await click(page, await squareCenter(page, "a3"));
          assert.equal(
            await placement(page),
            "rnbqkb1r/pppppppp/5n2/7Q/p3P3/8/PPPP1PPP/RNB1KBNR",
          );
          // Picked again, the eraser is put down: drags work again.
          await click(
            page,
            await centerOf(page, `#palette-w [data-tool="trash"]`),
          );
          await mouseDrag(
            page,
            await squareCenter(page, "a4"),
            await squareCenter(page, "a5"),
          );
          assert.equal(
            await placement(page),
            "rnbqkb1r/pppppppp/5n2/p6Q/4P3/8/PPPP1PPP/RNB1KBNR",
          );
        },
      );

      await t.step(
        "castling boxes, the side to move and en passant write the FEN",
        async () => {
          await paste(page, START);
          await click(page, await centerOf(page, "#castle-Q"));
          assert.equal(await field(page), START.replace("KQkq", "Kkq"));
          await click(page, await centerOf(page, "#castle-k"));
          assert.equal(await field(page), START.replace("KQkq", "Kq"));
          // The side to move from the keyboard: the list's next choice.
          await page.evaluate(`document.getElementById("turn").focus()`);
          await press(page, "ArrowDown");
          assert.equal(await field(page), START.replace("w KQkq", "b Kq"));
          // The en-passant choices follow the side to move.
          assert.deepEqual(
            await page.evaluate(
              `[...document.getElementById("ep").options].map((o) => o.value).slice(0, 3)`,
            ),
            ["-", "a3", "b3"],
          );
          // The boxes follow a FEN typed in.
          await paste(page, "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1");
          assert.deepEqual(
            await page.evaluate(
              `["K", "Q", "k", "q"].map((c) => document.getElementById("castle-" + c).checked)`,
            ),
            [false, true, true, false],
          );
          assert.equal(
            await page.evaluate(`document.getElementById("turn").value`),
            "b",
          );
        },
      );

      await t.step("flip, clear and the start position", async () => {
        await click(page, await centerOf(page, "#clear"));
        assert.equal(await field(page), "8/8/8/8/8/8/8/8 w - - 0 1");
        await click(page, await centerOf(page, "#start"));
        assert.equal(await field(page), START);
        await click(page, await centerOf(page, "#flip"));
        assert.equal(
          await page.evaluate(`document.getElementById("flip").checked`),
          true,
        );
        // Seen from Black's side, the hands still find the squares.
        await mouseDrag(
          page,
          await squareCenter(page, "e7"),
          await squareCenter(page, "e5"),
        );
        assert.equal(
          await placement(page),
          "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR",
        );
        await click(page, await centerOf(page, "#flip"));
      });

      await t.step(
        "problems keep their carets and tints; errors and warnings differ",
        async () => {
          await paste(page, "4k3/8/8/8/4P3/8/8/4K2P b - e3 0 1");
          const items = await page.evaluate<[string, string][]>(
            `[...document.querySelectorAll("#problems li")].map((li) => [li.className, getComputedStyle(li).color])`,
          );
          const error = items.find(([kind]) => kind === "error");
          const warning = items.find(([kind]) => kind === "warning");
          assert.ok(
            error !== undefined && warning !== undefined,
            JSON.stringify(items),
          );
          assert.notEqual(error[1], warning[1]);
          const fills = await page.evaluate<string[]>(
            `[...document.querySelectorAll("#board svg [fill]")].map((r) => r.getAttribute("fill"))`,
          );
          assert.ok(
            fills.includes("#e0282899"),
            "an error's square tinted red",
          );
          assert.ok(
            fills.includes("#ffb30099"),
            "a warning's square tinted amber",
          );
          await paste(page, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra");
          assert.match(
            await page.evaluate<string>(
              `document.querySelector("#problems pre").textContent`,
            ),
            /\^ column/,
          );
        },
      );

      await t.step(
        "a game: its move list, comments and NAGs; a click goes to a move",
        async () => {
          await paste(page, GAME);
          assert.equal(
            await page.evaluate(`document.getElementById("game-box").hidden`),
            false,
          );
          const list = await page.evaluate<string>(
            `document.getElementById("movelist").textContent`,
          );
          assert.match(list, /Two knights\./);
          assert.match(list, /Nf3!/);
          assert.match(list, /The knight comes out\./);
          assert.match(list, /Nf6!\?/);
          assert.match(list, /\(3\.\.\. Bc5 4\. c3\)/, "a variation, shown");
          // Shown at its end, the last move highlighted.
          assert.equal(
            await page.evaluate(
              `document.querySelector("#movelist .current").dataset.ply`,
            ),
            "7",
          );
          await click(page, await centerOf(page, `#movelist [data-ply="3"]`));
          assert.equal(
            await page.evaluate(`document.getElementById("fen").textContent`),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
          );
          assert.equal(
            await page.evaluate(`document.getElementById("ply").value`),
            "3",
          );
          assert.equal(
            await page.evaluate(
              `document.querySelector("#movelist .current").textContent`,
            ),
            "Nf3!",
          );
          // The GIF link animates the game, as before.
          assert.match(
            await page.evaluate<string>(
              `document.getElementById("gif-link").href`,
            ),
            /\/game\.gif\?pgn=/,
          );
        },
      );

      await t.step("the arrow keys step through the game", async () => {
        await page.evaluate(`document.getElementById("movelist").focus()`);
        await press(page, "ArrowRight");
        await press(page, "ArrowRight");
        assert.equal(
          await page.evaluate(
            `document.getElementById("ply-label").textContent`,
          ),
          "after 3. Bc4",
        );
        await press(page, "ArrowLeft");
        assert.equal(
          await page.evaluate(
            `document.getElementById("ply-label").textContent`,
          ),
          "after 2... Nc6",
        );
        await press(page, "Home");
        assert.equal(
          await page.evaluate(`document.getElementById("fen").textContent`),
          START,
        );
        await press(page, "End");
        assert.equal(
          await page.evaluate(`document.getElementById("ply").value`),
          "7",
        );
        assert.equal(
          await page.evaluate(`document.activeElement.id`),
          "movelist",
          "the list keeps the focus while stepping",
        );
        // Dragging a piece of a game's position starts a FEN from it.
        await mouseDrag(
          page,
          await squareCenter(page, "g5"),
          await squareCenter(page, "f3"),
        );
        assert.equal(
          await field(page),
          "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 5 4",
        );
        assert.equal(
          await page.evaluate(`document.getElementById("game-box").hidden`),
          true,
        );
      });

      await t.step(
        "the keyboard alone: Tab to a palette piece, Enter picks it",
        async () => {
          await paste(page, START);
          await page.evaluate(
            `document.querySelector('#palette-b [data-tool="k"]').focus()`,
          );
          await press(page, "Tab");
          assert.equal(
            await page.evaluate(`document.activeElement.dataset.tool`),
            "q",
            "the palette's buttons are in the focus order",
          );
          await press(page, "Enter");
          assert.equal(
            await page.evaluate(
              `document.querySelector('#palette-b [data-tool="q"]').getAttribute("aria-pressed")`,
            ),
            "true",
          );
          await press(page, " ");
          assert.equal(
            await page.evaluate(
              `document.querySelector('#palette-b [data-tool="q"]').getAttribute("aria-pressed")`,
            ),
            "false",
          );
          await page.evaluate(`document.getElementById("castle-K").focus()`);
          await press(page, "Enter");
          assert.equal(await field(page), START.replace("KQkq", "Qkq"));
          await press(page, " ");
          assert.equal(await field(page), START);
        },
      );

      await t.step(
        "the keyboard alone edits the board: arrows, Enter, Delete",
        async () => {
          await paste(page, START);
          await page.evaluate(`document.getElementById("board").focus()`);
          const status = () =>
            page.evaluate<string>(
              `document.getElementById("board-status").textContent`,
            );
          assert.equal(await status(), "e2: white pawn");
          await press(page, "Enter");
          await press(page, "ArrowUp");
          await press(page, "ArrowUp");
          assert.equal(
            await status(),
            "e4: empty; holding the white pawn from e2",
          );
          await press(page, "Enter");
          assert.equal(
            await placement(page),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
          );
          await press(page, "ArrowLeft");
          await press(page, "ArrowDown");
          await press(page, "ArrowDown");
          await press(page, "ArrowDown");
          assert.equal(await status(), "d1: white queen");
          await press(page, "Delete");
          assert.equal(
            await placement(page),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR",
          );
          assert.equal(
            await page.evaluate(`document.activeElement.id`),
            "board",
          );
          // A picked palette piece is placed with Enter.
          await page.evaluate(
            `document.querySelector('#palette-w [data-tool="Q"]').click()`,
          );
          await page.evaluate(`document.getElementById("board").focus()`);
          await press(page, "Enter");
          await press(page, "Escape");
          assert.equal(
            await placement(page),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
          );
          assert.equal(
            await page.evaluate(
              `document.querySelector('[aria-pressed="true"]')`,
            ),
            null,
            "Escape puts the picked piece down",
          );
        },
      );

      await t.step(
        "problems are said in words with the right count, their codes in the tooltips",
        async () => {
          // A second queen for a bishop, every pawn at home.
          await paste(
            page,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w - - 0 1",
          );
          const items = await page.evaluate<[string, string][]>(
            `[...document.querySelectorAll("#problems li")].map((li) => [li.textContent, li.title])`,
          );
          assert.deepEqual(items, [[
            "Illegal: White has 1 piece more than a side starts with, each a promoted pawn, but none of its pawns is missing (d1, f1).",
            "too-many-promotions",
          ]]);
        },
      );

      await t.step(
        "inside coordinates are drawn over the pieces, as lichess draws them",
        async () => {
          await paste(page, START);
          const order = await page.evaluate<number[]>(`(() => {
            const uses = [...document.querySelectorAll("#board svg use")];
            const href = (use) => use.getAttribute("xlink:href");
            const pieces = uses.filter((use) => /^#fen-cb-[KQRBNPkqrbnp]$/.test(href(use)));
            return [
              uses.indexOf(pieces.at(-1)),
              uses.findIndex((use) => href(use) === "#fen-la"),
            ];
          })()`);
          assert.ok(order[0] >= 0 && order[1] > order[0], String(order));
        },
      );

      await t.step("dark mode follows prefers-color-scheme", async () => {
        const colors = () =>
          page.evaluate<string[]>(`[
            getComputedStyle(document.body).backgroundColor,
            getComputedStyle(document.body).color,
            getComputedStyle(document.querySelector(".panel")).backgroundColor,
          ]`);
        const light = await colors();
        assert.deepEqual(light, [
          "rgb(237, 235, 233)",
          "rgb(77, 77, 77)",
          "rgb(255, 255, 255)",
        ]);
        await page.send("Emulation.setEmulatedMedia", {
          features: [{ name: "prefers-color-scheme", value: "dark" }],
        });
        assert.deepEqual(await colors(), [
          "rgb(22, 21, 18)",
          "rgb(186, 186, 186)",
          "rgb(38, 36, 33)",
        ]);
        // The palettes' ground sets off black pieces and white ones alike
        // (at least 3:1, WCAG's contrast for graphics).
        const tray = await page.evaluate<string>(
          `getComputedStyle(document.querySelector(".palette")).backgroundColor`,
        );
        const ground = luminance(tray);
        assert.ok((ground + 0.05) / 0.05 >= 3, `black pieces on ${tray}`);
        assert.ok(1.05 / (ground + 0.05) >= 3, `white pieces on ${tray}`);
        await page.send("Emulation.setEmulatedMedia", { features: [] });
      });

      await t.step(
        "on a phone's width: one column, nothing wider than the screen",
        async () => {
          await viewport(page, 390, 844);
          const layout = await page.evaluate<
            {
              scroll: number;
              board: number;
              boardBottom: number;
              sideTop: number;
            }
          >(`(() => {
          const board = document.getElementById("board").getBoundingClientRect();
          const side = document.querySelector(".side").getBoundingClientRect();
          return {
            scroll: document.documentElement.scrollWidth,
            board: board.width,
            boardBottom: board.bottom,
            sideTop: side.top,
          };
        })()`);
          assert.ok(layout.scroll <= 390, `page ${layout.scroll}px wide`);
          assert.ok(layout.board >= 360, `board ${layout.board}px wide`);
          assert.ok(
            layout.sideTop > layout.boardBottom,
            "the panel under the board",
          );
          await viewport(page, 1000, 900);
        },
      );
    } finally {
      await page.close();
      await server.stop();
    }
  },
});

/** The board and its palettes, as a person sees them, in four scenes. */
const SCENES: readonly {
  name: string;
  text: string;
  width: number;
  dark?: boolean;
  flip?: boolean;
  ply?: number;
}[] = [
  { name: "start", text: START, width: 1000 },
  { name: "problems", text: "4k3/8/8/8/4P3/8/8/4K2P b - e3 0 1", width: 1000 },
  {
    name: "game-dark",
    text: GAME,
    width: 1000,
    dark: true,
    flip: true,
    ply: 3,
  },
  { name: "phone", text: START, width: 390 },
];

Deno.test({
  name: "the playground's board and palettes look as the kept screenshots",
  ignore: chromium.path === undefined,
  async fn() {
    const server = await ServerProcess.start();
    const page = await DevToolsPage.open(chromium.path!, "about:blank");
    try {
      for (const scene of SCENES) {
        await viewport(page, scene.width, 900);
        await page.send("Emulation.setEmulatedMedia", {
          features: [{
            name: "prefers-color-scheme",
            value: scene.dark ? "dark" : "light",
          }],
        });
        const hash = new URLSearchParams({ fen: scene.text });
        if (scene.flip) hash.set("flip", "1");
        if (scene.ply !== undefined) hash.set("ply", String(scene.ply));
        // From a blank page, so that the page loads afresh with the link.
        await page.send("Page.navigate", { url: "about:blank" });
        await page.waitFor(`location.href === "about:blank"`);
        await page.send("Page.navigate", { url: `${server.url}#${hash}` });
        await page.waitFor(
          `document.querySelector("#board svg") && document.getElementById("input").value === ${
            JSON.stringify(scene.text)
          }`,
        );
        await page.evaluate(`document.activeElement?.blur()`);
        await page.send("Input.dispatchMouseEvent", {
          type: "mouseMoved",
          x: 0,
          y: 0,
        });
        const png = await screenshot(page, ".board-col");
        await matchesReference(png, new URL(`${scene.name}.png`, REFERENCES));
      }
      if (Deno.env.get(UPDATE_VARIABLE) === "1") {
        await docsScreenshots(page, server.url);
      }
    } finally {
      await page.close();
      await server.stop();
    }
  },
});

/**
 * The docs' pictures of the page (docs/playground.png, wide, and
 * docs/playground-phone.png), written with the references. They hold text,
 * so they are shown, never compared.
 */
async function docsScreenshots(page: DevToolsPage, url: string): Promise<void> {
  const docs = new URL("../../docs/", import.meta.url);
  for (
    const [name, width, height] of [
      ["playground.png", 1000, 700],
      ["playground-phone.png", 390, 844],
    ] as const
  ) {
    await viewport(page, width, height);
    await page.send("Emulation.setEmulatedMedia", { features: [] });
    await page.send("Page.navigate", { url: "about:blank" });
    await page.waitFor(`location.href === "about:blank"`);
    const hash = new URLSearchParams({ fen: GAME, ply: "5" });
    await page.send("Page.navigate", { url: `${url}#${hash}` });
    await page.waitFor(`document.querySelector("#movelist .current")`);
    await page.evaluate(`document.activeElement?.blur()`);
    const { data } = await page.send("Page.captureScreenshot", {
      format: "png",
    }) as { data: string };
    await Deno.writeFile(
      new URL(name, docs),
      Uint8Array.from(atob(data), (c) => c.charCodeAt(0)),
    );
  }
}
