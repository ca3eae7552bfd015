// Regenerates the diagrams in docs/ with the `fen` command itself:
// `deno task docs`. tests/docs_test.ts checks they are up to date.

import { main } from "../cli.ts";

/** Each committed diagram: its file name and the `fen` arguments. */
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
];

/** What `fen ...args` prints, or an error if it does not succeed. */
export async function render(args: string[]): Promise<string> {
  const chunks: Uint8Array[] = [];
  const sink = {
    writeSync(data: Uint8Array): number {
      chunks.push(data.slice());
      return data.length;
    },
  };
  const code = await main(args, { ...Deno, stdout: sink, stderr: sink });
  const text = new TextDecoder().decode(
    new Uint8Array(chunks.flatMap((chunk) => [...chunk])),
  );
  if (code !== 0) throw new Error(`fen ${args.join(" ")} failed: ${text}`);
  return text;
}

if (import.meta.main) {
  for (const [name, args] of DIAGRAMS) {
    const path = new URL(name, import.meta.url);
    await Deno.writeTextFile(path, await render(args));
    console.log(`wrote docs/${name}`);
  }
}
