// Games as a source of records (`--from pgn`): a PGN stream read in chunks,
// and the positions `--ply` asks for handed to the pipeline as they are, the
// board itself, with no FEN text made or read in between. When the format
// reads the games' moves, one PgnReader makes each game and it is walked
// once; otherwise one PgnWalker hands on the positions as it reads, each
// move played once and no game kept.

import type { PgnGame, PgnPosition, PgnVisitor } from "../pgn/mod.ts";
import { PgnReader, PgnWalker } from "../pgn/mod.ts";
import type { CliIo, Source } from "../program/io.ts";
import type { Output } from "./io.ts";
import { InputError } from "../program/io.ts";
import { type NotText, SniffedSource } from "../program/sniff.ts";
import { Signals } from "../program/signals.ts";
import type { RecordSource, RecordTarget } from "./pipeline.ts";
import { notText } from "./source_text.ts";
import { GamePlace } from "./where.ts";
import type { StreamMeter } from "../program/progress.ts";
import { GameMatch, type PositionMatch } from "../match/mod.ts";
import { unkeyedReason, UnkeyedVariantError } from "../data/polyglot/rules.ts";
import { UsageError } from "../program/usage_error.ts";
import type { Rules } from "../types.ts";

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
  /** `--match` on games: only games reaching a matching position are given. */
  match?: PositionMatch | null;
  /** Sees every position of a game in order (a game's opening), or `null`. */
  line: { see(position: PgnPosition): void } | null;
  io: CliIo;
  out: Output;
  /**
   * Part of a stream (`--jobs`): the lines and games before it, and whether
   * it continues the stream (its start is not the stream's).
   */
  part?: { lines: number; games: number; continued: boolean };
  /** `--shard I/N` by record: the games kept. */
  shard?: { index: number; count: number } | null;
  /** The rules of games without a Variant tag (`--variant`). */
  rules?: Rules;
  /**
   * The option that keys positions (`--format key`, `--unique`), refused
   * for a game under rules with no Polyglot key, or `null`.
   */
  keyed?: string | null;
  /** Filled at the end: the games the reader read. */
  report?: { games: number };
  /** The progress line's counts: told where this stream's game count is. */
  meter?: StreamMeter | null;
}

/** A PGN stream (stdin, a file) or text (operands) as records. */
export class PgnSource implements RecordSource {
  readonly #input: Source | string;
  readonly #parts: PgnParts;
  /** What reads the stream, kept while the source is (see partConverter). */
  #reading: GameInput | null = null;

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
    this.#parts.meter?.begin(() => place.read);
    try {
      await this.#feed(target, place);
    } finally {
      if (this.#parts.report) this.#parts.report.games = place.read;
      this.#parts.meter?.end();
    }
  }

