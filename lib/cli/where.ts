// Where a record came from, for messages and file names: an operand, or a
// line of a stream (one object for all of a stream's lines).

/** Where a record came from, for messages and file names. */
export interface Where {
  /** The line (streams) or record (operands) number. */
  number: number;
  /** `line 7: `, `games.fen:7: `, `record 2: ` or "" for a lone operand. */
  prefix: string;
  /** Whether the record came from a stream. */
  stream: boolean;
  /** The file it came from as given to `--input`, or "" (stdin, operands). */
  file: string;
  /** `file` as a JSON string, made once per stream (JSON writes it a record). */
  fileJson?: string;
  /** For a game's position: its ply (`number` is then the game's number). */
  ply?: number;
  /** For a game's position: the line the game starts on. */
  line?: number;
}

/** `line 7: ` or `games.fen:7: `: where a stream's line is, in messages. */
export function linePrefix(label: string, n: number): string {
  return label === "" ? `line ${n}: ` : `${label}:${n}: `;
}

/** What the places of a stream's records share: its name and its file. */
abstract class StreamNamed {
  readonly stream = true;
  readonly file: string;
  readonly fileJson: string;
  /** The stream's name in messages (escaped), "" for stdin. */
  protected readonly label: string;

  /**
   * @param label The stream's name in messages (escaped), "" for stdin.
   * @param file The file as given to `--input`, "" for stdin.
   */
  constructor(label: string, file: string) {
    this.label = label;
    this.file = file;
    this.fileJson = JSON.stringify(file);
  }
}

/**
 * The place of a stream's current line, one object for every line: its
 * prefix is built only for a message (a string and an object per record
 * were most of what a batch allocated).
 */
export class StreamPlace extends StreamNamed implements Where {
  number = 0;

  /** Where line `n` of this stream is, as a separate object. */
  at(n: number): Where {
    return {
      number: n,
      prefix: linePrefix(this.label, n),
      stream: true,
      file: this.file,
    };
  }

  get prefix(): string {
    return linePrefix(this.label, this.number);
  }
}

/**
 * The place of a game's position (PGN input), one object for a whole
 * stream: the game's number, the ply, and the line the game starts on.
 */
export class GamePlace extends StreamNamed implements Where {
  number = 0;
  ply = 0;
  line = 0;
  /** For part of a stream (`--jobs`): the lines and games before it. */
  lineOffset = 0;
  gameOffset = 0;
  /** The last game's number as the reader numbers it: games read. */
  read = 0;
  /** `--shard I/N` by record: the games kept are those whose number is I modulo N. */
  shard: { index: number; count: number } | null = null;

  /** Moves to a game as the reader numbers it (from the part's start). */
  game(game: { number: number; line: number }): void {
    this.number = game.number + this.gameOffset;
    this.line = game.line + this.lineOffset;
    this.read = game.number;
  }

  /** Whether the current game is in the part `--shard` keeps. */
  kept(): boolean {
    const shard = this.shard;
    return shard === null ||
      (this.number - 1) % shard.count === shard.index - 1;
  }

  /** `games.pgn: game 3, ply 12: ` (`game 3, ply 12: ` for stdin). */
  get prefix(): string {
    return `${
      this.label === "" ? "" : `${this.label}: `
    }game ${this.number}, ply ${this.ply}: `;
  }

  /** Where a game's error is (`line` as the reader numbers it): `games.pgn:1042:17: game 31, `. */
  errorPrefix(line: number, column: number): string {
    return `${this.label || "stdin"}:${
      line + this.lineOffset
    }:${column}: game ${this.number}`;
  }
}
