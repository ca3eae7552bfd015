// `e8(Q)`, a promotion some programs write as three tokens: the move, a
// `(` and the piece. The builder holds them back here until it knows
// whether they are one promotion or a move and a variation after it.

/** The tokens of an `e8(Q)` held back so far, and where they were. */
export class HeldPromotion {
  /** `e8`, `(`, `Q` seen so far: 0 to 3 tokens. */
  stage = 0;
  text = "";
  piece = "";
  line = 0;
  column = 0;
  /** Where the `(` is. */
  openLine = 0;
  openColumn = 0;

  /** Holds a pawn move to a back rank that names no piece. */
  hold(text: string, line: number, column: number): void {
    this.stage = 1;
    this.text = text;
    this.line = line;
    this.column = column;
  }

  /** Holds the `(` after it. */
  open(line: number, column: number): void {
    this.stage = 2;
    this.openLine = line;
    this.openColumn = column;
  }

  /** Holds the piece inside it. */
  name(piece: string): void {
    this.stage = 3;
    this.piece = piece;
  }

  /** The promotion in SAN, at the `)` that completes it; nothing is held after. */
  take(): string {
    this.stage = 0;
    return `${this.text}=${this.piece.toUpperCase()}`;
  }
}
