import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import {
  animateGif,
  createGifRenderer,
  DEFAULT_DELAY,
  DEFAULT_LAST_DELAY,
  type GifFrame,
  renderGif,
  type RenderGifOptions,
} from "../../lib/gif/mod.ts";
import { createPngRenderer } from "../../lib/raster/png.ts";
import {
  BOARD_THEMES,
  DEFAULT_CHECK_COLOR,
  type MoveGlyph,
} from "../../lib/svg/mod.ts";
import {
  gameFrames,
  LILA_BLACK,
  LILA_GAME,
  LILA_WHITE,
} from "../../bench/_lila_game.ts";
import { join, readGif, rows } from "../_gif.ts";
import { blend, difference, near, pixel, readPng, rgbOf } from "../_pixels.ts";

const renderer = await createGifRenderer();
const png = await createPngRenderer();

/** The Scholar's mate, a frame per ply, with a badge on the blunder. */
const SCHOLAR = gameFrames("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#");

Deno.test("gif: one position, one frame of the board's size, no loop, the vector look", () => {
  const fen =
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
  const cases: RenderGifOptions[] = [
    { size: 240 },
    { size: 320, theme: "green", flip: true, coordinates: "inside" },
    { size: 400, frame: "thin", pieces: "dejavu" },
    { size: 360, frame: "labels", coordinates: "outside", theme: "purple" },
  ];
  for (const options of cases) {
    const gif = readGif(renderer.render(fen, { ...options, lastMove: "h5f7" }));
    assert.deepEqual([gif.width, gif.height], [options.size, options.size]);
    assert.equal(gif.frames.length, 1);
    assert.equal(gif.loop, null);
    const drawn = readPng(png.render(fen, { ...options, lastMove: "h5f7" }));
    const { mean, far } = difference(gif.frames[0].picture, drawn);
    assert.ok(mean < 2 && far < 0.002, `mean ${mean}, far ${far}`);
  }
});

Deno.test("gif: the Scholar's mate animates: a frame per ply, delays, loop, transparent deltas", () => {
  const file = renderer.animate(SCHOLAR, { size: 160 });
  const gif = readGif(join(file));
  assert.deepEqual([gif.width, gif.height], [160, 160]);
  assert.equal(gif.frames.length, 8);
  assert.equal(gif.loop, 0); // forever
  assert.deepEqual(
    gif.frames.map((f) => f.delay),
    [...Array(7).fill(DEFAULT_DELAY), DEFAULT_LAST_DELAY],
  );
  const [first, ...later] = gif.frames;
  assert.deepEqual([first.x, first.y, first.width, first.height], [
    0,
    0,
    160,
    160,
  ]);
  for (const frame of later) {
    assert.equal(frame.disposal, 1); // what is under stays
    assert.notEqual(frame.transparent, null);
    // Only whole squares, and fewer than all of them.
    assert.equal(frame.width % 20, 0);
    assert.equal(frame.height % 20, 0);
    assert.ok(frame.width * frame.height < 160 * 160);
  }
});

Deno.test("gif: each frame of a game is the PNG renderer's picture of that position", () => {
  const gif = readGif(join(renderer.animate(SCHOLAR, { size: 160 })));
  SCHOLAR.forEach((frame, i) => {
    const drawn = readPng(png.render(frame.position, {
      size: 160,
      ...(frame.lastMove ? { lastMove: frame.lastMove } : {}),
      ...(frame.glyph
        ? {
          badge: {
            square: (frame.lastMove as { to: string }).to,
            glyph: frame.glyph,
          },
        }
        : {}),
    }));
    const { mean, far } = difference(gif.frames[i].picture, drawn);
    assert.ok(mean < 2 && far < 0.003, `frame ${i}: mean ${mean}, far ${far}`);
  });
});

Deno.test("gif: a checkmate shows the check mark on the mated king", () => {
  const gif = readGif(join(renderer.animate(SCHOLAR, { size: 320 })));
  const last = gif.frames.at(-1)!.picture;
  const light = rgbOf(BOARD_THEMES.brown.light);
  // e8 is a light square, its center at 180, 20 with 40 px a square. The
  // disc (radius 18 px) is under the king: count the ring that shows.
  const mark = blend(rgbOf(DEFAULT_CHECK_COLOR), light, 0xa0 / 255);
  const ring = (picture: typeof last): number => {
    let marked = 0;
    for (let a = 0; a < 360; a += 5) {
      const t = (a * Math.PI) / 180;
      const [x, y] = [180 + 16 * Math.cos(t), 20 + 16 * Math.sin(t)];
      if (near(pixel(picture, Math.round(x), Math.round(y)), mark, 10)) {
        marked++;
      }
    }
    return marked;
  };
  assert.ok(ring(last) >= 12, `the disc around the king: ${ring(last)} of 72`);
  assert.equal(ring(gif.frames.at(-2)!.picture), 0, "no disc before the mate");
});

