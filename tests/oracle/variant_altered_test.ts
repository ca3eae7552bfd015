// Randomly altered positions of atomic, antichess and horde games (a piece
// added or removed, the other side to move) through `fen --check --format
// json --variant NAME`, one stream a variant, against python-chess's
// variant boards: no record stops the stream or is an internal error, and
// every position both call legal has python-chess's check, legal move
// count and game end. (The legality verdicts themselves differ where this
// check is finer, as tests/oracle/variant_legality_test.ts says.)

import assert from "node:assert/strict";
import type { Rules } from "../../mod.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import { runFen } from "../cli/_harness.ts";

interface Altered {
  variant: Rules;
  fen: string;
  valid: boolean;
  check: boolean | null;
  moves: number | null;
  outcome: { termination: string; winner: "w" | "b" | null } | null;
}

const SCRIPT = new URL("./_python_chess_altered.py", import.meta.url).pathname;
const VARIANTS: readonly Rules[] = ["atomic", "antichess", "horde"];
const COUNT = 1500;

/** python-chess's Termination names, as the status writes them. */
const TERMINATIONS: Record<string, string> = {
  CHECKMATE: "checkmate",
  STALEMATE: "stalemate",
  INSUFFICIENT_MATERIAL: "insufficient-material",
  SEVENTYFIVE_MOVES: "seventy-five-moves",
  VARIANT_WIN: "variant-win",
  VARIANT_LOSS: "variant-loss",
  VARIANT_DRAW: "variant-draw",
};

async function altered(): Promise<Altered[] | { skip: string }> {
  const found = await pythonChess();
  if ("skip" in found) return found;
  const stdout = await runPython(
    [SCRIPT, String(COUNT), "20261129", ...VARIANTS],
    { path: found.path },
  );
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}

/**
 * An antichess position whose side not to move has no pieces: python-chess
 * ends it in a stalemate, here the side to move plays on
 * (docs/variants.md).
 */
function emptyOtherSide(fen: string): boolean {
  const [placement, turn] = fen.split(" ");
  return !(turn === "w" ? /[a-z]/ : /[A-Z]/).test(placement);
}

const corpus = await altered();

Deno.test({
  name:
    "variant check: altered atomic, antichess and horde positions are all judged, as python-chess judges them",
  ignore: "skip" in corpus,
  async fn() {
    if ("skip" in corpus) return;
    const positions: Altered[] = corpus;
    for (const variant of VARIANTS) {
      const wanted = positions.filter((p) => p.variant === variant);
      assert.equal(wanted.length, COUNT);
      const run = await runFen(
        ["--check", "--format", "json", "--variant", variant, "-"],
        { stdin: wanted.map((p) => `${p.fen}\n`).join("") },
      );
      assert.ok(run.code === 0 || run.code === 3, `${variant}: ${run.code}`);
      assert.equal(run.stderr, "", variant);
      const records = run.stdout.trim().split("\n").map((line) =>
        JSON.parse(line)
      );
      assert.equal(records.length, COUNT, variant);
      let compared = 0;
      for (const [i, record] of records.entries()) {
        const want = wanted[i];
        if (!record.legal || !want.valid) continue;
        if (variant === "antichess" && emptyOtherSide(want.fen)) continue;
        const { status } = record;
        assert.deepEqual(
          {
            check: status.check,
            moves: status.legalMoveCount,
            end: status.end === null
              ? null
              : [status.end.termination, status.end.winner],
          },
          {
            check: want.check,
            moves: want.moves,
            end: want.outcome === null
              ? null
              : [TERMINATIONS[want.outcome.termination], want.outcome.winner],
          },
          `${variant} ${want.fen}`,
        );
        compared++;
      }
      assert.ok(compared > COUNT / 2, `${variant}: ${compared} compared`);
    }
  },
});
