/**
 * `fen serve` over real HTTP: a spawned server on loopback, every endpoint
 * in both dialects (web-boardimage's and lila-gif's), the caching headers
 * and 304s, the limits, the JSON errors, CORS, and a clean stop.
 */

import assert from "node:assert/strict";
import { get, ServerProcess } from "./_server.ts";
import { readGif } from "../_gif.ts";
import { spawnFen } from "../cli/_harness.ts";
import { difference, hex, near, pixel, readPng } from "../_pixels.ts";
import { loadResvg } from "../../lib/raster/resvg_wasm.js";

const server = await ServerProcess.start();

/** web-boardimage's README example. */
const README_QUERY =
  "fen=5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8&lastMove=f4g6&check=h8&arrows=Ge6g8,Bh7&squares=a3,c3";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

function q(fen: string): string {
  return encodeURIComponent(fen);
}

async function bytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** The error body of a refused request, with the status checked. */
async function refused(
  path: string,
  status: number,
  init: RequestInit = {},
): Promise<
  {
    parameter: string | null;
    field: string | null;
    offset: number | null;
    message: string;
  }
> {
  const response = await get(server, path, init);
  const text = await response.text();
  assert.equal(response.status, status, `${path.slice(0, 80)}: ${text}`);
  assert.equal(
    response.headers.get("Content-Type"),
    "application/json; charset=utf-8",
  );
  assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
  assert.ok(!/[<>]/.test(text), `markup reflected: ${text}`);
  return JSON.parse(text).error;
}

function pngWidth(png: Uint8Array): number {
  return new DataView(png.buffer, png.byteOffset).getUint32(16);
}

function gifSize(gif: Uint8Array): [number, number] {
  const view = new DataView(gif.buffer, gif.byteOffset);
  return [view.getUint16(6, true), view.getUint16(8, true)];
}

Deno.test("web-boardimage's example as SVG, with the caching and safety headers", async () => {
  const response = await get(server, `/board.svg?${README_QUERY}`);
  const svg = await response.text();
  assert.equal(response.status, 200);
  assert.equal(
    response.headers.get("Content-Type"),
    "image/svg+xml; charset=utf-8",
  );
  assert.equal(
    response.headers.get("Cache-Control"),
    "public, max-age=31536000, immutable",
  );
  assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*");
  assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
  assert.match(response.headers.get("ETag") ?? "", /^"[0-9a-f]{16}"$/);
  assert.ok(svg.startsWith("<svg"));
  assert.ok(svg.includes('width="360"'), "web-boardimage's default size");
  assert.match(svg, /Last move f4 to g6/);
  assert.ok(!svg.includes("<text"), "the vector style");
});

Deno.test("web-boardimage's options: orientation, size, coordinates, colors", async () => {
  const plain = await (await get(server, `/board.svg?fen=8/8/8/8/8/8/8/K7`))
    .text();
  const flipped = await (await get(
    server,
    `/board.svg?fen=8/8/8/8/8/8/8/K7&orientation=black&size=200&coordinates=true&colors=wikipedia`,
  )).text();
  assert.notEqual(plain, flipped);
  assert.ok(flipped.includes('width="200"'));
  assert.ok(flipped.includes("#d18b47"), "wikipedia's dark squares");
  const blue = await (await get(
    server,
    `/board.svg?fen=8/8/8/8/8/8/8/K7&colors=lichess-blue`,
  )).text();
  assert.ok(blue.includes("#8ca2ad"));
  // Each dialect's spelling of an option draws what ours does.
  const body = async (query: string) =>
    await (await get(server, `/board.svg?fen=8/8/8/8/8/8/8/K7&${query}`))
      .text();
  assert.equal(await body("orientation=black"), await body("flip=true"));
  assert.equal(
    await body("coordinates=True"),
    await body("coordinates=outside"),
  );
  assert.equal(await body("coordinates=0"), plain);
  assert.notEqual(await body("coordinates=1"), plain);
  assert.equal(await body("colors=lichess-blue"), await body("theme=blue"));
});

Deno.test("the same request in another order has the same ETag; another request another", async () => {
  const a = await get(
    server,
    `/board.svg?fen=8/8/8/8/8/8/8/K7&size=200&orientation=black`,
  );
  const b = await get(
    server,
    `/board.svg?orientation=black&size=200&fen=8/8/8/8/8/8/8/K7`,
  );
  const c = await get(server, `/board.svg?fen=8/8/8/8/8/8/8/K7&size=201`);
  await Promise.all([a.body?.cancel(), b.body?.cancel(), c.body?.cancel()]);
  assert.equal(a.headers.get("ETag"), b.headers.get("ETag"));
  assert.notEqual(a.headers.get("ETag"), c.headers.get("ETag"));
});

