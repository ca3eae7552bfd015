/**
 * A seeded fuzz of `fen serve`: query strings built from the parameters'
 * names, near-miss names and values of every kind, and game bodies with
 * fields removed, retyped or replaced. Every answer must be an image, a
 * 304 or a JSON error of the client's (4xx): never a 500, never a hang.
 * The count is fixed, so the run is bounded.
 */

import assert from "node:assert/strict";
import { mulberry32 } from "../_shared.ts";
import { get, ServerProcess } from "./_server.ts";

/** Picks and text from the shared seeded generator, so a failure reproduces. */
class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  text(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) {
      out += String.fromCodePoint(
        this.pick([
          () => 32 + Math.floor(this.next() * 95),
          () => 0x80 + Math.floor(this.next() * 0x700),
          () => this.pick([0, 10, 0x2028, 0xfeff, 0x1f600]),
        ])(),
      );
    }
    return out;
  }
}

const PATHS = [
  "/board.svg",
  "/board.png",
  "/board.gif",
  "/image.gif",
  "/check",
  "/game.gif",
];
const NAMES = [
  "fen",
  "orientation",
  "flip",
  "size",
  "lastMove",
  "lastmove",
  "last-move",
  "check",
  "arrows",
  "arrow",
  "squares",
  "highlight",
  "coordinates",
  "colors",
  "theme",
  "piece",
  "pieces",
  "frame",
  "style",
  "light",
  "dark",
  "highlight-color",
  "arrow-color",
  "side-to-move",
  "white",
  "black",
  "comment",
  "pgn",
  "Fen",
  "fen[]",
  "",
  "__proto__",
  "constructor",
  "toString",
];
const VALUES = [
  "",
  "true",
  "false",
  "0",
  "1",
  "yes",
  "white",
  "black",
  "classic",
  "vector",
  "blue",
  "wood",
  "lichess-blue",
  "wikipedia",
  "cburnett",
  "dejavu",
  "merida",
  "none",
  "thin",
  "labels",
  "inside",
  "outside",
  "96",
  "160",
  "360",
  "1",
  "0",
  "-1",
  "1024",
  "1025",
  "99999999999",
  "1e3",
  "0x10",
  "e2e4",
  "e7e8q",
  "Ge2e4,Rd1d8",
  "Bh7",
  "a3,c3",
  "i9",
  "e8",
  "h8",
  "#ff0000",
  "red",
  "rgb(1,2,3)",
  "8/8/8/8/8/8/8/8",
  "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "8/8/8/8/8/8/8/9",
  "<svg onload=x>",
  "%",
  "%zz",
  "\u0000",
  "x".repeat(120),
  "1. e4 e5 2. Nf3 *",
  '[White "A"]\n\n1. d4 d5 *',
  "1. e4 e5 2. Ke3 *",
  "1. e4 {",
  "1. e4 *\n\n1. d4 *",
];

function query(random: Random): string {
  const parts: string[] = [];
  const count = Math.floor(random.next() * 6);
  for (let i = 0; i < count; i++) {
    const name = random.next() < 0.1 ? random.text(3) : random.pick(NAMES);
    const value = random.next() < 0.15
      ? random.text(1 + Math.floor(random.next() * 12))
      : random.pick(VALUES);
    // Sometimes raw, so that bad percent-encodings reach the server.
    parts.push(
      random.next() < 0.1
        ? `${name}=${value}`
        : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    );
  }
  return parts.join("&");
}

const GAME = {
  white: "A",
  black: "B",
  size: 96,
  delay: 20,
  theme: "brown",
  frames: [
    {},
    {
      fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      lastMove: "e2e4",
      check: false,
    },
  ],
};

function mutate(random: Random, value: unknown, depth = 0): unknown {
  const roll = random.next();
  if (roll < 0.1) {
    return random.pick([
      null,
      0,
      -1,
      1.5,
      true,
      "",
      [],
      {},
      "x".repeat(200),
      random.text(5),
    ]);
  }
  if (roll < 0.15 && depth > 0) return undefined;
  if (Array.isArray(value)) {
    return value.map((item) => mutate(random, item, depth + 1));
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = mutate(random, item, depth + 1);
    }
    if (random.next() < 0.1) out[random.pick(NAMES)] = random.pick(VALUES);
    return out;
  }
  if (roll < 0.3) return random.pick(VALUES);
  return value;
}

const ALLOWED = new Set([200, 304, 400, 404, 405, 413, 414]);

/** How many answers had each status: the fuzz must reach both sides. */
const seen = new Map<number, number>();

async function expectSane(response: Response, what: string): Promise<void> {
  const body = await response.arrayBuffer();
  seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
  assert.ok(ALLOWED.has(response.status), `${what}: status ${response.status}`);
  if (response.status >= 400) {
    const error = JSON.parse(new TextDecoder().decode(body)).error;
    assert.equal(typeof error.message, "string", what);
  }
}

Deno.test("a fixed number of random queries and bodies: no 500, no hang", async () => {
  const server = await ServerProcess.start();
  const random = new Random(20);
  try {
    for (let i = 0; i < 400; i++) {
      const path = `${random.pick(PATHS)}?${query(random)}`;
      await expectSane(await get(server, path), path);
    }
    for (let i = 0; i < 150; i++) {
      const roll = random.next();
      const body = roll < 0.1
        ? random.text(20)
        : roll < 0.25
        ? random.pick(VALUES) // PGN, FEN and other text bodies
        : JSON.stringify(mutate(random, GAME));
      await expectSane(
        await get(server, "/game.gif", { method: "POST", body }),
        body.slice(0, 200),
      );
    }
    assert.ok((seen.get(200) ?? 0) >= 20, "images were drawn");
    assert.ok((seen.get(400) ?? 0) >= 20, "requests were refused");
  } finally {
    const { code, stderr } = await server.stop();
    assert.equal(code, 0);
    assert.doesNotMatch(stderr, /internal error/);
  }
});
