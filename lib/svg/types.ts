// The diagram's option types, below both the renderer (mod.ts re-exports
// them) and the option reader, so neither imports the other.

/** A diagram style: see {@linkcode SVG_STYLES}. */
export type SvgStyle = "classic" | "vector";

/** A piece set of the vector style: see {@linkcode PIECE_SETS}. */
export type PieceSet = "cburnett" | "dejavu";

/** A board theme's name: see {@linkcode BOARD_THEMES}. */
export type BoardTheme = "brown" | "blue" | "green" | "ic" | "pink" | "purple";

/** What surrounds the vector board: see {@linkcode FRAMES}. */
export type Frame = "none" | "thin" | "labels";

/** Where the vector style writes files and ranks: see {@linkcode COORDINATES}. */
export type Coordinates = "outside" | "inside" | "none";

/** A mark's color letter: green, red, yellow, blue (see {@linkcode MARK_COLORS}). */
export type ColorLetter = "G" | "R" | "Y" | "B";

/** A move-quality symbol, drawn as a badge: see {@linkcode MOVE_GLYPHS}. */
export type MoveGlyph = "!!" | "!" | "!?" | "?!" | "?" | "??";

/** A square to tint, with its own color. */
export interface SquareMark {
  /** The square, such as `"e4"`. */
  square: string;
  /** Its tint, {@linkcode RenderSvgOptions.highlightColor} unless given. */
  color?: string;
}

/** A move-quality badge in the corner of a square. */
export interface Badge {
  /** The square, such as `"e4"`: usually where the piece moved to. */
  square: string;
  /** The symbol. */
  glyph: MoveGlyph;
}

/** A move between two squares, such as `{ from: "e2", to: "e4" }`. */
export interface Move {
  /** The square the move starts from, such as `"e2"`. */
  from: string;
  /** The square the move ends on, such as `"e4"`. */
  to: string;
}

/** An arrow from one square's center to another's. */
export interface Arrow extends Move {
  /** Its color, {@linkcode RenderSvgOptions.arrowColor} unless given. */
  color?: string;
}

/**
 * Options for {@linkcode renderSvg}. Every color must pass
 * {@linkcode isCssColor}; squares are names such as `"e4"`; moves are
 * `"e2e4"` (a promotion letter may follow) or `{ from, to }`.
 */
export interface RenderSvgOptions {
  /** The drawing: `"classic"` (the default) or `"vector"`. */
  style?: SvgStyle;
  /**
   * Draw the file letters and rank digits around the board: the same as
   * `coordinates: "outside"`, the only way the classic style writes them.
   */
  labels?: boolean;
  /**
   * The squares' colors by name, lichess's board colors; `light` and `dark`
   * override it. The vector style's default is {@linkcode DEFAULT_THEME};
   * the classic style keeps {@linkcode DEFAULT_LIGHT} and
   * {@linkcode DEFAULT_DARK} unless a theme is given.
   */
  theme?: BoardTheme;
  /** The color of the light squares: from the theme unless given. */
  light?: string;
  /** The color of the dark squares: from the theme unless given. */
  dark?: string;
  /**
   * The piece set (vector style only): `"cburnett"` (the default, the
   * pieces of Wikipedia and lichess) or `"dejavu"` (DejaVu Sans's symbols).
   */
  pieces?: PieceSet;
  /**
   * Around the board (vector style only): `"none"` (the default unless the
   * coordinates are outside), `"thin"` (a border of a pixel or a few), or
   * `"labels"` (the classic black frame, where outside coordinates go).
   */
  frame?: Frame;
  /**
   * Files and ranks (vector style only): `"none"` (the default),
   * `"outside"` (in the frame, which it implies), or `"inside"` (small, in
   * the corners of the edge squares, as lichess draws them).
   */
  coordinates?: Coordinates;
  /** Draw the board from Black's side: h1 top left, labels and marks turned. */
  flip?: boolean;
  /** Width and height in pixels, {@linkcode DEFAULT_SIZE} unless given. */
  size?: number;
  /**
   * Squares to tint, such as `["e4", "d5"]`; a color letter may lead
   * (`"Re4"`, as lichess's `%csl` writes it), or give `{ square, color }`.
   */
  highlight?: readonly (string | SquareMark)[];
  /** The tint, {@linkcode DEFAULT_HIGHLIGHT_COLOR} unless given. */
  highlightColor?: string;
  /**
   * Tint the hill, d4 e4 d5 e5 (king of the hill's goal), as highlighted
   * squares in the highlight color, under those of `highlight`.
   */
  hill?: boolean;
  /**
   * Arrows over the pieces, such as `["g1f3"]`; a color letter may lead
   * (`"Rd1d8"`, as lichess's `%cal` writes it), or give `{ from, to, color }`.
   */
  arrows?: readonly (string | Arrow)[];
  /** The arrows' color, {@linkcode DEFAULT_ARROW_COLOR} unless given. */
  arrowColor?: string;
  /** The move that led here: both its squares are tinted. */
  lastMove?: string | Move;
  /** Its tint, {@linkcode DEFAULT_LAST_MOVE_COLOR} unless given. */
  lastMoveColor?: string;
  /**
   * Draw a disc under each king that the other side attacks. Defaults to
   * `false` in the classic style and `true` in the vector style. A square
   * (`"e1"`) marks the king on that square alone, in check or not, as
   * web-boardimage and lichess's GIF service take it; a square without a
   * king marks nothing.
   */
  check?: boolean | string;
  /** The disc's color, {@linkcode DEFAULT_CHECK_COLOR} unless given. */
  checkColor?: string;
  /**
   * A move-quality badge, such as `{ square: "e4", glyph: "?!" }`, in the
   * square's top right corner (vector style only).
   */
  badge?: Badge;
  /**
   * Mark the side to move (the position's `turn`) in the frame's corner on
   * its side, and name it in the text alternative. Defaults to `false`:
   * FEN text that is only a placement still parses with White to move, so
   * the caller says when the turn is real. Without a position (a bare
   * board) there is no marker.
   */
  sideToMove?: boolean;
  /**
   * Give the document `role="img"`, an `aria-label` and a `<title>` with
   * the FEN, and a `<desc>` listing the pieces and annotations in words.
   * Defaults to `false` in the classic style and `true` in the vector style.
   */
  accessible?: boolean;
}