  async #feed(target: RecordTarget, place: GamePlace): Promise<void> {
    const { label, io, out } = this.#parts;
    const reader = this.#reading = this.#reader({ target, place });
    const input = this.#input;
    if (typeof input === "string") {
      reader.push(input);
      return reader.end();
    }
    // A part of a stream (`--jobs`) after the first is its middle: nothing
    // to sniff, and nothing held back at its end, as one process's sniffer
    // holds back nothing once past the stream's start.
    const sniffed = new SniffedSource(input, {
      continued: this.#parts.part?.continued === true,
    });
    const chunk = new Uint8Array(1 << 16);
    const signals = new Signals(io);
    try {
      out.flush(); // nothing held back while input waits
      let refused: NotText | null = null;
      await signals.race(
        sniffed.open().then((why) => {
          refused = why;
          return true;
        }),
      );
      if (signals.code !== null) {
        return target.diagnostics.interrupted(signals.code);
      }
      if (refused !== null) {
        return notText(refused, {
          name: label || "stdin",
          diagnostics: target.diagnostics,
        });
      }
      for (;;) {
        out.flush(); // nothing held back while input waits
        let n: number | null = null;
        const more = await signals.race(
          read(sniffed, chunk).then((got) => {
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
    const binary = sniffed.binary;
    if (binary !== null) {
      notText(binary, {
        name: label || "stdin",
        diagnostics: target.diagnostics,
      });
    }
  }

  /** What reads the stream: a reader of games, or a walker of positions. */
  #reader(
    { target, place }: { target: RecordTarget; place: GamePlace },
  ): GameInput {
    const { strict, moves, select } = this.#parts;
    const rules = this.#parts.rules ?? "chess";
    const options = strict ? { strict, rules } : { rules };
    const keyed = this.#parts.keyed ?? null;
    if (!moves) {
      const match = this.#parts.match ?? null;
      const visitor = new PlyVisitor(select, {
        target,
        place,
        line: this.#parts.line,
        games: match === null ? null : new GameMatch(match),
        keyed,
      });
      const shard = place.shard;
      return new PgnWalker(visitor, {
        ...options,
        variations: select.variations && select.ply === "all",
        // `--shard` by record: the games of other parts are not played
        ...(shard === null ? {} : {
          plays: (game: number) =>
            (game + place.gameOffset - 1) % shard.count === shard.index - 1,
        }),
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
      for (const warning of game.warnings) {
        target.diagnostics.gameWarning(warning, place);
      }
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
    const keyed = this.#parts.keyed ?? null;
    if (ply === "last") {
      // A game that stops at an error has no last position to give.
      if (game.error !== null) return;
      const match = this.#parts.match ?? null;
      const games = match === null ? null : new GameMatch(match);
      let last: PgnPosition | null = null;
      for (const position of game.cursor()) {
        this.#parts.line?.see(position);
        games?.position(position.view());
        last = position;
      }
      if (last !== null && (games === null || games.matched)) {
        give(last, { target, place, keyed });
      }
      return;
    }
    let found = false;
    for (const position of game.cursor({ variations })) {
      this.#parts.line?.see(position);
      if (ply !== "all" && (position.ply !== ply || position.depth !== 0)) {
        continue;
      }
      give(position, { target, place, keyed });
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
  readonly #line: PgnParts["line"];
  /** The option that keys positions, or null (see PgnParts). */
  readonly #keyed: string | null;
  /** Whether the game's position at the asked ply was given. */
  #found = false;
  /** `--match` on games, or null. */
  readonly #games: GameMatch | null;

  constructor(
    select: PlySelection,
    { target, place, line, games, keyed }: {
      target: RecordTarget;
      place: GamePlace;
      line: PgnParts["line"];
      games: GameMatch | null;
      keyed: string | null;
    },
  ) {
    this.#select = select;
    this.#target = target;
    this.#place = place;
    this.#line = line;
    this.#keyed = keyed;
    this.#games = games;
  }

  position(position: PgnPosition): void {
    this.#line?.see(position);
    const ply = this.#select.ply;
    if (ply === "last") {
      const games = this.#games;
      if (games !== null && position.depth === 0) {
        if (position.ply === 0) games.start();
        games.position(position.view());
      }
      return;
    }
    if (ply !== "all" && (position.ply !== ply || position.depth !== 0)) {
      return;
    }
    const { game } = position, place = this.#place;
    place.game(game);
    if (!place.kept()) return;
    give(position, { target: this.#target, place, keyed: this.#keyed });
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
    for (const warning of game.warnings) {
      target.diagnostics.gameWarning(warning, place);
    }
    if (game.error !== null) {
      target.diagnostics.badGame(game.error, place);
    } else if (ply === "last") {
      const matched = this.#games === null || this.#games.matched;
      if (last !== null && matched) {
        give(last, { target, place, keyed: this.#keyed });
      }
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
  { target, place, keyed }: {
    target: RecordTarget;
    place: GamePlace;
    keyed: string | null;
  },
): void {
  if (keyed !== null) refuseUnkeyed(position.game, { keyed, place });
  place.ply = position.ply;
  target.ply(position, place);
}

/**
 * Stops the run when positions of a game under rules with no Polyglot key
 * (crazyhouse, atomic, ...) would be keyed: a usage error, as `--variant`
 * with the same option is.
 */
function refuseUnkeyed(
  game: PgnGame,
  { keyed, place }: { keyed: string; place: GamePlace },
): void {
  if (unkeyedReason(game.rules) === null) return;
  const where = `${place.errorPrefix(game.line, 1)} `;
  throw new UsageError(
    `${keyed}: ${new UnkeyedVariantError(game.rules, where).message}`,
  );
}

/** One chunk of a stream; a failed read is the input's problem. */
async function read(source: Source, chunk: Uint8Array): Promise<number | null> {
  try {
    return await source.read(chunk);
  } catch (error) {
    throw new InputError(error);
  }
}