Deno.test("If-None-Match gives 304 with no body, for images and checks", async () => {
  for (
    const path of [
      `/board.png?fen=8/8/8/8/8/8/8/K7`,
      `/check?fen=8/8/8/8/8/8/8/K7`,
    ]
  ) {
    const first = await get(server, path);
    await first.body?.cancel();
    const tag = first.headers.get("ETag")!;
    const again = await get(server, path, {
      headers: { "If-None-Match": `"x", ${tag}` },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("ETag"), tag);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const other = await get(server, path, {
      headers: { "If-None-Match": '"0000"' },
    });
    assert.equal(other.status, 200);
    await other.body?.cancel();
  }
});

Deno.test("PNG in both dialects", async () => {
  const response = await get(server, `/board.png?${README_QUERY}`);
  const png = await bytes(response);
  assert.equal(response.headers.get("Content-Type"), "image/png");
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  assert.equal(pngWidth(png), 360);
  const lila = await bytes(
    await get(
      server,
      `/board.png?fen=${
        q(AFTER_E4)
      }&lastMove=e2e4&theme=blue&piece=cburnett&size=240`,
    ),
  );
  assert.equal(pngWidth(lila), 240);
});

Deno.test("PNGs with squares= are the pictures of their SVGs, whatever the squares", async () => {
  const rasterize = await loadResvg();
  const fen = "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8";
  for (
    const marks of ["squares=c4", "squares=d5", "squares=a3,h8&lastMove=f4g6"]
  ) {
    const query = `fen=${fen}&${marks}`;
    const png = await bytes(await get(server, `/board.png?${query}`));
    const svg = await (await get(server, `/board.svg?${query}`)).text();
    const { mean, far } = difference(readPng(png), readPng(rasterize(svg)));
    assert.ok(mean < 0.5 && far < 0.001, `${marks}: ${mean} ${far}`);
  }
});

Deno.test("lila-gif's /image.gif: 720 px by default, players' bars, theme aliases", async () => {
  const plain = await bytes(
    await get(server, `/image.gif?fen=${q(AFTER_E4)}&lastMove=e2e4`),
  );
  assert.equal(new TextDecoder().decode(plain.subarray(0, 6)), "GIF89a");
  assert.deepEqual(gifSize(plain), [720, 720]);
  const named = await bytes(
    await get(
      server,
      `/image.gif?fen=${
        q(AFTER_E4)
      }&white=Anna&black=Bo&theme=wood&orientation=black&size=240`,
    ),
  );
  const [width, height] = gifSize(named);
  assert.equal(width, 240);
  assert.ok(height > 240, "bars above and below");
  const start = await get(server, `/image.gif?size=96`);
  assert.equal(start.status, 200, "lila-gif draws the start without a fen");
  await start.body?.cancel();
});

Deno.test("check=SQUARE marks the king there, in check or not, as both dialects draw it", async () => {
  const checked = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1";
  for (const claim of ["e8", "g1", "d4", "true", "1", "yes", "false"]) {
    const response = await get(
      server,
      `/board.gif?fen=${q(checked)}&check=${claim}&size=96`,
    );
    assert.equal(response.status, 200, claim);
    await response.body?.cancel();
  }
  const mark = (col: number, row: number) =>
    `<circle cx="${col}" cy="${row}" r=".45"`;
  const svg = async (query: string) =>
    await (await get(server, `/board.svg?${query}`)).text();
  // lila-gif's check=e1 on a king that is not in check: drawn, not a 400.
  const e1 = await svg(`fen=${q(START)}&check=e1`);
  assert.ok(e1.includes(mark(4, 7)), "a mark on e1");
  assert.ok(!e1.includes(mark(4, 0)), "and on no other king");
  // The named square alone, though another king is in check.
  const g1 = await svg(`fen=${q(checked)}&check=g1`);
  assert.ok(g1.includes(mark(6, 7)) && !g1.includes(mark(4, 0)));
  // A square without a king is ignored.
  assert.ok(!(await svg(`fen=${q(checked)}&check=d4`)).includes('r=".45"'));
  // web-boardimage's README example marks h8.
  assert.ok((await svg(README_QUERY)).includes(mark(7, 0)));
  assert.equal(
    (await refused(`/board.svg?fen=${q(checked)}&check=z9`, 400)).parameter,
    "check",
  );
});

Deno.test("our own options under the command's names", async () => {
  const svg = await (await get(
    server,
    `/board.svg?fen=${
      q(START)
    }&theme=green&pieces=dejavu&frame=thin&coordinates=inside&highlight=e4,Rd5&arrow=Ge2e4&flip=true&size=320`,
  )).text();
  assert.ok(svg.includes("#86a666"), "green's dark squares");
  const classic = await (await get(
    server,
    `/board.svg?fen=${q(START)}&style=classic&coordinates=true`,
  )).text();
  assert.ok(classic.includes("<text"), "the classic drawing");
});

Deno.test("bad parameters and values are 400s naming the parameter", async () => {
  const cases: [string, string][] = [
    // web-boardimage's circles ("Ge6") are tinted squares; anything else is not.
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&bogus=1`, "bogus"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&colors=red`, "colors"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&orientation=up`, "orientation"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&size=5000`, "size"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&size=12px`, "size"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&lastMove=e2`, "lastMove"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&arrows=Xe6e7`, "arrows"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&squares=i9`, "squares"],
    [`/board.svg?fen=8/8/8/8/8/8/8/K7&size=100&size=200`, "size"],
    [
      `/board.svg?fen=8/8/8/8/8/8/8/K7&flip=true&orientation=black`,
      "orientation",
    ],
    [`/board.png?fen=8/8/8/8/8/8/8/K7&piece=merida`, "piece"],
    [`/board.png?fen=8/8/8/8/8/8/8/K7&white=Anna`, "white"],
    [`/image.gif?white=${"x".repeat(101)}`, "white"],
    [`/board.png?fen=8/8/8/8/8/8/8/K7&style=classic`, "style"],
    [`/board.svg`, "fen"],
  ];
  for (const [path, parameter] of cases) {
    const error = await refused(path, 400);
    assert.equal(error.parameter, parameter, path);
    assert.ok(error.message.length > 0);
  }
  // What the renderer refuses is refused too, before drawing.
  assert.match(
    (await refused(`/board.gif?fen=8/8/8/8/8/8/8/K7&size=100`, 400)).message,
    /whole pixels/,
  );
  assert.match(
    (await refused(`/board.svg?fen=8/8/8/8/8/8/8/K7&light=notacolor`, 400))
      .message,
    /CSS color/,
  );
});

