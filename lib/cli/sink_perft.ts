// The sinks of runs that write no format: `--perft` (and `--divide`), one
// count a record, and `--stats` alone, which only counts.

import { perft } from "../moves/mod.ts";
import { UnplayablePositionError } from "../moves/mod.ts";
import { perftDivide } from "../moves/perft_divide.ts";
import { type Diagnostics, lowered } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import type { Current } from "./record.ts";
import type { RecordSink } from "./pipeline.ts";
import type { DataRun } from "./option_settings_data.ts";
import { EXIT } from "../program/exit.ts";
import type { Rules } from "../types.ts";

/** What a {@linkcode PerftSink} counts. */
export interface PerftParts {
  depth: number;
  /** The count below each legal move too. */
  divide: boolean;
  /** The rules the moves are counted by (`--variant`, `--chess960`). */
  rules: Rules;
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
    const { depth, divide, diagnostics } = this.#parts;
    // A game's positions count by its Variant tag's rules, as they were made.
    const rules = record.game?.rules ?? this.#parts.rules;
    const out = this.#out;
    try {
      if (!divide) {
        out.writeNatural(perft(record.position(), depth, { rules }));
        out.writeByte(10);
        return;
      }
      const rows = perftDivide(record.position(), depth, { rules });
      if (this.#written++ > 0) out.writeByte(10);
      let nodes = 0;
      for (const { move, nodes: count } of rows) {
        out.write(`${move}: ${count}\n`);
        nodes += count;
      }
      out.write(`\nNodes searched: ${nodes}\n`);
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      diagnostics.refused(record, {
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
    rules: settings.rules,
    diagnostics,
  });
}
