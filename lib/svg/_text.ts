// The text alternative of a diagram: an accessible name (the FEN, and the
// side to move when it is known) and a description listing every piece and
// annotation in words, for screen readers and for search.

import { stringifyFen } from "../fen/mod.ts";
import type { ReadBoard } from "../_board.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import {
  type Piece,
  PIECES,
  type Position,
  ROLE_NAMES,
  type Side,
  sideName,
} from "../types.ts";
import type { Drawing } from "./options.ts";
import { describeBeside } from "./pockets.ts";

/** The accessible name and description, ready for the document. */
export interface TextAlternative {
  label: string;
  description: string;
}

/** Builds the name and the description. */
export function textAlternative(
  input: ReadBoard,
  drawing: Drawing,
  checked: number[],
): TextAlternative {
  // The side to move is part of the position's name whenever it is known.
  const turn = input.position !== null ? input.position.turn : null;
  const fen = turn === null
    ? placement(input.board)
    : stringifyFen(input.position as Position);
  const label = `Chess diagram: ${fen}` +
    (turn === null ? "" : `, ${sideName(turn)} to move`) +
    (drawing.flip ? ", seen from Black's side" : "");
  const parts = [side(input.board, "w"), side(input.board, "b")];
  if (input.position !== null) parts.push(...describeBeside(input.position));
  const move = (from: number, to: number) =>
    `${SQUARE_NAMES[from]} to ${SQUARE_NAMES[to]}`;
  if (drawing.lastMove.length > 0) {
    parts.push(`Last move ${move(drawing.lastMove[0], drawing.lastMove[1])}.`);
  }
  if (drawing.highlight.length > 0) {
    parts.push(
      `Highlighted: ${
        drawing.highlight.map((h) => SQUARE_NAMES[h.square]).join(", ")
      }.`,
    );
  }
  if (drawing.arrows.length > 0) {
    const list = drawing.arrows.map((a) => move(a.from, a.to)).join(", ");
    parts.push(`${drawing.arrows.length > 1 ? "Arrows" : "Arrow"} ${list}.`);
  }
  for (const k of checked) {
    const color = sideName(input.board[k] === "K" ? "w" : "b");
    parts.push(
      `The ${color.toLowerCase()} king on ${SQUARE_NAMES[k]} is in check.`,
    );
  }
  return { label: escapeXml(label), description: escapeXml(parts.join(" ")) };
}

/** The placement field of a bare board, through the one FEN writer. */
function placement(board: readonly (Piece | null)[]): string {
  const fen = stringifyFen({
    board: [...board],
    turn: "w",
    castling: [],
    enPassant: null,
    halfmoveClock: 0,
    fullmoveNumber: 1,
  });
  return fen.slice(0, fen.indexOf(" "));
}

/** "White: king e1, rooks a1, h1." with the squares in a1-to-h8 order. */
function side(board: readonly (Piece | null)[], turn: Side): string {
  const groups: string[] = [];
  for (let role = 0; role < ROLE_NAMES.length; role++) {
    const piece = PIECES[turn === "w" ? role : role + 6];
    const squares = SQUARE_NAMES.filter((_, k) => board[k] === piece).sort();
    if (squares.length === 0) continue;
    const name = ROLE_NAMES[role];
    groups.push(
      `${name}${squares.length > 1 ? "s" : ""} ${squares.join(", ")}`,
    );
  }
  return `${sideName(turn)}: ${
    groups.length > 0 ? groups.join("; ") : "no pieces"
  }.`;
}

/** Escapes the five XML special characters (a FEN has none, but be sure). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