Deno.test("a malformed FEN is a 400 with its field and offset", async () => {
  const error = await refused(
    `/board.svg?fen=${q("rnbqkbnr/pppXpppp/8/8/8/8/PPPPPPPP/RNBQKBNR")}`,
    400,
  );
  assert.deepEqual(
    [error.parameter, error.field, error.offset],
    ["fen", "placement", 12],
  );
  assert.match(error.message, /at column 13$/);
});

Deno.test("input is never reflected as markup", async () => {
  const hostile = `<script>alert(1)</script>`;
  await refused(`/board.svg?fen=${q(hostile)}`, 400);
  await refused(`/board.svg?${q(hostile)}=1`, 400);
  await refused(`/check?fen=${q(hostile)}`, 400);
  await refused(`/nothing/${q(hostile)}`, 404);
});

Deno.test("/check: the --check --format json object", async () => {
  const response = await get(
    server,
    `/check?fen=${q("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")}`,
  );
  assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*");
  const answer = await response.json();
  assert.equal(answer.legal, true);
  assert.deepEqual(answer.problems, []);
  assert.equal(answer.status.check, true);
  assert.deepEqual(answer.status.checkers, ["e1"]);
  const illegal = await (await get(
    server,
    `/check?fen=${q("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")}`,
  )).json();
  assert.equal(illegal.legal, false);
  assert.equal(illegal.problems[0].code, "opposite-check");
  assert.equal(illegal.status, undefined);
  const placement = await (await get(server, `/check?fen=8/8/8/8/8/8/8/8`))
    .json();
  assert.equal(placement.fen, "8/8/8/8/8/8/8/8 w - - 0 1");
  assert.equal(
    (await refused(`/check?fen=8/8/8/8/8/8/8/8&size=1`, 400)).parameter,
    "size",
  );
  assert.equal((await refused(`/check`, 400)).parameter, "fen");
});

