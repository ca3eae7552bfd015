// Positions of random games of each lichess variant, played and judged by
// python-chess (tests/oracle/_python_chess_variants.py), plus the variant
// positions of python-chess's perft files: the corpus the variant FEN and
// legality tests compare with.

import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import type { Rules } from "../../lib/types.ts";

/** One position as python-chess writes and judges it. */
export interface JudgedPosition {
  variant: Rules;
  /** The record as given (a game's: as python-chess wrote it). */
  fen: string;
  /** The record as python-chess writes it. */
  written: string;
  valid: boolean;
  status: number;
  check: boolean;
  end: boolean;
  win: boolean;
  loss: boolean;
  draw: boolean;
  outcome: { termination: string; winner: "w" | "b" | null } | null;
}

const SCRIPT = new URL("./_python_chess_variants.py", import.meta.url).pathname;
const PERFT_FILES: Record<string, Rules> = {
  "crazyhouse.perft": "crazyhouse",
  "3check.perft": "threecheck",
  "atomic.perft": "atomic",
  "horde.perft": "horde",
  "racingkings.perft": "racingkings",
};
const MIRROR = "/work/.mirror/niklasf+python-chess/repo";

/** The perft files' `epd` lines, as FEN (the clocks added). */
async function perftPositions(): Promise<{ variant: Rules; fen: string }[]> {
  const found: { variant: Rules; fen: string }[] = [];
  for (const [file, variant] of Object.entries(PERFT_FILES)) {
    const { stdout, success } = await new Deno.Command("git", {
      args: ["--git-dir", MIRROR, "show", `HEAD:examples/perft/${file}`],
      stderr: "null",
    }).output();
    if (!success) continue;
    for (const line of new TextDecoder().decode(stdout).split("\n")) {
      if (line.startsWith("epd ")) {
        found.push({ variant, fen: `${line.slice(4).trim()} 0 1` });
      }
    }
  }
  return found;
}

/**
 * The corpus: `games` random games a variant (fixed seed), then the perft
 * files' positions; or why python-chess cannot run.
 */
export async function judgedPositions(
  games: number,
): Promise<JudgedPosition[] | { skip: string }> {
  const found = await pythonChess();
  if ("skip" in found) return found;
  const extra = await perftPositions();
  const stdout = await runPython([SCRIPT, String(games), "20261127"], {
    path: found.path,
    stdin: extra.map((p) => JSON.stringify(p)).join("\n"),
  });
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}
