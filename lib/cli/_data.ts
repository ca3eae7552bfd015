// The stages of data and engine work (issue: keys, dedupe and stats, EPD
// suites, repair before the engine, perft and moves): transforms that
// repair, normalize, filter and count records, and the sinks of `--perft`
// and of `--stats` alone. Loaded only when one of them is asked for.

import { convertEpdMoves } from "../data/epd_moves.ts";
import { parseEpd } from "../fen/epd.ts";
import {
  type EnPassantMode,
  enPassantSquare,
  legalMoves,
  MoveError,
  perft,
  UnplayablePositionError,
} from "../moves/mod.ts";
import { perftDivide } from "../moves/perft_divide.ts";
import {
  repairFen,
  repairPosition,
  UnrepairableError,
} from "../data/repair.ts";
import {
  OnlyTransform,
  StatsTransform,
  UniqueTransform,
} from "./_data_counts.ts";
import type { Diagnostics } from "./_diagnostics.ts";
import type { DataWriters } from "./_data_formats.ts";
import type { Output } from "./_io.ts";
import type { Current } from "./_record.ts";
import type { RecordSink } from "./_sinks.ts";
import type { Transform } from "./_transforms.ts";
import type { DataRun } from "./_data_settings.ts";
import { EXIT, type ExitCode } from "./exit.ts";

/** The library's sentence as a `fen: ...` message goes on: lower case. */
function lowered(message: string): string {
  return message[0].toLowerCase() + message.slice(1);
}

/**
 * A record refused with a reason: a message on stderr (and the JSON object
 * that stands for it), and the exit code.
 */
function refuse(
  diagnostics: Diagnostics,
  record: Current,
  problem: { field: string; message: string; code: ExitCode },
): void {
  diagnostics.say(`fen: ${record.where.prefix}${problem.message}\n`);
  diagnostics.jsonError(
    record.where,
    { field: problem.field, message: problem.message },
    record.ply === null ? record.span : null,
  );
  diagnostics.fail(problem.code);
}

/**
 * `--repair`: the nearest position an engine can take (`repairFen` for a
 * record read from text, so missing fields are filled and told;
 * `repairPosition` for a game's position or one after `--moves`). A
 * position that cannot be repaired is refused with the reason (exit 3).
 */
export class RepairTransform implements Transform {
  readonly #options: { chess960: boolean };
  readonly #explain: boolean;
  readonly #diagnostics: Diagnostics;

