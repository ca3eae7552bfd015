/**
 * The vector diagram looks the same everywhere: headless Chromium and
 * librsvg (rsvg-convert), both without a single font, and the library's own
 * PNG path (resvg) draw it to within a mean difference of 2/255 per
 * channel, and installed fonts change nothing. The classic diagram, drawn
 * the same way, does not agree: the comparison can fail. A renderer that
 * cannot be found is reported, and the tests that need it are ignored.
 * The PNG and GIF paths are also run in a process with no permission at
 * all, and the main module's graph is checked to hold neither.
 */

import assert from "node:assert/strict";
import { renderPng } from "../../lib/raster/png.ts";
import { renderSvg, type RenderSvgOptions } from "../../lib/svg/mod.ts";
import { difference, type Picture, readPng } from "../_pixels.ts";
import { readGif } from "../_gif.ts";
import {
  chromiumPng,
  findTool,
  noFonts,
  rsvgPng,
  type Tool,
} from "./_renderers.ts";

const ROOT = new URL("../../", import.meta.url);
/** The largest mean difference per channel (0-255) between renderers. */
const AGREEMENT = 2;
/** The largest share of pixels off by more than 64 in a channel. */
const FAR = 0.005;

const chromium = findTool("chromium", "chromium");
const rsvg = findTool("rsvg-convert", "librsvg2-bin");
for (const [name, tool] of [["Chromium", chromium], ["rsvg", rsvg]] as const) {
  if (tool.path === undefined) {
    console.log(`renderers_test.ts: ${name} tests SKIPPED, ${tool.reason}`);
  }
}

const fontDir = await Deno.makeTempDir({ prefix: "fen_nofonts_" });
const NO_FONTS = await noFonts(fontDir);
globalThis.addEventListener("unload", () => {
  Deno.removeSync(fontDir, { recursive: true });
});

/** The boards compared: [name, FEN, options]. */
const CASES: [string, string, RenderSvgOptions][] = [
  [
    "reference board with labels",
    "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2",
    {
      labels: true,
    },
  ],
  [
    "annotated and flipped",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    {
      labels: true,
      flip: true,
      lastMove: "h5f7",
      highlight: ["e8"],
      arrows: ["c4f7", { from: "e8", to: "e7", color: "#0050ff" }],
      sideToMove: true,
    },
  ],
  ["dark colors, 240 px", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", {
    light: "#888",
    dark: "#333",
    size: 240,
  }],
];

/** Each drawing once: the key is renderer, style, case and font setup. */
const pictures = new Map<string, Promise<Picture>>();
function draw(
  renderer: "chromium" | "rsvg" | "resvg",
  index: number,
  { style = "vector", fonts = false } = {},
): Promise<Picture> {
  const key = JSON.stringify([renderer, index, style, fonts]);
  let picture = pictures.get(key);
  if (picture === undefined) {
    const [, fen, options] = CASES[index];
    const size = options.size ?? 400;
    const svg = renderSvg(fen, { ...options, style: style as "vector" });
    const env = fonts ? {} : NO_FONTS;
    picture = (renderer === "chromium"
      ? chromiumPng(chromium.path!, svg, size, env)
      : renderer === "rsvg"
      ? rsvgPng(rsvg.path!, svg, size, env)
      : renderPng(fen, options)).then(readPng);
    pictures.set(key, picture);
  }
  return picture;
}

function needs(...tools: Tool[]): boolean {
  return tools.some((tool) => tool.path === undefined);
}

function assertAgree(a: Picture, b: Picture, what: string): void {
  const { mean, far } = difference(a, b);
  assert.ok(
    mean < AGREEMENT && far < FAR,
    `${what}: mean difference ${mean.toFixed(3)}, ${
      (far * 100).toFixed(2)
    }% of pixels far off`,
  );
}

