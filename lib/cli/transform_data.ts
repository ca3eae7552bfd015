// The transforms of data and engine work: `--repair`, `--en-passant`,
// `--uci`/`--san` for EPD moves and the legal moves of `--format moves`,
// and where they stand around `--moves` with the counting ones
// (transform_counts.ts). Loaded only when one of them is asked for.

import type { Rules } from "../types.ts";
import { checkEpdMoves, convertEpdMoves } from "../data/epd_moves.ts";
import { parseEpd } from "../fen/epd.ts";
import {
  type EnPassantMode,
  enPassantSquare,
  legalMoves,
  MoveError,
  UnplayablePositionError,
} from "../moves/mod.ts";
import {
  repairFen,
  repairPosition,
  UnrepairableError,
} from "../data/repair.ts";
import {
  OnlyTransform,
  StatsTransform,
  UniqueTransform,
} from "./transform_counts.ts";
import { type Diagnostics, lowered } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import type { Current } from "./record.ts";
import type { Transform } from "./pipeline.ts";
import { type DataRun, matchesGames } from "./option_settings_data.ts";
import type { PositionMatch } from "../match/mod.ts";
import { EXIT } from "../program/exit.ts";
import { FORMAT_TABLE } from "./format_table.ts";

/**
 * `--repair`: the nearest position an engine can take (`repairFen` for a
 * record read from text, so missing fields are filled and told;
 * `repairPosition` for a game's position or one after `--moves`). A
 * position that cannot be repaired is refused with the reason (exit 3).
 */
export class RepairTransform implements Transform {
  /** The run's rules; a game's own (its Variant tag) win for its positions. */
  readonly #rules: Rules;
  readonly #explain: boolean;
  readonly #diagnostics: Diagnostics;

  constructor(
    parts: { rules: Rules; explain: boolean; diagnostics: Diagnostics },
  ) {
    this.#rules = parts.rules;
    this.#explain = parts.explain;
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    const { input, start, end } = record.span;
    const fromText = record.fieldsGiven < 6 && record.rewritten === null &&
      record.ply === null;
    const options = { rules: record.game?.rules ?? this.#rules };
    let result;
    try {
      result = fromText
        ? repairFen(input.slice(start, end), options)
        : repairPosition(record.position(), options);
    } catch (error) {
      if (!(error instanceof UnrepairableError)) throw error;
      this.#diagnostics.refused(record, {
        field: "position",
        message: lowered(error.message),
        code: EXIT.illegalPosition,
      });
      return false;
    }
    if (result.changes.length === 0) return true;
    record.rewrite(result.position);
    if (this.#explain) {
      for (const change of result.changes) {
        this.#diagnostics.say(`fen: ${record.where.prefix}${change}\n`);
      }
    }
    return true;
  }
}

/**
 * `--en-passant legal|pseudo-legal`: the en-passant square is written only
 * when a capture there is (pseudo-)legal. A position that cannot be played
 * (no king) keeps its square: whether a capture is legal is not defined
 * there, and `--check` is what reports such a position.
 */
export class EnPassantTransform implements Transform {
  readonly #mode: EnPassantMode;
  /** The run's rules; a game's own (its Variant tag) win for its positions. */
  readonly #rules: Rules;

  constructor(mode: EnPassantMode, rules: Rules = "chess") {
    this.#mode = mode;
    this.#rules = rules;
  }

  apply(record: Current): boolean {
    const square = record.enPassant;
    if (square === null) return true; // nearly every record: nothing made
    const position = record.position();
    let kept;
    try {
      kept = enPassantSquare(position, this.#mode, {
        rules: record.game?.rules ?? this.#rules,
      });
    } catch (error) {
      if (error instanceof UnplayablePositionError) return true;
      throw error;
    }
    if (kept !== square) record.rewrite({ ...position, enPassant: kept });
    return true;
  }
}

/** `--format moves`: the record's legal moves, a field of the record. */
export class LegalMovesTransform implements Transform {
  readonly #options: { notation: "uci" | "san"; rules: Rules };
  readonly #diagnostics: Diagnostics;

