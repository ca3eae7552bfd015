// The output formats as data: each format's name, help line and traits,
// in the order `--help` lists them. The option table (whose `--format`
// choices these names are), the one-shot path and the option checks read
// it without loading any writer; format_registry.ts gives each format its
// writer. Every test of what a format does goes through a trait here (or
// the libraries its registry entry needs), never through its name, so
// that a new format says what it is in its row (a test holds the rest of
// lib/cli to that).

/** What a format is, apart from how it writes. */
export interface FormatTraits {
  /** Its one help line. */
  readonly help: string;
  /** Whether it draws a board: `--flip` applies; a stream separates boards. */
  readonly draws: boolean;
  /** The file extension when it goes to `--out-dir` files (one per record). */
  readonly file?: "svg" | "png" | "gif";
  /**
   * Whether it reads a game's moves (SAN, comments, drawn shapes, the whole
   * game): `--from pgn` keeps them only then, else it walks the positions
   * as it reads.
   */
  readonly moves: boolean;
  /** An image, always the vector drawing (`--style classic` is refused). */
  readonly raster?: true;
  /**
   * It writes whole games: `--moves` makes the game they play, `--ply` and
   * `--variations` are refused, and its runs take no `--jobs` workers.
   */
  readonly games?: true;
  /** It animates a game: `--white`, `--black` and `--delay` apply. */
  readonly animates?: true;
  /**
   * One JSON object a line: the `--check` report, the diagnostics in the
   * stream and the JSON options (`--json-fields`, `--opening`) go with it.
   */
  readonly json?: true;
  /** It writes a record's fields: `--en-passant` applies. */
  readonly fields?: true;
  /**
   * The moves it writes in `--uci`/`--san`'s notation: the position's legal
   * moves, or those its EPD operations name.
   */
  readonly notation?: "legal" | "operations";
  /** It writes an empty square as the `--empty` mark. */
  readonly mark?: true;
  /** It writes the record in canonical form, whose changes `--explain` says. */
  readonly canonical?: true;
}

const TABLE = {
  svg: {
    help: "the diagram (the default)",
    draws: true,
    moves: true,
    file: "svg",
  },
  png: {
    help: "the diagram as a PNG image (always the vector style)",
    draws: true,
    moves: true,
    file: "png",
    raster: true,
  },
  board: {
    help: "8 lines of 8 characters, '.' for an empty square",
    draws: true,
    moves: false,
  },
  grid: {
    help: "like board, with the --empty mark (default *)",
    draws: true,
    moves: false,
    mark: true,
  },
  unicode: {
    help: "the board in chess symbols, for a terminal",
    draws: true,
    moves: false,
  },
  fen: {
    help: "the record in canonical form (missing fields filled in)",
    draws: false,
    moves: false,
    fields: true,
    canonical: true,
  },
  epd: {
    help: "the record as EPD: four fields and its operations",
    draws: false,
    moves: false,
    fields: true,
    notation: "operations",
  },
  json: {
    help: "the record as one line of JSON (see Records)",
    draws: false,
    moves: true,
    fields: true,
    json: true,
  },
  pgn: {
    help: "the game as PGN (--from pgn, --moves; else a game of no moves)",
    draws: false,
    moves: true,
    games: true,
  },
  gif: {
    help: "the diagram as a GIF; a game (--from pgn, --moves) animated",
    draws: true,
    moves: true,
    file: "gif",
    raster: true,
    games: true,
    animates: true,
  },
  // data and engine work (see docs/data.md)
  key: {
    help: "the Polyglot key: 16 hex digits",
    draws: false,
    moves: false,
    fields: true,
  },
  placement: {
    help: "the placement alone (the first field)",
    draws: false,
    moves: false,
  },
  moves: {
    help: "the legal moves on one line (UCI; --san for SAN)",
    draws: false,
    moves: false,
    notation: "legal",
  },
  opening: {
    help: "the opening's ECO code and name (- if none)",
    draws: false,
    moves: false,
  },
} as const satisfies Record<string, FormatTraits>;

/** The name of a format. */
export type FormatName = keyof typeof TABLE;

/** Every format, in the order `--help` lists them; `svg` is the default. */
export const FORMAT_TABLE: Readonly<Record<FormatName, FormatTraits>> = TABLE;

/** The formats of `--format`, in `--help` order. */
export const FORMAT_NAMES = Object.keys(TABLE) as readonly FormatName[];

/**
 * The formats that have a trait, as messages list them: `--format fen,
 * epd, json or key`.
 */
export function formatsWith(trait: keyof FormatTraits): string {
  const names = FORMAT_NAMES.filter((name) =>
    FORMAT_TABLE[name][trait] !== undefined &&
    FORMAT_TABLE[name][trait] !== false
  );
  const last = names.pop();
  return `--format ${names.length > 0 ? `${names.join(", ")} or ` : ""}${last}`;
}
