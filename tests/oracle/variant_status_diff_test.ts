// The status of `fen --check` per variant against python-chess's variant
// boards: check, checkmate, stalemate, insufficient material, the number of
// legal moves and the game's one end (outcome(): termination and winner),
// code for code, on the final positions (and a sample of the others) of
// random games of each lichess variant and on the trees of python-chess's
// variant perft positions. Both ways in: positionStatus on a parsed
// position, and PositionChecker's status after its check (what the
// command and the service run).

import assert from "node:assert/strict";
import {
  parseFen,
  PositionChecker,
  type PositionStatus,
  positionStatus,
  type Rules,
} from "../../mod.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";

interface Judged {
  variant: Rules;
  fen: string;
  check: boolean;
  checkmate: boolean;
  stalemate: boolean;
  insufficient: boolean;
  moves: number;
  outcome: { termination: string; winner: "w" | "b" | null } | null;
}

const SCRIPT = new URL("./_python_chess_status.py", import.meta.url).pathname;
const MIRROR = "/work/.mirror/niklasf+python-chess/repo";

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

/** python-chess's judgement of the corpus, or why it cannot run. */
async function judged(): Promise<Judged[] | { skip: string }> {
  const found = await pythonChess();
  if ("skip" in found) return found;
  const dir = await Deno.makeTempDir({ prefix: "perft-files-" });
  const archive = await new Deno.Command("sh", {
    args: [
      "-c",
      `git --git-dir='${MIRROR}' archive HEAD examples/perft | tar x -C '${dir}'`,
    ],
  }).output();
  if (!archive.success) {
    return { skip: "python-chess's perft files are missing" };
  }
  const stdout = await runPython(
    [SCRIPT, "25", "20261127", "400", `${dir}/examples/perft`],
    { path: found.path },
  );
  await Deno.remove(dir, { recursive: true });
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}

/** A status in python-chess's terms. */
function codes(status: PositionStatus): unknown {
  return {
    check: status.check,
    checkmate: status.checkmate,
    stalemate: status.stalemate,
    insufficient: status.insufficientMaterial,
    moves: status.legalMoveCount,
    outcome: status.end === null
      ? null
      : { termination: status.end.termination, winner: status.end.winner },
  };
}

const corpus = await judged();

Deno.test({
  name: "variant status: python-chess's judgement, code for code",
  ignore: "skip" in corpus,
  fn() {
    if ("skip" in corpus) return;
    const checkers = new Map<Rules, PositionChecker>();
    const ends = new Map<string, number>();
    for (const want of corpus) {
      const rules = want.variant;
      const expected = {
        check: want.check,
        checkmate: want.checkmate,
        stalemate: want.stalemate,
        insufficient: want.insufficient,
        moves: want.moves,
        outcome: want.outcome === null ? null : {
          termination: TERMINATIONS[want.outcome.termination],
          winner: want.outcome.winner,
        },
      };
      const position = parseFen(want.fen, { rules });
      const label = `${rules} ${want.fen}`;
      assert.deepEqual(
        codes(positionStatus(position, { rules })),
        expected,
        label,
      );
      let checker = checkers.get(rules);
      if (checker === undefined) {
        checker = new PositionChecker({ rules });
        checkers.set(rules, checker);
      }
      const errors = checker.check(position).filter((p) =>
        p.severity === "error"
      );
      assert.deepEqual(errors, [], label);
      assert.deepEqual(codes(checker.status()), expected, `${label} (checker)`);
      const key = `${rules} ${expected.outcome?.termination ?? "none"}`;
      ends.set(key, (ends.get(key) ?? 0) + 1);
    }
    assert.ok(corpus.length > 5000, `${corpus.length} positions`);
    // The corpus reaches every way each variant ends (not a test that
    // passes on nothing): the ends seen, at least these.
    for (
      const key of [
        "antichess variant-win",
        "atomic variant-loss",
        "atomic insufficient-material",
        "crazyhouse checkmate",
        "horde checkmate",
        "horde stalemate",
        "kingofthehill variant-loss",
        "racingkings variant-draw",
        "racingkings variant-win",
        "racingkings variant-loss",
        "threecheck variant-loss",
      ]
    ) assert.ok((ends.get(key) ?? 0) > 0, `no position ends as ${key}`);
  },
});
