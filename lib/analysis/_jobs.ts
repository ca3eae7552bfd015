// From what was read to positions to evaluate, through the legality gate:
// a record (or a game's start) the check refuses is never sent to an
// engine; with --repair it is repaired first, as `fen --repair` does.
// A game's later positions come from legal moves, so they pass by
// construction.

import { variantOf } from "../chess/variant_names.ts";
import { checkPosition } from "../legality/mod.ts";
import { parseEpd } from "../fen/epd.ts";
import { stringifyFen } from "../fen/mod.ts";
import { positionStatus } from "../moves/mod.ts";
import { polyglotKey, polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { repairPosition, UnrepairableError } from "../data/repair.ts";
import type { PgnEval, PgnGame } from "../pgn/mod.ts";
import type { EpdOperation, Position, Rules } from "../types.ts";
import type { Evaluation } from "./judgement.ts";
import type { PositionJob } from "./_evaluate.ts";

/** A game's positions, the start first, and its moves. */
export interface GameJobs {
  jobs: PositionJob[];
  /** The mainline moves in UCI. */
  moves: string[];
  whiteFirst: boolean;
  /** The ply before the first move (0: White's first move of the game). */
  startPly: number;
  /** Why the game is not analysed (its start refused), or `null`. */
  refused: string | null;
  /** What --repair changed in the start. */
  repairs: string[];
}

/** A record's position, or why it has none. */
export interface RecordJob {
  job: PositionJob | null;
  operations: EpdOperation[];
  /** `invalid` (not a record), `illegal` (refused by the check), or `null`. */
  problem: "invalid" | "illegal" | null;
  message: string;
  repairs: string[];
}

const hex = (n: number) => n.toString(16).padStart(8, "0");

/** Checkmate, stalemate, or `null`: positions that need no search. */
function terminal(position: Position): Evaluation | null {
  const status = positionStatus(position, { countMoves: false });
  if (status.checkmate) return { mate: 0 };
  return status.stalemate ? { cp: 0 } : null;
}

function evaluationOf(value: PgnEval | null): Evaluation | null {
  if (value === null) return null;
  if (value.mate !== null) return { mate: value.mate };
  return value.pawns === null ? null : { cp: Math.round(value.pawns * 100) };
}

/** The gate: the position, repaired when asked, or the problems in words. */
function gate(
  position: Position,
  repair: boolean,
  rules: Rules,
): { position: Position; repairs: string[] } | { refused: string } {
  const errors = checkPosition(position, { rules }).filter((p) =>
    p.severity === "error"
  );
  if (errors.length === 0) return { position, repairs: [] };
  if (!repair) {
    return { refused: errors.map((p) => p.message).join("; ") };
  }
  try {
    const repaired = repairPosition(position, { rules });
    return { position: repaired.position, repairs: repaired.changes };
  } catch (error) {
    if (!(error instanceof UnrepairableError)) throw error;
    return { refused: `cannot be repaired: ${error.message}` };
  }
}

/** The positions of a game's mainline. */
export function gameJobs(game: PgnGame, repair: boolean): GameJobs {
  const start = game.start;
  const startPly = 2 * (Math.max(1, start.fullmoveNumber) - 1) +
    (start.turn === "b" ? 1 : 0);
  const base: GameJobs = {
    jobs: [],
    moves: [],
    whiteFirst: start.turn === "w",
    startPly,
    refused: null,
    repairs: [],
  };
  // The engine is asked about standard chess (or Chess960) positions, and
  // the cache keys them by Polyglot key: a variant's are neither.
  if (game.rules !== "chess" && game.rules !== "chess960") {
    return {
      ...base,
      refused: `its variant is ${
        variantOf(game.rules).name
      }, and the engine is asked about standard chess and Chess960 only`,
    };
  }
  const passed = gate(start, repair, game.rules);
  if ("refused" in passed) return { ...base, refused: passed.refused };
  if (passed.repairs.length > 0) {
    return {
      ...base,
      refused: "its start position is illegal (a game is not repaired)",
    };
  }
  const startFen = stringifyFen(start);
  const halves = new Uint32Array(2);
  for (const at of game.positions()) {
    polyglotKeyHalves(at.view(), halves);
    const position = at.toPosition();
    if (at.move !== null) base.moves.push(at.move.uci);
    base.jobs.push({
      key: hex(halves[0]) + hex(halves[1]),
      fen: at.fen,
      position,
      search: {
        fen: startFen,
        moves: base.moves.slice(),
        // the engine's own option (UCI_Chess960)
        chess960: game.rules === "chess960",
      },
      known: evaluationOf(at.move?.eval ?? null),
      terminal: terminal(position),
    });
  }
  return base;
}

/** A record line's position, through the gate. */
export function recordJob(text: string, repair: boolean): RecordJob {
  let parsed;
  try {
    parsed = parseEpd(text);
  } catch (error) {
    return {
      job: null,
      operations: [],
      problem: "invalid",
      message: (error as Error).message,
      repairs: [],
    };
  }
  const passed = gate(parsed.position, repair, "chess");
  if ("refused" in passed) {
    return {
      job: null,
      operations: parsed.operations,
      problem: "illegal",
      message: `illegal position, not sent to the engine: ${passed.refused}`,
      repairs: [],
    };
  }
  const position = passed.position;
  const fen = stringifyFen(position);
  return {
    job: {
      key: polyglotKey(position).toString(16).padStart(16, "0"),
      fen,
      position,
      search: { fen },
      known: null,
      terminal: terminal(position),
    },
    operations: parsed.operations,
    problem: null,
    message: "",
    repairs: passed.repairs,
  };
}
