// Games as a source of records (`--from pgn`): a PGN stream read in chunks
// by one PgnReader, each game walked once, and the positions `--ply` asks
// for handed to the pipeline as they are, the board itself, with no FEN
// text made or read in between.

import type { PgnGame, PgnPosition } from "../pgn/mod.ts";
import { PgnReader } from "../pgn/mod.ts";
import { type CliIo, InputError, type Output, type Source } from "./_io.ts";
import { Signals } from "./_signals.ts";
import type { RecordSource, RecordTarget } from "./_sources.ts";
import { GamePlace } from "./_where.ts";

/** Which positions of a game are records: `--ply` and `--variations`. */
export interface PlySelection {
  /** `last` (the final position), `all`, or the position after N half-moves. */
  ply: "last" | "all" | number;
  /** With `all`, the positions inside variations too. */
  variations: boolean;
}

/** How a PGN source reads, and what it is called. */
export interface PgnParts {
  /** Its name in messages (escaped), "" for stdin and operands. */
  label: string;
  /** The file as given to `--input`, "" otherwise. */
  file: string;
  select: PlySelection;
  /** `--strict`: moves only in exact SAN. */
  strict: boolean;
  io: CliIo;
  out: Output;
}

/** A PGN stream (stdin, a file) or text (operands) as records. */
export class PgnSource implements RecordSource {
  readonly #input: Source | string;
  readonly #parts: PgnParts;

  constructor(input: Source | string, parts: PgnParts) {
    this.#input = input;
    this.#parts = parts;
  }

  async feed(target: RecordTarget): Promise<void> {
    const { label, file, strict, io, out } = this.#parts;
    const reader = new PgnReader(strict ? { strict } : {});
    const place = new GamePlace(label, file);
    const input = this.#input;
    if (typeof input === "string") {
      this.#games(reader.push(input), { target, place });
      return this.#games(reader.end(), { target, place });
    }
    const chunk = new Uint8Array(1 << 16);
    const signals = new Signals(io);
    try {
      for (;;) {
        out.flush(); // nothing held back while input waits
        let n: number | null = null;
        const more = await signals.race(
          read(input, chunk).then((got) => {
            n = got;
            return got !== null && got > 0;
          }),
        );
        if (signals.code !== null) {
          return target.diagnostics.interrupted(signals.code);
        }
        if (!more) break;
        this.#games(reader.push(chunk.subarray(0, n!)), { target, place });
        if (target.diagnostics.stopped) return;
      }
    } finally {
      signals.close();
    }
    this.#games(reader.end(), { target, place });
  }

  #games(
    games: PgnGame[],
    { target, place }: { target: RecordTarget; place: GamePlace },
  ): void {
    for (const game of games) {
      if (target.diagnostics.stopped) return;
      place.number = game.number;
      place.line = game.line;
      this.#positions(game, { target, place });
      if (game.error !== null) target.diagnostics.badGame(game.error, place);
    }
  }

  /** Hands the positions `--ply` selects to the pipeline, in order. */
  #positions(
    game: PgnGame,
    { target, place }: { target: RecordTarget; place: GamePlace },
  ): void {
    const { ply, variations } = this.#parts.select;
    if (ply === "last") {
      // A game that stops at an error has no last position to give.
      if (game.error !== null) return;
      let last: PgnPosition | null = null;
      for (const position of game.positions()) last = position;
      if (last !== null) give(last, { target, place });
      return;
    }
    let found = false;
    for (const position of game.positions({ variations })) {
      if (ply !== "all" && (position.ply !== ply || position.depth !== 0)) {
        continue;
      }
      give(position, { target, place });
      found = true;
    }
    if (!found && ply !== "all" && game.error === null) {
      target.diagnostics.say(
        `fen: ${
          place.errorPrefix(game.line, 1)
        }: no position at ply ${ply} (the game is shorter)\n`,
      );
    }
  }
}

function give(
  position: PgnPosition,
  { target, place }: { target: RecordTarget; place: GamePlace },
): void {
  place.ply = position.ply;
  target.ply(position, place);
}

/** One chunk of a stream; a failed read is the input's problem. */
async function read(source: Source, chunk: Uint8Array): Promise<number | null> {
  try {
    return await source.read(chunk);
  } catch (error) {
    throw new InputError(error);
  }
}
