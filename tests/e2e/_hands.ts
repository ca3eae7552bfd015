// A person's hands on a page in headless Chromium, over the DevTools
// protocol: the mouse, a finger and the keyboard as the browser's input
// (Input.dispatch*Event), so that the page sees the events a person makes,
// and screenshots of a part of the page compared with kept references.

import assert from "node:assert/strict";
import type { DevToolsPage } from "./_devtools.ts";
import { type Picture, readPng } from "../_pixels.ts";

/** A point of the page's viewport, in CSS pixels. */
export type Point = readonly [x: number, y: number];

/** The center of the first element `selector` matches. */
export async function centerOf(
  page: DevToolsPage,
  selector: string,
): Promise<Point> {
  const point = await page.evaluate<Point | null>(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (element === null) return null;
    element.scrollIntoView({ block: "nearest" });
    const box = element.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  })()`);
  assert.ok(point !== null, `no ${selector} on the page`);
  return point;
}

/** The center of a square of the page's board, seen as it is drawn. */
export function squareCenter(
  page: DevToolsPage,
  square: string,
): Promise<Point> {
  return page.evaluate<Point>(`(() => {
    const svg = document.querySelector("#board svg");
    const box = svg.getBoundingClientRect();
    const [vx, vy, vw, vh] = svg.getAttribute("viewBox").split(" ").map(Number);
    const flip = document.getElementById("flip").checked;
    let col = "abcdefgh".indexOf(${JSON.stringify(square[0])});
    let row = 8 - ${Number(square[1])};
    if (flip) { col = 7 - col; row = 7 - row; }
    return [
      box.left + (col - vx) / vw * box.width,
      box.top + (row - vy) / vh * box.height,
    ];
  })()`);
}

/** Points from `a` to `b` in `steps` moves, as a hand goes. */
function path(a: Point, b: Point, steps: number): Point[] {
  return Array.from({ length: steps }, (_, i) => {
    const t = (i + 1) / steps;
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as Point;
  });
}

/** Presses the left mouse button at `from`, moves to `to`, lets go. */
export async function mouseDrag(
  page: DevToolsPage,
  from: Point,
  to: Point,
): Promise<void> {
  const mouse = (type: string, [x, y]: Point, buttons: number) =>
    page.send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      button: "left",
      buttons,
      clickCount: 1,
    });
  await mouse("mouseMoved", from, 0);
  await mouse("mousePressed", from, 1);
  for (const point of path(from, to, 6)) await mouse("mouseMoved", point, 1);
  await mouse("mouseReleased", to, 0);
}

/** A mouse click at a point. */
export async function click(page: DevToolsPage, at: Point): Promise<void> {
  await mouseDrag(page, at, at);
}

/** A finger put down at `from`, slid to `to`, lifted. */
export async function touchDrag(
  page: DevToolsPage,
  from: Point,
  to: Point,
): Promise<void> {
  await page.send("Emulation.setTouchEmulationEnabled", {
    enabled: true,
    maxTouchPoints: 1,
  });
  const touch = (type: string, points: Point[]) =>
    page.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: points.map(([x, y]) => ({ x, y, id: 1 })),
    });
  await touch("touchStart", [from]);
  for (const point of path(from, to, 6)) await touch("touchMove", [point]);
  await touch("touchEnd", []);
  await page.send("Emulation.setTouchEmulationEnabled", { enabled: false });
}

/** The keys the tests press, with what the protocol needs of each. */
const KEYS: Readonly<
  Record<string, { code: string; vk: number; text?: string }>
> = {
  ArrowLeft: { code: "ArrowLeft", vk: 37 },
  ArrowRight: { code: "ArrowRight", vk: 39 },
  ArrowUp: { code: "ArrowUp", vk: 38 },
  ArrowDown: { code: "ArrowDown", vk: 40 },
  Home: { code: "Home", vk: 36 },
  End: { code: "End", vk: 35 },
  Tab: { code: "Tab", vk: 9 },
  Enter: { code: "Enter", vk: 13, text: "\r" },
  Delete: { code: "Delete", vk: 46 },
  Escape: { code: "Escape", vk: 27 },
  " ": { code: "Space", vk: 32, text: " " },
};

/** Presses and releases a key, to whatever has the focus. */
export async function press(page: DevToolsPage, key: string): Promise<void> {
  const { code, vk, text } = KEYS[key];
  await page.send("Input.dispatchKeyEvent", {
    type: text === undefined ? "rawKeyDown" : "keyDown",
    key,
    code,
    windowsVirtualKeyCode: vk,
    ...(text === undefined ? {} : { text }),
  });
  await page.send("Input.dispatchKeyEvent", {
    type: "keyUp",
    key,
    code,
    windowsVirtualKeyCode: vk,
  });
}

/** A screenshot of the page's region under `selector`, at the device scale. */
export async function screenshot(
  page: DevToolsPage,
  selector: string,
): Promise<Uint8Array> {
  const clip = await page.evaluate<
    { x: number; y: number; width: number; height: number }
  >(`(() => {
    const box = document.querySelector(${JSON.stringify(selector)})
      .getBoundingClientRect();
    return {
      x: Math.round(box.left + scrollX),
      y: Math.round(box.top + scrollY),
      width: Math.round(box.width),
      height: Math.round(box.height),
    };
  })()`);
  const { data } = await page.send("Page.captureScreenshot", {
    format: "png",
    clip: { ...clip, scale: 1 },
    captureBeyondViewport: true,
  }) as { data: string };
  return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
}

/** How two pictures differ: pixels off by more than `tolerance` in a channel. */
export function differingPixels(
  a: Picture,
  b: Picture,
  tolerance: number,
): number {
  assert.deepEqual([a.width, a.height], [b.width, b.height], "picture sizes");
  let count = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    if (
      Math.abs(a.rgb[i] - b.rgb[i]) > tolerance ||
      Math.abs(a.rgb[i + 1] - b.rgb[i + 1]) > tolerance ||
      Math.abs(a.rgb[i + 2] - b.rgb[i + 2]) > tolerance
    ) count++;
  }
  return count;
}

/** The environment variable that rewrites the references instead. */
export const UPDATE_VARIABLE = "FEN_UPDATE_SCREENSHOTS";

/**
 * Compares a screenshot with its kept reference (a PNG file): at most
 * `share` of the pixels may differ by more than `tolerance` in a channel
 * (antialiasing). With FEN_UPDATE_SCREENSHOTS=1 the reference is written.
 */
export async function matchesReference(
  png: Uint8Array,
  reference: URL,
  { tolerance = 8, share = 0.005 } = {},
): Promise<void> {
  if (Deno.env.get(UPDATE_VARIABLE) === "1") {
    await Deno.writeFile(reference, png);
    return;
  }
  const kept = await Deno.readFile(reference).catch(() => null);
  assert.ok(
    kept !== null,
    `no reference ${reference.pathname}: run with ${UPDATE_VARIABLE}=1 to write it`,
  );
  const actual = readPng(png);
  const expected = readPng(kept);
  const off = differingPixels(actual, expected, tolerance);
  const allowed = Math.floor(actual.width * actual.height * share);
  if (off > allowed) {
    const saved = await Deno.makeTempFile({ suffix: ".png" });
    await Deno.writeFile(saved, png);
    assert.fail(
      `${reference.pathname}: ${off} pixels differ (at most ${allowed}); ` +
        `the screenshot is ${saved}`,
    );
  }
}
