// Games as a source of records (`--from pgn`): a PGN stream read in chunks,
// and the positions `--ply` asks for handed to the pipeline as they are, the
// board itself, with no FEN text made or read in between. When the format
// reads the games' moves, one PgnReader makes each game and it is walked
// once; otherwise one PgnWalker hands on the positions as it reads, each
// move played once and no game kept.

import type { PgnGame, PgnPosition, PgnVisitor } from "../pgn/mod.ts";
import { PgnReader, PgnWalker } from "../pgn/mod.ts";
import { type CliIo, InputError, type Output, type Source } from "./_io.ts";
import { Signals } from "./_signals.ts";
import { textOf } from "./_compression.ts";
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
  /** Whether the format reads the games' moves (else they are not kept). */
  moves: boolean;
  io: CliIo;
  out: Output;
  /** Part of a stream (`--jobs`): the lines and games before it. */
  part?: { lines: number; games: number };
  /** `--shard I/N` by record: the games kept. */
  shard?: { index: number; count: number } | null;
  /** Filled at the end: the games the reader read. */
  report?: { games: number };
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
    const { label, file } = this.#parts;
    const place = new GamePlace(label, file);
    place.lineOffset = this.#parts.part?.lines ?? 0;
    place.gameOffset = this.#parts.part?.games ?? 0;
    place.shard = this.#parts.shard ?? null;
    try {
      await this.#feed(target, place);
    } finally {
      if (this.#parts.report) this.#parts.report.games = place.read;
    }
  }

  async #feed(target: RecordTarget, place: GamePlace): Promise<void> {
    const { label, io, out } = this.#parts;
    const reader = this.#reader({ target, place });
    const input = this.#input;
    if (typeof input === "string") {
      reader.push(input);
      return reader.end();
    }
    const text = await textOf(input, {
      name: label || "stdin",
      diagnostics: target.diagnostics,
    });
    if (text === null) return;
    const chunk = new Uint8Array(1 << 16);
    const signals = new Signals(io);
    try {
      for (;;) {
        out.flush(); // nothing held back while input waits
        let n: number | null = null;
        const more = await signals.race(
          read(text, chunk).then((got) => {
            n = got;
            return got !== null && got > 0;
          }),
        );
        if (signals.code !== null) {
          return target.diagnostics.interrupted(signals.code);
        }
        if (!more) break;
        reader.push(chunk.subarray(0, n!));
        if (target.diagnostics.stopped) return;
      }
    } finally {
      signals.close();
    }
    reader.end();
  }

  /** What reads the stream: a reader of games, or a walker of positions. */
  #reader(
    { target, place }: { target: RecordTarget; place: GamePlace },
  ): GameInput {
    const { strict, moves, select } = this.#parts;
    const options = strict ? { strict } : {};
    if (!moves) {
      const visitor = new PlyVisitor(select, { target, place });
      return new PgnWalker(visitor, {
        ...options,
        variations: select.variations && select.ply === "all",
      });
    }
    const reader = new PgnReader(options);
    return {
      push: (chunk) => this.#games(reader.push(chunk), { target, place }),
      end: () => this.#games(reader.end(), { target, place }),
    };
  }

  #games(
    games: PgnGame[],
    { target, place }: { target: RecordTarget; place: GamePlace },
  ): void {
    for (const game of games) {
      if (target.diagnostics.stopped) return;
      place.game(game);
      if (!place.kept()) continue;
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

/** A stream read by a reader or a walker. */
interface GameInput {
  push(chunk: string | Uint8Array): void;
  end(): void;
}

/**
 * The positions `--ply` selects, handed to the pipeline as a walker reads
 * them: what `PgnSource` does with a game's positions, one at a time.
 */
class PlyVisitor implements PgnVisitor {
  readonly #select: PlySelection;
  readonly #target: RecordTarget;
  readonly #place: GamePlace;
  /** Whether the game's position at the asked ply was given. */
  #found = false;

  constructor(
    select: PlySelection,
    { target, place }: { target: RecordTarget; place: GamePlace },
  ) {
    this.#select = select;
    this.#target = target;
    this.#place = place;
  }

  position(position: PgnPosition): void {
    const ply = this.#select.ply;
    if (ply === "last") return;
    if (ply !== "all" && (position.ply !== ply || position.depth !== 0)) {
      return;
    }
    const { game } = position, place = this.#place;
    place.game(game);
    if (!place.kept()) return;
    give(position, { target: this.#target, place });
    this.#found = true;
  }

  end(game: PgnGame, last: PgnPosition | null): void {
    const target = this.#target, place = this.#place;
    const found = this.#found;
    this.#found = false;
    if (target.diagnostics.stopped) return;
    place.game(game);
    if (!place.kept()) return;
    const ply = this.#select.ply;
    if (game.error !== null) {
      target.diagnostics.badGame(game.error, place);
    } else if (ply === "last") {
      if (last !== null) give(last, { target, place });
    } else if (ply !== "all" && !found) {
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
