// The diagram's option types, below both the renderer (mod.ts re-exports
// them) and the option reader, so neither imports the other.

/** A diagram style: see {@linkcode SVG_STYLES}. */
export type SvgStyle = "classic" | "vector";

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
  /** Draw the file letters and rank digits around the board. */
  labels?: boolean;
  /** The color of the light squares, {@linkcode DEFAULT_LIGHT} unless given. */
  light?: string;
  /** The color of the dark squares, {@linkcode DEFAULT_DARK} unless given. */
  dark?: string;
  /** Draw the board from Black's side: h1 top left, labels and marks turned. */
  flip?: boolean;
  /** Width and height in pixels, {@linkcode DEFAULT_SIZE} unless given. */
  size?: number;
  /** Squares to tint, such as `["e4", "d5"]`. */
  highlight?: readonly string[];
  /** The tint, {@linkcode DEFAULT_HIGHLIGHT_COLOR} unless given. */
  highlightColor?: string;
  /** Arrows over the pieces, such as `["g1f3"]`. */
  arrows?: readonly (string | Arrow)[];
  /** The arrows' color, {@linkcode DEFAULT_ARROW_COLOR} unless given. */
  arrowColor?: string;
  /** The move that led here: both its squares are tinted. */
  lastMove?: string | Move;
  /** Its tint, {@linkcode DEFAULT_LAST_MOVE_COLOR} unless given. */
  lastMoveColor?: string;
  /**
   * Draw a disc under each king that the other side attacks. Defaults to
   * `false` in the classic style and `true` in the vector style.
   */
  check?: boolean;
  /** The disc's color, {@linkcode DEFAULT_CHECK_COLOR} unless given. */
  checkColor?: string;
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
