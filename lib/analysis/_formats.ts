// The three outputs of `fen analyse`: PGN in lichess's export form, EPD
// records with the analysis operations, and JSON lines (a position per
// line, then a game's summary).

import { stringifyEpd } from "../fen/epd.ts";
import type { PgnGame } from "../pgn/mod.ts";
import type { EpdOperation, Position } from "../types.ts";
import {
  adviceComment,
  evalArgument,
  type Evaluation,
  JUDGEMENTS,
} from "./judgement.ts";
import {
  lichessLine,
  type LichessMove,
  writeLichessPgn,
} from "./lichess_pgn.ts";
import type { MoveVerdict } from "./moves.ts";
import type { GameSummary } from "./summary.ts";
import type { Evaluated, PositionJob } from "./_evaluate.ts";

/** The `[%eval ...]` command, anywhere in a comment. */
const EVAL_COMMAND = /\s*\[%eval\s[^\]]*\]\s*/g;

/**
 * A game in lichess's export form: each analysed move with its
 * `[%eval]`, a judged move with lichess's NAG, comment and better line.
 */
export function gamePgn(
  game: PgnGame,
  verdicts: readonly MoveVerdict[],
  lines: readonly string[][],
  startPly: number,
): string {
  const moves: LichessMove[] = game.mainline.moves.map((move, i) => {
    const verdict = verdicts[i];
    const kept = move.comments
      .map((c) => c.replace(EVAL_COMMAND, " ").trim())
      .filter((c) => c !== "");
    if (verdict === undefined) {
      return {
        san: move.san,
        nags: move.nags,
        comments: kept,
        variations: move.variations.map(lichessLine),
      };
    }
    const comments: string[] = [];
    let nags = move.nags;
    const variations = move.variations.map(lichessLine);
    if (
      verdict.advice !== null && verdict.before !== null &&
      verdict.eval !== null
    ) {
      const san = lines[i];
      comments.push(
        adviceComment(
          verdict.advice,
          verdict.before,
          verdict.eval,
          san[0] ?? null,
        ),
      );
      nags = [JUDGEMENTS[verdict.advice.judgement].nag];
      variations.unshift(
        san.map((s) => ({ san: s, nags: [], comments: [], variations: [] })),
      );
    }
    if (verdict.eval !== null) {
      comments.push(`[%eval ${evalArgument(verdict.eval)}]`);
    }
    comments.push(...kept);
    return { san: move.san, nags, comments, variations };
  });
  const tags = new Map(game.tags);
  if (!tags.has("Result")) tags.set("Result", game.result ?? "*");
  return writeLichessPgn({
    tags,
    comments: game.mainline.comments,
    moves,
    startPly,
  });
}

/** The analysis operations EPD has, replaced when a record already has them. */
const OURS = new Set(["ce", "dm", "acd", "acn", "bm", "pv"]);
const MATE_SCORE = 32767;

/** The side to move's view of a White-side evaluation. */
function forMover(value: Evaluation, turn: "w" | "b"): Evaluation {
  if (turn === "w") return value;
  return "cp" in value ? { cp: -value.cp || 0 } : { mate: -value.mate || 0 };
}

/**
 * An EPD record with `ce` (centipawns from the side to move; a mate as
 * 32767 less the plies to it, negative when mated), `dm` for a mate the
 * side to move gives, `acd`, `acn`, `bm` and `pv`.
 */
export function epdRecord(
  position: Position,
  operations: readonly EpdOperation[],
  result: Evaluated,
  uci: boolean,
): string {
  const ops = operations.filter((op) => !OURS.has(op.opcode));
  const line = result.lines[0];
  if (result.eval !== null) {
    const mine = forMover(result.eval, position.turn);
    if ("cp" in mine) ops.push({ opcode: "ce", operands: [String(mine.cp)] });
    else {
      const plies = mine.mate > 0 ? 2 * mine.mate - 1 : -2 * mine.mate;
      const ce = mine.mate > 0 ? MATE_SCORE - plies : -(MATE_SCORE - plies);
      ops.push({ opcode: "ce", operands: [String(ce)] });
      if (mine.mate > 0) {
        ops.push({ opcode: "dm", operands: [String(mine.mate)] });
      }
    }
  }
  if (result.from === "engine" || result.from === "cache") {
    ops.push({ opcode: "acd", operands: [String(result.depth)] });
    ops.push({ opcode: "acn", operands: [String(result.nodes)] });
  }
  if (line !== undefined && line.pv.length > 0) {
    const moves = uci ? line.pv : line.san;
    ops.push({ opcode: "bm", operands: [moves[0]] });
    ops.push({ opcode: "pv", operands: moves });
  }
  return stringifyEpd(position, ops);
}

/** A position's JSON object (one line). */
export function positionJson(
  job: PositionJob,
  result: Evaluated,
  extra: Record<string, unknown>,
): string {
  const object: Record<string, unknown> = {
    ...extra,
    key: job.key,
    fen: job.fen,
    eval: result.eval,
    depth: result.depth,
    nodes: result.nodes,
    best: result.lines[0]?.san[0] ?? null,
    bestUci: result.lines[0]?.pv[0] ?? null,
    pv: result.lines[0]?.san ?? [],
    lines: result.lines.map((l) => ({ eval: l.eval, pv: l.san, uci: l.pv })),
    source: result.from,
  };
  if (result.error !== null) object.error = result.error;
  return JSON.stringify(object);
}

/** A game's summary object (one line). */
export function summaryJson(
  game: PgnGame,
  number: number,
  summary: GameSummary,
  notAnalysed: number,
): string {
  return JSON.stringify({
    game: number,
    white: game.tags.get("White") ?? null,
    black: game.tags.get("Black") ?? null,
    result: game.result ?? game.tags.get("Result") ?? null,
    summary,
    notAnalysed,
  });
}
