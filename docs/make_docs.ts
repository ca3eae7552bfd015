// Regenerates the pictures in docs/ with the `fen` command itself:
// `deno task docs`. tests/e2e/docs_test.ts checks they are up to date.

import { main } from "../cli.ts";

/** The Scholar's mate, Black to move: a check, a last move, an attacker. */
const MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

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
}