Deno.test("gif: players' bars above and below, names cut at the bar's end, hostile text harmless", () => {
  const long =
    "Hubert Blaine Wolfeschlegelsteinhausenbergerdorff Senior the Third";
  const hostile = '</svg><script>alert(1)</script> & "\u0000\n\u202e💥';
  for (
    const [white, black] of [[long, hostile], [{
      name: hostile,
      title: "<b>",
      rating: "&amp;",
    }, { name: long, title: "GM", rating: 2895 }]] as const
  ) {
    const bytes = join(
      renderer.animate(SCHOLAR.slice(0, 3), {
        size: 240,
        white,
        black,
        flip: true,
      }),
    );
    const gif = readGif(bytes);
    assert.deepEqual([gif.width, gif.height], [240, 240 + 2 * 20]);
    assert.equal(gif.frames.length, 3);
    const picture = gif.frames[0].picture;
    const bar = rgbOf("#262421");
    for (const top of [0, 260]) {
      // Text somewhere in the bar, and none in its right margin.
      let inked = 0;
      for (let y = top; y < top + 20; y++) {
        for (let x = 0; x < 240; x++) {
          const color = pixel(picture, x, y);
          if (!near(color, bar, 12)) {
            inked++;
            assert.ok(x < 240 - 5, `ink at ${x},${y}: the name overflows`);
          }
        }
      }
      assert.ok(inked > 50, `text in the bar at ${top}`);
    }
  }
});

Deno.test("gif: the lila-gif example game: 93 frames, 720 x 840, within lila-gif's 363 KiB", () => {
  const frames = gameFrames(LILA_GAME);
  const bytes = join(
    renderer.animate(frames, {
      size: 720,
      white: LILA_WHITE,
      black: LILA_BLACK,
    }),
  );
  assert.ok(bytes.length <= 363 * 1024, `${bytes.length} bytes`);
  const gif = readGif(bytes);
  assert.deepEqual([gif.width, gif.height, gif.frames.length], [720, 840, 93]);
  // The last position, seen in the board's rows, is the PNG renderer's.
  const last = frames.at(-1)!;
  const drawn = readPng(
    png.render(last.position, { size: 720, lastMove: last.lastMove! }),
  );
  const { mean } = difference(rows(gif.frames[92].picture, 60, 720), drawn);
  assert.ok(mean < 2, `mean ${mean}`);
});

Deno.test("gif: per-frame delays, a last delay, playing once; streamed from an async source", async () => {
  async function* source(): AsyncGenerator<GifFrame> {
    for (const [i, frame] of SCHOLAR.slice(0, 4).entries()) {
      yield i === 1 ? { ...frame, delay: 7 } : frame;
    }
  }
  const parts: Uint8Array[] = [];
  for await (
    const part of animateGif(source(), {
      size: 96,
      delay: 20,
      lastDelay: 90,
      loop: false,
    })
  ) {
    parts.push(part);
  }
  assert.ok(parts.length >= 4, "a piece per frame");
  const gif = readGif(join(parts));
  assert.equal(gif.loop, null);
  assert.deepEqual(gif.frames.map((f) => f.delay), [20, 7, 20, 90]);
});

Deno.test("gif: options are checked before anything is drawn", async () => {
  await assert.rejects(() => renderGif("8/8/8/8/8/8/8/8", { size: 100 }), {
    name: "RangeError",
    message:
      /100 px board with frame "none" does not put the squares on whole pixels; 96 or 104 px does/,
  });
  await assert.rejects(
    // @ts-expect-error: a badge comes from a frame's glyph on GIFs
    () => renderGif("8/8/8/8/8/8/8/8", { badge: { square: "e4", glyph: "!" } }),
    { name: "RangeError", message: /badge is drawn from a frame's glyph/ },
  );
  assert.throws(
    () =>
      renderer.animate([{ position: parseFen("8/8/8/8/8/8/8/8 w - - 0 1") }], {
        delay: -1,
      }),
    {
      name: "RangeError",
      message: /delay -1 is not a whole number of centiseconds/,
    },
  );
  assert.throws(
    () => [
      ...renderer.animate([{
        position: "8/8/8/8/8/8/8/8",
        lastMove: "e2e4",
        glyph: "?!?" as MoveGlyph,
      }]),
    ],
    { name: "RangeError", message: /glyph "\?!\?" is not one of/ },
  );
  assert.throws(() => [...renderer.animate([])], {
    name: "RangeError",
    message: /at least one frame/,
  });
});

Deno.test("gif: a result is shown in the bars; frames given one at a time need players for it", () => {
  const frames: GifFrame[] = [
    ...SCHOLAR.slice(0, -1),
    { ...SCHOLAR.at(-1)!, result: "1-0" },
  ];
  const bar = 12; // a 96 px board's bars, at their least
  const array = readGif(join([...renderer.animate(frames, { size: 96 })]));
  assert.equal(array.height, 96 + 2 * bar, "bars without players");
  const named = readGif(
    join([...renderer.animate(frames.values(), { size: 96, white: "A" })]),
  );
  assert.equal(named.height, 96 + 2 * bar);
  assert.throws(
    () => [...renderer.animate(frames.values(), { size: 96 })],
    /frame 8 has a result, which is shown in the players' bars/,
  );
});