  constructor(
    parts: { chess960: boolean; explain: boolean; diagnostics: Diagnostics },
  ) {
    this.#options = { chess960: parts.chess960 };
    this.#explain = parts.explain;
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    const { input, start, end } = record.span;
    const fromText = record.fieldsGiven < 6 && record.moved === null &&
      record.ply === null;
    let result;
    try {
      result = fromText
        ? repairFen(input.slice(start, end), this.#options)
        : repairPosition(record.position(), this.#options);
    } catch (error) {
      if (!(error instanceof UnrepairableError)) throw error;
      refuse(this.#diagnostics, record, {
        field: "position",
        message: lowered(error.message),
        code: EXIT.illegalPosition,
      });
      return false;
    }
    if (result.changes.length === 0) return true;
    record.setMoved(result.position);
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

  constructor(mode: EnPassantMode) {
    this.#mode = mode;
  }

  apply(record: Current): boolean {
    const square = record.enPassant;
    if (square === null) return true; // nearly every record: nothing made
    const position = record.position();
    let kept;
    try {
      kept = enPassantSquare(position, this.#mode);
    } catch (error) {
      if (error instanceof UnplayablePositionError) return true;
      throw error;
    }
    if (kept !== square) record.setMoved({ ...position, enPassant: kept });
    return true;
  }
}

/** `--format moves`: the record's legal moves, listed before the writer. */
export class LegalMovesTransform implements Transform {
  readonly #data: DataWriters;
  readonly #options: { notation: "uci" | "san"; chess960: boolean };
  readonly #diagnostics: Diagnostics;

  constructor(
    data: DataWriters,
    parts: { san: boolean; chess960: boolean; diagnostics: Diagnostics },
  ) {
    this.#data = data;
    this.#options = {
      notation: parts.san ? "san" : "uci",
      chess960: parts.chess960,
    };
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    try {
      this.#data.moves = legalMoves(record.position(), this.#options);
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      refuse(this.#diagnostics, record, {
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
  readonly #options: { chess960: boolean };
  readonly #diagnostics: Diagnostics;

  constructor(
    notation: "uci" | "san",
    parts: { chess960: boolean; diagnostics: Diagnostics },
  ) {
    this.#notation = notation;
    this.#options = { chess960: parts.chess960 };
    this.#diagnostics = parts.diagnostics;
  }

  apply(record: Current): boolean {
    const operations = record.operations;
    if (operations === null || operations.length === 0) return true;
    const { input, start, end } = record.span;
    try {
      const text = convertEpdMoves(
        input.slice(start, end),
        this.#notation,
        this.#options,
      );
      record.setOperations(parseEpd(text, this.#options).operations);
    } catch (error) {
      if (
        !(error instanceof MoveError ||
          error instanceof UnplayablePositionError)
      ) throw error;
      refuse(this.#diagnostics, record, {
        field: "operations",
        message: `cannot write the moves in ${this.#notation.toUpperCase()}: ${
          lowered(error.message)
        }`,
        code: EXIT.illegalMove,
      });
      return false;
    }
    return true;
  }
}

/** What a {@linkcode PerftSink} counts. */
export interface PerftParts {
  depth: number;
  /** The count below each legal move too. */
  divide: boolean;
  chess960: boolean;
  diagnostics: Diagnostics;
}

/**
 * `--perft N`: the number of move paths of each record, one line a record;
 * with `--divide`, as engines print it (`go perft N`): `move: count` lines
 * in UCI, a blank line and `Nodes searched: N`, records apart by a blank
 * line.
 */
export class PerftSink implements RecordSink {
  readonly #out: Output;
  readonly #parts: PerftParts;
  #written = 0;

  constructor(out: Output, parts: PerftParts) {
    this.#out = out;
    this.#parts = parts;
  }

  write(record: Current): void {
    const { depth, divide, chess960, diagnostics } = this.#parts;
    const out = this.#out;
    try {
      if (!divide) {
        out.writeNatural(perft(record.position(), depth));
        out.writeByte(10);
        return;
      }
      const rows = perftDivide(record.position(), depth, { chess960 });
      if (this.#written++ > 0) out.writeByte(10);
      let nodes = 0;
      for (const { move, nodes: count } of rows) {
        out.write(`${move}: ${count}\n`);
        nodes += count;
      }
      out.write(`\nNodes searched: ${nodes}\n`);
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      refuse(diagnostics, record, {
        field: "position",
        message: `cannot count moves: ${lowered(error.message)}`,
        code: EXIT.illegalPosition,
      });
    }
  }

  finish(): void {}
}

/** `--stats` alone: the records are counted, not written. */
export class NoSink implements RecordSink {
  write(_record: Current): void {}
  finish(): void {}
}

/** The data transforms of a run: those before `--moves`, and after. */
export function dataStages(
  settings: DataRun,
  { diagnostics, out, data }: {
    diagnostics: Diagnostics;
    out: Output;
    data: DataWriters | null;
  },
): { before: Transform[]; after: Transform[] } {
  const { data: options, format, check } = settings;
  const chess960 = settings.parse.chess960 === true;
  const writes = !check && options.perft === null && !options.statsOnly;
  const only = options.only === null ? null : new OnlyTransform(options.only);
  const unique = options.unique === null
    ? null
    : new UniqueTransform(options.unique, diagnostics);
  const before: Transform[] = [];
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
      }),
    );
  }
  if (options.repair) {
    before.push(
      new RepairTransform({
        chess960,
        explain: settings.explain,
        diagnostics,
      }),
    );
  }
  const after: Transform[] = [];
  if (options.enPassant !== "always") {
    after.push(new EnPassantTransform(options.enPassant));
  }
  if (writes && format === "epd" && options.notation !== null) {
    after.push(
      new EpdNotationTransform(options.notation, { chess960, diagnostics }),
    );
  }
  if (only !== null) after.push(only);
  if (unique !== null) after.push(unique);
  if (writes && format === "moves") {
    after.push(
      new LegalMovesTransform(data!, {
        san: options.notation === "san",
        chess960,
        diagnostics,
      }),
    );
  }
  return { before, after };
}

/** The sink of a run that writes no format: `--perft`, or `--stats` alone. */
export function dataSink(
  settings: DataRun,
  { out, diagnostics }: { out: Output; diagnostics: Diagnostics },
): RecordSink {
  const { perft, divide } = settings.data;
  if (perft === null) return new NoSink();
  return new PerftSink(out, {
    depth: perft,
    divide,
    chess960: settings.parse.chess960 === true,
    diagnostics,
  });
}
