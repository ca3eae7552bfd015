/**
 * Move judgement as lichess makes it (lila's `Advice`): a move that lowers
 * the mover's winning chances by at least 0.1 is an inaccuracy, 0.2 a
 * mistake, 0.3 a blunder, winning chances being
 * `2 / (1 + exp(-0.00368208 * cp)) - 1` of White's centipawns; a move that
 * lets a forced mate in, or lets one go, is judged by the mate rules. The
 * comment texts are lichess's (`Inaccuracy. Nf3 was best.`,
 * `Checkmate is now unavoidable. Kg1 was best.`). With `"cp"`, the older
 * table of the database exports: a loss of 50, 100, 300 centipawns.
 *
 * @module
 */

/** An evaluation from White's side: centipawns, or moves to mate (negative: Black mates). */
export type Evaluation = { cp: number } | { mate: number };

/** Which rules judge a move. */
export type JudgementRules = "lichess" | "cp";

/** A bad move's grade. */
export type Judgement = "inaccuracy" | "mistake" | "blunder";

/** Each grade's name, NAG and glyph, as lichess writes them. */
export const JUDGEMENTS: Readonly<
  Record<Judgement, { name: string; nag: number; glyph: string }>
> = {
  inaccuracy: { name: "Inaccuracy", nag: 6, glyph: "?!" },
  mistake: { name: "Mistake", nag: 2, glyph: "?" },
  blunder: { name: "Blunder", nag: 4, glyph: "??" },
};

/** lichess's mate sequences and their texts. */
export const MATE_TEXTS = {
  created: "Checkmate is now unavoidable",
  lost: "Lost forced checkmate sequence",
} as const;

/** What is wrong with a move. */
export interface Advice {
  judgement: Judgement;
  /** Set when the mate rules judged it. */
  mate: keyof typeof MATE_TEXTS | null;
}

/** lila's multiplier (its pull request 11148). */
const MULTIPLIER = -0.00368208;
/** The centipawn ceiling of lila's `Cp.ceiled`. */
const CEILING = 1000;

/**
 * White's winning chances in [-1, 1] for White's centipawns, as lila and
 * scalachess compute them (no ceiling on `cp` before the formula).
 *
 * @example A pawn up is about 0.18
 * ```ts
 * import { winningChances } from "./judgement.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(winningChances(0), 0);
 * assert.equal(winningChances(100).toFixed(4), "0.1821");
 * ```
 *
 * @param cp Centipawns from White's side.
 * @returns The chances, -1 (Black wins) to 1 (White wins).
 */
export function winningChances(cp: number): number {
  const chances = 2 / (1 + Math.exp(MULTIPLIER * cp)) - 1;
  return Math.max(-1, Math.min(1, chances));
}

function ceiled(cp: number): number {
  return Math.max(-CEILING, Math.min(CEILING, cp));
}

const CHANCE_STEPS: readonly (readonly [number, Judgement])[] = [
  [0.3, "blunder"],
  [0.2, "mistake"],
  [0.1, "inaccuracy"],
];
const CP_STEPS: readonly (readonly [number, Judgement])[] = [
  [300, "blunder"],
  [100, "mistake"],
  [50, "inaccuracy"],
];

/**
 * The judgement of a move, lila's `Advice(prev, info)`: the centipawn rule
 * when both evaluations are centipawns, the mate rules otherwise.
 *
 * @example A pawn lost from equality, and a mate let in
 * ```ts
 * import { judge } from "./judgement.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(judge({ cp: 20 }, { cp: -100 }, true), {
 *   judgement: "mistake",
 *   mate: null,
 * });
 * assert.equal(judge({ cp: 20 }, { cp: -100 }, true, "cp")?.judgement, "mistake");
 * assert.deepEqual(judge({ cp: 50 }, { mate: 3 }, false), {
 *   judgement: "blunder",
 *   mate: "created",
 * });
 * ```
 *
 * @param before The evaluation before the move (White's side).
 * @param after The evaluation after it.
 * @param white Whether White made the move.
 * @param rules `"lichess"` (winning chances) or `"cp"` (the older table).
 * @returns What is wrong with the move, or `null`.
 */
export function judge(
  before: Evaluation | null,
  after: Evaluation | null,
  white: boolean,
  rules: JudgementRules = "lichess",
): Advice | null {
  if (before === null || after === null) return null;
  if ("cp" in before && "cp" in after) {
    const [loss, steps] = rules === "cp"
      ? [ceiled(after.cp) - ceiled(before.cp), CP_STEPS]
      : [winningChances(after.cp) - winningChances(before.cp), CHANCE_STEPS];
    const mover = white ? -loss : loss;
    const step = steps.find(([threshold]) => threshold <= mover);
    return step === undefined ? null : { judgement: step[1], mate: null };
  }
  return mateAdvice(before, after, white);
}