  constructor(
    parts: { san: boolean; rules: Rules; diagnostics: Diagnostics },
  ) {
    this.#options = { notation: parts.san ? "san" : "uci", rules: parts.rules };
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    try {
      // A game's moves are its Variant tag's, as its positions are.
      const rules = record.game?.rules ?? this.#options.rules;
      record.legalMoves = legalMoves(
        record.position(),
        rules === this.#options.rules
          ? this.#options
          : { notation: this.#options.notation, rules },
      );
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      this.#diagnostics.refused(record, {
        field: "position",
        message: `cannot list moves: ${lowered(error.message)}`,
        code: EXIT.illegalPosition,
      });
      return false;
    }
    return true;
  }
}

/**
 * `--format epd --uci` / `--san`: the moves of `bm`, `am`, `pm` and `sm`
 * rewritten (`convertEpdMoves`); a move that cannot be read refuses the
 * record (exit 5), never writes it half-converted.
 */
export class EpdNotationTransform implements Transform {
  readonly #notation: "uci" | "san";
  readonly #options: { rules: Rules };
  readonly #diagnostics: Diagnostics;

  constructor(
    notation: "uci" | "san",
    parts: { rules: Rules; diagnostics: Diagnostics },
  ) {
    this.#notation = notation;
    this.#options = { rules: parts.rules };
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    const operations = record.operations;
    if (operations === null || operations.length === 0) return true;
    const { input, start, end } = record.span;
    const given = input.slice(start, end);
    try {
      const text = convertEpdMoves(given, this.#notation, this.#options);
      record.setOperations(parseEpd(text, this.#options).operations);
    } catch (error) {
      if (
        !(error instanceof MoveError ||
          error instanceof UnplayablePositionError)
      ) throw error;
      // The move's fault in --check's words (`bm e5 at column 57: ...`).
      const issue = checkEpdMoves(given, this.#options)[0];
      this.#diagnostics.refused(record, {
        field: "operations",
        message: `cannot write the moves in ${this.#notation.toUpperCase()}: ${
          issue?.message ?? lowered(error.message)
        }`,
        code: EXIT.illegalMove,
      });
      return false;
    }
    return true;
  }
}

/** `--match` on positions: the records that match go on. */
export class MatchTransform implements Transform {
  readonly #match: PositionMatch;

  constructor(match: PositionMatch) {
    this.#match = match;
  }

  apply(record: Current): boolean {
    return this.#match.test(record);
  }
}

/** The data transforms of a run: those before `--moves`, and after. */
export function dataStages(
  settings: DataRun,
  { diagnostics, out }: { diagnostics: Diagnostics; out: Output },
): { before: Transform[]; after: Transform[] } {
  const { data: options, format, check } = settings;
  const writes = !check && options.perft === null && !options.statsOnly;
  const only = options.only === null
    ? null
    : new OnlyTransform(options.only, settings.rules);
  const unique = options.unique === null
    ? null
    : new UniqueTransform(options.unique, diagnostics);
  const before: Transform[] = [];
  if (options.match !== null && !matchesGames(settings)) {
    before.push(new MatchTransform(options.match));
  }
  if (options.stats) {
    before.push(
      new StatsTransform({
        out: options.statsOnly ? out : null,
        diagnostics,
        unique,
        only,
        json: options.statsJson
          ? { shard: settings.scale?.shard ?? null }
          : null,
        rules: settings.rules,
      }),
    );
  }
  if (options.repair) {
    before.push(
      new RepairTransform({
        rules: settings.rules,
        explain: settings.explain,
        diagnostics,
      }),
    );
  }
  const after: Transform[] = [];
  if (options.enPassant !== "always") {
    after.push(
      new EnPassantTransform(options.enPassant, settings.rules),
    );
  }
  const { notation } = FORMAT_TABLE[format];
  if (writes && notation === "operations" && options.notation !== null) {
    after.push(
      new EpdNotationTransform(options.notation, {
        rules: settings.rules,
        diagnostics,
      }),
    );
  }
  if (only !== null) after.push(only);
  if (unique !== null) after.push(unique);
  if (writes && notation === "legal") {
    after.push(
      new LegalMovesTransform({
        san: options.notation === "san",
        rules: settings.rules,
        diagnostics,
      }),
    );
  }
  return { before, after };
}
