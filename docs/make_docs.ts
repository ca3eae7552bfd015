// Regenerates the pictures in docs/ with the `fen` command itself:
// `deno task docs`. tests/e2e/docs_test.ts checks they are up to date.

import { main } from "../cli.ts";
import { createGifRenderer } from "../lib/gif/mod.ts";
import { createPngRenderer } from "../lib/raster/png.ts";
import { parseArrows } from "../lib/svg/mod.ts";
import { gameFrames } from "../bench/_lila_game.ts";

/** The Scholar's mate, Black to move: a check, a last move, an attacker. */
const MATE =
  "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

/** Each committed picture: its file name and the `fen` arguments. */
export const DIAGRAMS: [string, string[]][] = [
  ["chess.01.svg", ["-n", "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2"]],
  ["chess.02.svg", [
    "-n",
    "-l",
    "#c9b458",
    "-d",
    "#6aaa64",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
  ]],
  ["flipped.svg", [
    "-n",
    "--flip",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
  ]],
  ["vector.svg", [
    "-n",
    "--style",
    "vector",
    "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2",
  ]],
  ["annotated.svg", [
    "-n",
    "--style",
    "vector",
    "--lastmove",
    "h5f7",
    "--arrow",
    "c4f7",
    "--side-to-move",
    MATE,
  ]],
  ["annotated.png", [
    "-n",
    "--format",
    "png",
    "--size",
    "320",
    "--flip",
    "-l",
    "#eeeed2",
    "-d",
    "#769656",
    "--highlight",
    "e8,f7",
    "--highlight-color",
    "#ff000060",
    "--arrow",
    "e8e7",
    "--arrow",
    "f6h5",
    "--side-to-move",
    MATE,
  ]],
];

/**
 * Pictures drawn by the library, for what the command cannot ask for yet:
 * the file name and a function that draws it.
 */
export const LIBRARY_PICTURES: [string, () => Promise<Uint8Array>][] = [
  ["look.png", async () =>
    (await createPngRenderer()).render(MATE, {
      size: 320,
      coordinates: "inside",
      lastMove: "h5f7",
      badge: { square: "f7", glyph: "!!" },
      arrows: parseArrows("Gc4f7,Rf6h5,Yd8h4"),
    })],
  ["blue.png", async () =>
    (await createPngRenderer()).render(MATE, {
      size: 160,
      theme: "blue",
      frame: "thin",
      flip: true,
    })],
  ["scholar.gif", async () => {
    const frames = gameFrames("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#");
    const parts = [
      ...(await createGifRenderer()).animate(frames, {
        size: 240,
        delay: 80,
        white: { name: "Scholar", rating: 1500 },
        black: { name: "Victim", title: "BOT" },
      }),
    ];
    return concat(parts);
  }],
];

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** What `fen ...args` prints, or an error if it does not succeed. */
export async function render(args: string[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const sink = {
    writeSync(data: Uint8Array): number {
      chunks.push(data.slice());
      return data.length;
    },
  };
  const code = await main(args, { ...Deno, stdout: sink, stderr: sink });
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  if (code !== 0) {
    throw new Error(
      `fen ${args.join(" ")} failed: ${new TextDecoder().decode(bytes)}`,
    );
  }
  return bytes;
}

if (import.meta.main) {
  for (const [name, args] of DIAGRAMS) {
    await Deno.writeFile(new URL(name, import.meta.url), await render(args));
    console.log(`wrote docs/${name}`);
  }
  for (const [name, draw] of LIBRARY_PICTURES) {
    await Deno.writeFile(new URL(name, import.meta.url), await draw());
    console.log(`wrote docs/${name}`);
  }
}