/** lila's `MateAdvice`: scores from the mover's side. */
function mateAdvice(
  before: Evaluation,
  after: Evaluation,
  white: boolean,
): Advice | null {
  const sign = white ? 1 : -1;
  const cpBefore = "cp" in before ? before.cp * sign : 0;
  const cpAfter = "cp" in after ? after.cp * sign : 0;
  const mateBefore = "mate" in before ? before.mate * sign : null;
  const mateAfter = "mate" in after ? after.mate * sign : null;
  if (mateBefore === null && mateAfter !== null && mateAfter < 0) {
    const judgement = cpBefore < -999
      ? "inaccuracy"
      : cpBefore < -700
      ? "mistake"
      : "blunder";
    return { judgement, mate: "created" };
  }
  if (
    mateBefore !== null && mateBefore > 0 &&
    (mateAfter === null || mateAfter < 0)
  ) {
    const judgement = cpAfter > 999
      ? "inaccuracy"
      : cpAfter > 700
      ? "mistake"
      : "blunder";
    return { judgement, mate: "lost" };
  }
  return null;
}

/**
 * An evaluation as lichess's advice comment shows it: pawns with two
 * decimals (`-0.41`), or `Mate in 3`.
 *
 * @example Two decimals, or the mate's length
 * ```ts
 * import { showEvaluation } from "./judgement.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(showEvaluation({ cp: -41 }), "-0.41");
 * assert.equal(showEvaluation({ mate: -6 }), "Mate in 6");
 * ```
 *
 * @param value The evaluation.
 * @returns The text, or `null` for lichess's `Mate in 0` (not shown).
 */
export function showEvaluation(value: Evaluation): string | null {
  if ("cp" in value) {
    const abs = Math.abs(value.cp);
    const digits = String(abs % 100).padStart(2, "0");
    return `${value.cp < 0 ? "-" : ""}${Math.floor(abs / 100)}.${digits}`;
  }
  return value.mate === 0 ? null : `Mate in ${Math.abs(value.mate)}`;
}

/**
 * The evaluation as a `[%eval]` command writes it in lichess's export:
 * pawns as the shortest decimal with at least one digit after the point
 * (`0.4`, `0.0`, `-3.99`), or `#-3`.
 *
 * @example Pawns and mates
 * ```ts
 * import { evalArgument } from "./judgement.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(evalArgument({ cp: 40 }), "0.4");
 * assert.equal(evalArgument({ cp: 0 }), "0.0");
 * assert.equal(evalArgument({ mate: -3 }), "#-3");
 * ```
 *
 * @param value The evaluation.
 * @returns The command's argument.
 */
export function evalArgument(value: Evaluation): string {
  if ("mate" in value) return `#${value.mate}`;
  const abs = Math.abs(value.cp);
  const digits = String(abs % 100).padStart(2, "0").replace(/0$/, "");
  return `${value.cp < 0 ? "-" : ""}${Math.floor(abs / 100)}.${
    digits === "" ? "0" : digits
  }`;
}

/**
 * lichess's advice comment: `(0.29 → 2.18) Blunder. Nc6 was best.`, the
 * mate rules' text instead of the grade's name when they judged.
 *
 * @example lichess's words
 * ```ts
 * import { adviceComment } from "./judgement.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   adviceComment({ judgement: "blunder", mate: null }, { cp: 29 }, { cp: 218 }, "Nc6"),
 *   "(0.29 → 2.18) Blunder. Nc6 was best.",
 * );
 * ```
 *
 * @param advice What is wrong with the move.
 * @param before The evaluation before the move.
 * @param after The evaluation after it.
 * @param best The best move in SAN, or `null` (then no last sentence).
 * @returns The comment.
 */
export function adviceComment(
  advice: Advice,
  before: Evaluation,
  after: Evaluation,
  best: string | null,
): string {
  const evals = [showEvaluation(before), showEvaluation(after)].filter((e) =>
    e !== null
  );
  const head = evals.length > 0 ? `(${evals.join(" → ")}) ` : "";
  const what = advice.mate === null
    ? JUDGEMENTS[advice.judgement].name
    : MATE_TEXTS[advice.mate];
  return `${head}${what}.${best === null ? "" : ` ${best} was best.`}`;
}