for (const [index, [name]] of CASES.entries()) {
  Deno.test({
    name: `renderers agree on the vector style without fonts: ${name}`,
    ignore: needs(chromium, rsvg),
    async fn() {
      const [c, r, p] = await Promise.all([
        draw("chromium", index),
        draw("rsvg", index),
        draw("resvg", index),
      ]);
      assertAgree(c, r, "Chromium vs rsvg-convert");
      assertAgree(c, p, "Chromium vs renderPng");
      assertAgree(r, p, "rsvg-convert vs renderPng");
    },
  });
}

Deno.test({
  name: "installed fonts change nothing in the vector style",
  ignore: needs(chromium, rsvg),
  async fn() {
    for (const renderer of ["chromium", "rsvg"] as const) {
      const { mean } = difference(
        await draw(renderer, 0),
        await draw(renderer, 0, { fonts: true }),
      );
      assert.ok(mean < 0.01, `${renderer}: ${mean}`);
    }
  },
});

Deno.test({
  name:
    "the classic style, drawn the same way, does not agree (the comparison can fail)",
  ignore: needs(chromium, rsvg),
  async fn() {
    const classic = await draw("chromium", 0, { style: "classic" });
    const vector = await draw("resvg", 0);
    const { mean } = difference(classic, vector);
    assert.ok(mean > AGREEMENT, `classic without fonts vs vector: ${mean}`);
    const rsvgClassic = await draw("rsvg", 0, { style: "classic" });
    assert.ok(difference(classic, rsvgClassic).mean > AGREEMENT / 2);
  },
});

Deno.test("renderPng() works in a process with no permission at all", async () => {
  const script = `
    import { renderPng } from ${
    JSON.stringify(new URL("lib/raster/png.ts", ROOT).href)
  };
    const png = await renderPng("8/8/8/8/8/8/8/4K3", { size: 64 });
    let offset = 0;
    while (offset < png.length) offset += await Deno.stdout.write(png.subarray(offset));
  `;
  const dir = await Deno.makeTempDir({ prefix: "fen_png_" });
  try {
    await Deno.writeTextFile(`${dir}/main.ts`, script);
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--quiet", `${dir}/main.ts`],
      cwd: ROOT.pathname,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const picture = readPng(stdout);
    assert.deepEqual([picture.width, picture.height], [64, 64]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("renderGif() and sprite PNGs work in a process with no permission at all", async () => {
  const script = `
    import { animateGif } from ${
    JSON.stringify(new URL("lib/gif/mod.ts", ROOT).href)
  };
    import { createPngRenderer } from ${
    JSON.stringify(new URL("lib/raster/png.ts", ROOT).href)
  };
    const frames = [{ position: "8/8/8/8/8/8/8/4K3" }, { position: "8/8/8/8/8/8/4K3/8", lastMove: "e1e2" }];
    const png = (await createPngRenderer({ sprites: true })).render("8/8/8/8/8/8/8/4K3", { size: 64 });
    if (png[25] !== 3) throw new Error("not a palette PNG");
    for await (const part of animateGif(frames, { size: 64, white: "W" })) {
      let offset = 0;
      while (offset < part.length) offset += await Deno.stdout.write(part.subarray(offset));
    }
  `;
  const dir = await Deno.makeTempDir({ prefix: "fen_gif_" });
  try {
    await Deno.writeTextFile(`${dir}/main.ts`, script);
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--quiet", `${dir}/main.ts`],
      cwd: ROOT.pathname,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const gif = readGif(stdout);
    assert.deepEqual([gif.width, gif.height, gif.frames.length], [
      64,
      64 + 2 * 12,
      2,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the main module's graph holds no PNG module and no npm package", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "mod.ts"],
    cwd: ROOT.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const graph = JSON.parse(new TextDecoder().decode(stdout));
  const specifiers: string[] = graph.modules.map((m: { specifier: string }) =>
    m.specifier
  );
  assert.ok(specifiers.some((s) => s.endsWith("/lib/svg/mod.ts")));
  assert.deepEqual(
    specifiers.filter((s) =>
      s.includes("/lib/raster/") ||
      s.includes("/lib/gif/") ||
      !s.startsWith("file:")
    ),
    [],
    "only local modules",
  );
});