Deno.test("/check?variant=: read, judged and ended under the variant's rules", async () => {
  const hill = await (await get(
    server,
    `/check?variant=${q("King of the Hill")}&fen=${
      q("4k3/8/8/4K3/8/8/8/8 b - - 0 40")
    }`,
  )).json();
  assert.equal(hill.legal, true);
  assert.deepEqual(hill.variantEnd, {
    winner: "w",
    reason: "White's king reached the hill (e5)",
  });
  // the status carries the one end, from the side to move's view
  assert.deepEqual(hill.status.end, {
    winner: "w",
    termination: "variant-loss",
    reason: "White's king reached the hill (e5)",
  });
  assert.equal(hill.status.stalemate, false);
  const zh = await (await get(
    server,
    `/check?variant=crazyhouse&fen=${q("4k3/8/8/8/8/8/8/4K3/Qk w - - 0 1")}`,
  )).json();
  assert.equal(zh.fen, "4k3/8/8/8/8/8/8/4K3[Qk] w - - 0 1");
  assert.equal(zh.problems[0].code, "bad-pockets");
  const bad = await refused(`/check?variant=suicide&fen=8/8/8/8/8/8/8/8`, 400);
  assert.equal(bad.parameter, "variant");
  // without the variant, pockets are a FEN error at their column
  const plain = await refused(`/check?fen=${q("4k3/8/8/8/8/8/8/4K3[Q]")}`, 400);
  assert.equal(plain.field, "placement");
});

Deno.test("image endpoints take variant=: a crazyhouse or three-check record is read under its rules", async () => {
  const zh = q("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
  const svg = await get(server, `/board.svg?variant=crazyhouse&fen=${zh}`);
  assert.equal(svg.status, 200);
  assert.match(await svg.text(), /^<svg/);
  assert.equal(
    (await refused(`/board.svg?fen=${zh}`, 400)).field,
    "placement",
  );
  // the variant is part of the request: its own ETag
  const three = q("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2");
  const a = await get(server, `/board.svg?variant=threecheck&fen=${three}`);
  const b = await get(
    server,
    `/board.svg?fen=${q("4k3/8/8/8/8/8/8/4K3 w - - 0 1")}`,
  );
  await a.body?.cancel();
  await b.body?.cancel();
  assert.notEqual(a.headers.get("ETag"), b.headers.get("ETag"));
  assert.equal(
    (await refused(`/board.svg?variant=shogi&fen=8/8/8/8/8/8/8/K7`, 400))
      .parameter,
    "variant",
  );
});

Deno.test("a variant's FEN read under other rules: the error names variant=, the service's parameter", async () => {
  const zh = await refused(
    `/board.svg?fen=${q("4k3/8/8/8/8/8/8/4K3[Qn]")}`,
    400,
  );
  assert.deepEqual([zh.parameter, zh.field, zh.offset], [
    "fen",
    "placement",
    19,
  ]);
  assert.equal(
    zh.message,
    '"[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse\'s pockets and promoted pieces are read under its rules: variant=crazyhouse) at column 20',
  );
  const three = await refused(
    `/check?fen=${q("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2")}`,
    400,
  );
  assert.match(
    three.message,
    /read under its rules: variant=threecheck\) at column 31$/,
  );
});

Deno.test("image endpoints draw crazyhouse pockets beside the board (SVG, PNG) and hill=1 tints the hill", async () => {
  const zh = q("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
  const svg = await (await get(
    server,
    `/board.svg?variant=crazyhouse&size=400&fen=${zh}`,
  )).text();
  assert.match(svg, /<g class="fen-pocket-w"[\s\S]*#fen-cb-Q" x="4" y="0"\/>/);
  assert.match(svg, /width="400" height="500"/);
  const png = await bytes(
    await get(server, `/board.png?variant=crazyhouse&size=400&fen=${zh}`),
  );
  const view = new DataView(png.buffer, png.byteOffset);
  assert.deepEqual([view.getUint32(16), view.getUint32(20)], [400, 500]);
  const hill = await (await get(
    server,
    `/board.svg?hill=1&highlight-color=red&fen=${q("4k3/8/8/8/8/8/8/4K3")}`,
  )).text();
  assert.ok(hill.includes(
    '<path d="M2.5 2.5h1v1h-1zM3.5 2.5h1v1h-1zM2.5 3.5h1v1h-1zM3.5 3.5h1v1h-1z" fill="red"/>',
  ));
});

Deno.test("GIF endpoints take variant=: pockets and counters beside the board, a game's rows frame by frame", async () => {
  const zh = q("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
  for (const path of ["/board.gif", "/image.gif"]) {
    const response = await get(
      server,
      `${path}?variant=crazyhouse&size=96&fen=${zh}`,
    );
    const gif = await bytes(response);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Type"), "image/gif");
    assert.deepEqual(gifSize(gif), [96, 96 + 2 * 12], path);
  }
  const three = q("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2");
  const checks = await bytes(
    await get(server, `/board.gif?variant=threecheck&size=96&fen=${three}`),
  );
  assert.deepEqual(gifSize(checks), [96, 120]);
  // lila-gif's JSON game, its frames read under variant=
  const body = {
    variant: "crazyhouse",
    size: 96,
    frames: [
      { fen: "4k3/8/8/8/8/8/8/4K3[] w - - 0 1" },
      { fen: "4k3/8/8/8/8/8/8/4K3[Q] b - - 0 1" },
    ],
  };
  const posted = await get(server, "/game.gif", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  const animated = readGif(await bytes(posted));
  assert.equal(posted.status, 200);
  assert.deepEqual([animated.width, animated.height], [96, 120]);
  assert.equal(animated.frames.length, 2);
  assert.ok(animated.frames[1].y >= 96 + 12, "only White's row changed");
  // A PGN game: its Variant tag, else variant= for a game without one.
  const moves = "1. e4 d5 2. exd5 Qxd5 *";
  for (
    const path of [
      `/game.gif?size=96&pgn=${q(`[Variant "Crazyhouse"]\n\n${moves}`)}`,
      `/game.gif?size=96&variant=crazyhouse&pgn=${q(moves)}`,
    ]
  ) {
    const response = await get(server, path);
    const gif = readGif(await bytes(response));
    assert.equal(response.status, 200, path);
    assert.deepEqual([gif.width, gif.height], [96, 120], path);
    assert.equal(gif.frames.length, 5, "a frame a ply, and the start");
  }
  const plain = readGif(
    await bytes(await get(server, `/game.gif?size=96&pgn=${q(moves)}`)),
  );
  assert.deepEqual([plain.width, plain.height], [96, 96], "standard chess");
});

const GAME = {
  white: "GM Anna (2700)",
  black: "Bo",
  orientation: "white",
  theme: "blue",
  piece: "cburnett",
  delay: 40,
  comment: "https://example.org/game",
  size: 160,
  frames: [
    {},
    { fen: AFTER_E4, lastMove: "e2e4", glyph: "!" },
    {
      fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
      lastMove: "e7e5",
      check: false,
      delay: 100,
    },
  ],
};

Deno.test("POST /game.gif with lila-gif's body streams an animation", async () => {
  const response = await get(server, "/game.gif", {
    method: "POST",
    body: JSON.stringify(GAME),
    headers: { "Content-Type": "application/json" },
  });
  const gif = await bytes(response);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Type"), "image/gif");
  assert.equal(new TextDecoder().decode(gif.subarray(0, 6)), "GIF89a");
  assert.equal(gif.at(-1), 0x3b, "the trailer");
  assert.equal(gifSize(gif)[0], 160);
});

Deno.test("POST /game.gif refuses bad bodies and frames by name", async () => {
  const post = (body: string) => ({ method: "POST", body });
  const badFen = { ...GAME, frames: [{}, { fen: "8/8/8/8/8/8/8/9" }] };
  const error = await refused("/game.gif", 400, post(JSON.stringify(badFen)));
  assert.equal(error.parameter, "frames[1].fen");
  assert.equal(error.field, "placement");
  assert.equal(
    (await refused(
      "/game.gif",
      400,
      post(JSON.stringify({ ...GAME, frames: [{ clock: 3 }] })),
    )).parameter,
    "frames[0].clock",
  );
  assert.equal(
    (await refused(
      "/game.gif",
      400,
      post(JSON.stringify({ ...GAME, frames: [] })),
    )).parameter,
    "frames",
  );
  assert.equal((await refused("/game.gif", 400, post("{"))).parameter, "body");
  assert.equal((await refused("/game.gif", 400, post("[]"))).parameter, "body");
  assert.equal(
    (await refused(
      "/game.gif",
      400,
      post(JSON.stringify({ ...GAME, delay: -1 })),
    )).parameter,
    "delay",
  );
  assert.equal(
    (await refused(
      "/game.gif",
      400,
      post(JSON.stringify({ ...GAME, frames: [{ check: "e9" }] })),
    )).parameter,
    "frames[0].check",
  );
  // A frame's check is drawn as it says: a square without check, or none.
  const checked = { fen: "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", check: false };
  for (const frames of [[{ check: "e1" }], [checked]]) {
    const response = await get(
      server,
      "/game.gif",
      post(JSON.stringify({ ...GAME, frames })),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
  }
});

const PGN = `[White "Anna"]
[Black "Bo"]
[BlackElo "2500"]

1. e4 e5 2. Nf3?! Nc6 3. Bb5 a6 *
`;

Deno.test("GET /game.gif?pgn= animates a game, players from its tags, with an ETag", async () => {
  const path = `/game.gif?pgn=${q(PGN)}&size=96&theme=green`;
  const response = await get(server, path);
  const gif = await bytes(response);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Type"), "image/gif");
  assert.equal(gif.at(-1), 0x3b);
  const [width, height] = gifSize(gif);
  assert.equal(width, 96);
  assert.ok(height > 96, "the tags' players are drawn in bars");
  const tag = response.headers.get("ETag")!;
  assert.match(tag, /^"/);
  const again = await get(server, path, { headers: { "If-None-Match": tag } });
  await again.body?.cancel();
  assert.equal(again.status, 304);
  const plain = await bytes(
    await get(server, `/game.gif?pgn=${q("1. d4 *")}&size=96`),
  );
  assert.deepEqual(gifSize(plain), [96, 96], "no tags, no bars");
});

Deno.test("POST /game.gif with a PGN body, the look in the query", async () => {
  const response = await get(server, "/game.gif?size=96&white=Carla", {
    method: "POST",
    body: PGN,
    headers: { "Content-Type": "application/x-chess-pgn" },
  });
  const gif = await bytes(response);
  assert.equal(response.status, 200, new TextDecoder().decode(gif));
  assert.equal(gif.at(-1), 0x3b);
  assert.equal(response.headers.get("Cache-Control"), "no-store");
});

Deno.test("PGN games that cannot be animated are 400s", async () => {
  const illegal = await refused(`/game.gif?pgn=${q("1. e4 e5 2. Nf6 *")}`, 400);
  assert.equal(illegal.parameter, "pgn");
  assert.match(illegal.message, /move 2\. "Nf6": illegal/);
  assert.match(
    (await refused(`/game.gif?pgn=${q("1. e4 *\n\n1. d4 *")}`, 400)).message,
    /2 games/,
  );
  assert.equal(
    (await refused(`/game.gif?pgn=${q("1. e4 *")}&lastMove=e2e4`, 400))
      .parameter,
    "lastMove",
  );
  assert.equal((await refused(`/game.gif?size=96`, 400)).parameter, "pgn");
  const post = await refused("/game.gif", 400, {
    method: "POST",
    body: "1. e4 e5 2. Ke3 *",
  });
  assert.equal(post.parameter, "body");
  const jsonWithQuery = await refused("/game.gif?size=96", 400, {
    method: "POST",
    body: JSON.stringify({ frames: [{}] }),
  });
  assert.equal(jsonWithQuery.parameter, "size");
});

Deno.test("limits: a long URL is a 414, a large body or too many frames a 413", async () => {
  await refused(`/board.svg?fen=${"8/".repeat(3000)}`, 414);
  await refused("/game.gif", 413, {
    method: "POST",
    body: "x".repeat(600 * 1024),
  });
  const many = { frames: Array.from({ length: 1001 }, () => ({})) };
  await refused("/game.gif", 413, {
    method: "POST",
    body: JSON.stringify(many),
  });
});

Deno.test("methods: 405 with Allow, CORS preflight, HEAD without a body, 404", async () => {
  const response = await get(server, "/board.svg?fen=8/8/8/8/8/8/8/K7", {
    method: "DELETE",
  });
  await response.body?.cancel();
  assert.equal(response.status, 405);
  assert.match(response.headers.get("Allow") ?? "", /GET/);
  const preflight = await get(server, "/game.gif", { method: "OPTIONS" });
  await preflight.body?.cancel();
  assert.equal(preflight.status, 204);
  assert.match(
    preflight.headers.get("Access-Control-Allow-Methods") ?? "",
    /POST/,
  );
  const head = await get(server, "/board.svg?fen=8/8/8/8/8/8/8/K7", {
    method: "HEAD",
  });
  assert.equal(head.status, 200);
  assert.match(head.headers.get("ETag") ?? "", /^"/);
  assert.equal((await head.arrayBuffer()).byteLength, 0);
  // HEAD checks the request as GET would, but draws nothing.
  const badHead = await get(server, "/board.png?fen=8/8/8/8/8/8/8/9", {
    method: "HEAD",
  });
  assert.equal(badHead.status, 400);
  const pngHead = await get(server, "/board.png?fen=8/8/8/8/8/8/8/K7&size=64", {
    method: "HEAD",
  });
  assert.equal(pngHead.status, 200);
  assert.equal(pngHead.headers.get("Content-Type"), "image/png");
  assert.equal((await pngHead.arrayBuffer()).byteLength, 0);
  await refused("/board.jpg", 404);
});

Deno.test("the playground page and its script", async () => {
  const page = await get(server, "/");
  const html = await page.text();
  assert.equal(page.headers.get("Content-Type"), "text/html; charset=utf-8");
  assert.match(
    page.headers.get("Content-Security-Policy") ?? "",
    /script-src 'self'/,
  );
  assert.ok(html.includes('<script type="module" src="playground.js">'));
  const script = await get(server, "/playground.js");
  assert.equal(
    script.headers.get("Content-Type"),
    "text/javascript; charset=utf-8",
  );
  assert.ok((await script.text()).length > 10_000);
  for (
    const notice of ["/NOTICE", "/LICENSE-cburnett.txt", "/LICENSE-DejaVu.txt"]
  ) {
    const response = await get(server, notice);
    assert.equal(
      response.headers.get("Content-Type"),
      "text/plain; charset=utf-8",
    );
    assert.ok((await response.text()).length > 500, notice);
  }
  assert.ok(html.includes('<a href="NOTICE">'));
});

Deno.test("a stop finishes the requests in flight", async () => {
  const own = await ServerProcess.start();
  const frames = Array.from({ length: 400 }, (_, i) => ({
    fen: i % 2 === 0 ? START : AFTER_E4,
    ...(i % 2 === 0 ? {} : { lastMove: "e2e4" }),
  }));
  const response = await get(own, "/game.gif", {
    method: "POST",
    body: JSON.stringify({ size: 480, frames }),
  });
  assert.equal(response.status, 200);
  const stopped = own.stop("SIGTERM");
  const gif = await bytes(response);
  assert.equal(gif.at(-1), 0x3b, "the whole animation arrived");
  const { code, stderr } = await stopped;
  assert.equal(code, 0);
  assert.match(stderr, /fen: stopped/);
  await assert.rejects(get(own, "/check?fen=8/8/8/8/8/8/8/8"));
});

Deno.test("arrows and squares are drawn on GIFs, not refused", async () => {
  const plain = `/board.gif?fen=${q(START)}&size=240&coordinates=false`;
  const withArrow = await get(server, `${plain}&arrows=Ge2e4,Bd5`);
  assert.equal(withArrow.status, 200);
  const marked = readGif(await bytes(withArrow)).frames[0].picture;
  const bare = readGif(await bytes(await get(server, plain))).frames[0]
    .picture;
  // e3 (dark, 30 px squares) under the arrow's shaft: green over it.
  const e3 = pixel(marked, 4.5 * 30, 5.5 * 30);
  assert.ok(e3[1] - e3[0] > 40, `green: ${hex(e3)}`);
  assert.ok(!near(e3, pixel(bare, 4.5 * 30, 5.5 * 30), 12));
  // web-boardimage's circle Bd5 is a tinted square.
  assert.ok(!near(pixel(marked, 3.2 * 30, 3.2 * 30), pixel(bare, 96, 96), 12));
});

Deno.test("HEAD gives the Content-Length of the GET", async () => {
  const paths = [
    `/board.svg?${README_QUERY}`,
    `/board.png?${README_QUERY}`,
    `/board.gif?${README_QUERY}`,
    `/check?fen=${q(START)}`,
    `/game.gif?pgn=${q("1. e4 e5 *")}&size=96`,
    "/",
  ];
  for (const path of paths) {
    const got = await get(server, path);
    const body = await bytes(got);
    const head = await get(server, path, { method: "HEAD" });
    assert.equal(head.status, 200, path);
    assert.equal((await head.arrayBuffer()).byteLength, 0, path);
    assert.ok(body.length > 0);
    assert.equal(
      head.headers.get("Content-Length"),
      String(body.length),
      path,
    );
  }
});

Deno.test("an unknown parameter gets the nearest name, as the command answers", async () => {
  const error = await refused(
    `/board.png?fen=${q(START)}&lastmov=e2e4`,
    400,
  );
  assert.equal(error.parameter, "lastmov");
  assert.match(
    error.message,
    /unknown parameter "lastmov"; did you mean lastmove\?/,
  );
  const far = await refused(`/board.png?fen=${q(START)}&zzzzzzzz=1`, 400);
  assert.match(far.message, /the parameters are fen, /);
  assert.match(
    (await refused(`/check?fen=${q(START)}&fne=1`, 400)).message,
    /did you mean fen\?/,
  );
});

/** The comment extensions' texts of a GIF file. */
function gifComments(gif: Uint8Array): string[] {
  const found: string[] = [];
  for (let i = 0; i + 2 < gif.length; i++) {
    if (gif[i] !== 0x21 || gif[i + 1] !== 0xfe) continue;
    let text = "";
    let at = i + 2;
    while (gif[at] !== 0 && at < gif.length) {
      text += new TextDecoder().decode(gif.subarray(at + 1, at + 1 + gif[at]));
      at += gif[at] + 1;
    }
    found.push(text);
  }
  return found;
}

Deno.test("lila-gif's comment is written into the GIF; /example.gif is served", async () => {
  const still = await bytes(
    await get(
      server,
      `/image.gif?size=96&comment=${q("https://lichess.org/x")}`,
    ),
  );
  assert.deepEqual(gifComments(still), ["https://lichess.org/x"]);
  assert.deepEqual(
    gifComments(
      await bytes(
        await get(server, "/game.gif", {
          method: "POST",
          body: JSON.stringify(GAME),
        }),
      ),
    ),
    [GAME.comment],
  );
  const example = await get(server, "/example.gif");
  assert.equal(example.status, 200);
  assert.equal(example.headers.get("Content-Type"), "image/gif");
  const gif = readGif(await bytes(example));
  assert.equal(gif.frames.length, 93, "the start and 92 plies");
  assert.ok(gif.height > gif.width, "the players' bars");
  assert.match(
    (await refused(`/board.svg?fen=${q(START)}&comment=x`, 400)).message,
    /only into GIFs/,
  );
});

Deno.test("/check answers the very object fen --check --format json writes", async () => {
  const fens = [
    "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", // legal, in check
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", // illegal
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // mate
    "8/8/8/8/8/8/8/8 w - - 0 1", // three problems
    "  4k3/8/8/8/8/8/8/4K3  w - - 0 1 ", // spacing: the input as given
    "4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1 Kf4;", // EPD: its moves' issues
    "4k3/8/8/8/8/8/4K3/R6R w - - bm Rad1;", // EPD: its moves right
  ];
  const run = await spawnFen(["--check", "--format", "json", ...fens]);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, fens.length, run.stderr);
  for (let i = 0; i < fens.length; i++) {
    // The command's object starts with its place ("record": 1...).
    const { record } = JSON.parse(lines[i]);
    assert.equal(record, i + 1);
    // The same members in the same order, byte for byte.
    const served = await (await get(server, `/check?fen=${q(fens[i])}`))
      .text();
    assert.equal(served, `${lines[i].replace(/^\{"record":\d+,/, "{")}\n`);
  }
});

Deno.test("/check?variant= answers what fen --check --variant --format json writes", async () => {
  const cases: [string, string][] = [
    ["antichess", "8/8/8/8/8/1p6/1P6/8 w - - 0 1"], // no move: White wins
    ["atomic", "8/8/8/8/8/8/2k5/rK6 w - - 0 1"], // kings touch: no check
    ["crazyhouse", "6rk/8/8/8/8/8/PPP5/1K5r[N] w - - 0 1"], // a drop blocks
    ["racingkings", "K7/7k/8/8/8/8/8/8 b - - 0 1"], // Black can follow
    ["horde", "4k3/8/8/8/8/8/8/8 w - - 0 1"], // the horde is gone
    ["threecheck", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+3"],
  ];
  for (const [variant, fen] of cases) {
    const run = await spawnFen([
      "--check",
      "--format",
      "json",
      "--variant",
      variant,
      fen,
    ]);
    const { record: _, ...command } = JSON.parse(run.stdout);
    const served = await (await get(
      server,
      `/check?variant=${variant}&fen=${q(fen)}`,
    )).json();
    assert.deepEqual(served, command, `${variant} ${fen}`);
    assert.ok(served.status !== undefined, `${variant}: a status`);
  }
});

Deno.test("the server stops on SIGINT with exit 0 and no internal error", async () => {
  const { code, stderr } = await server.stop("SIGINT");
  assert.equal(code, 0);
  assert.doesNotMatch(stderr, /internal error/);
});

Deno.test("fen serve's own arguments: --help, and usage errors", async () => {
  const cli = new URL("../../cli.ts", import.meta.url).pathname;
  const run = async (args: string[]) => {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-net", cli, "serve", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    return { code, out: decoder.decode(stdout), err: decoder.decode(stderr) };
  };
  const help = await run(["--help"]);
  assert.equal(help.code, 0);
  assert.match(
    help.out,
    /^Usage: fen serve \[options\]\n[^]*--port <port> [^]*--hostname <hostname>/,
  );
  for (
    const [args, message] of [
      [["--bogus"], /unknown option --bogus/],
      [["--prot=1"], /unknown option --prot=1; did you mean --port\?/],
      [["8080"], /takes no operands, not "8080"/],
      [["--port"], /--port needs a value/],
      [["--port", "99999"], /--port "99999" is not a port/],
      [["--port=1", "--port=2"], /--port was given twice/],
    ] as const
  ) {
    const { code, err } = await run([...args]);
    assert.equal(code, 1, args.join(" "));
    assert.match(err, message);
  }
});
