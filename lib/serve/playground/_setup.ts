/// <reference lib="dom" />
// The editor's controls beside the board: side to move, castling rights
// and the en-passant square. They show the position read from the text and
// write the FEN back when changed; the text stays the one source.

import { stringifyFen } from "../../fen/mod.ts";
import type { Position, Side, Square } from "../../types.ts";
import { add, element } from "./_dom.ts";
import type { Squares } from "./_board.ts";

/** Each castling box: its letter, and the rook square standard chess names. */
export const CASTLING_BOXES: readonly (readonly [string, Square])[] = [
  ["K", "h1"],
  ["Q", "a1"],
  ["k", "h8"],
  ["q", "a8"],
];

/** The checkbox of a castling letter. */
function box(letter: string): HTMLInputElement {
  return element<HTMLInputElement>(`castle-${letter}`);
}

/** The en-passant choices for a side to move: none, or its target rank. */
function fillEnPassant(turn: Side, value: string): void {
  const select = element<HTMLSelectElement>("ep");
  const rank = turn === "w" ? "6" : "3";
  if (select.dataset.rank !== rank) {
    select.replaceChildren();
    add(select, "option", "none").setAttribute("value", "-");
    for (const file of "abcdefgh") {
      add(select, "option", file + rank).setAttribute("value", file + rank);
    }
    select.dataset.rank = rank;
  }
  select.value = value.endsWith(rank) ? value : "-";
}

/** Shows a position's side to move, castling rights and en-passant square. */
export function showSetup(position: Position): void {
  element<HTMLSelectElement>("turn").value = position.turn;
  for (const [letter, square] of CASTLING_BOXES) {
    box(letter).checked = position.castling.includes(square);
  }
  fillEnPassant(position.turn, position.enPassant ?? "-");
}

/**
 * The FEN of `squares` with the controls' side, castling and en-passant
 * square, and the counters of `position`. The castling letters are written
 * as ticked, whatever the board: the legality check then names a right
 * that the board does not allow, rather than the editor dropping it.
 */
export function setupFen(squares: Squares, position: Position): string {
  const turn = element<HTMLSelectElement>("turn").value as Side;
  fillEnPassant(turn, element<HTMLSelectElement>("ep").value);
  // A crazyhouse position's pockets ride with the placement, three-check's
  // counters after the clocks: the edit keeps them (promoted marks go, the
  // squares they named being edited).
  const { pockets, remainingChecks } = position;
  const fields = stringifyFen({
    board: squares,
    turn,
    castling: [],
    enPassant: null,
    halfmoveClock: 0,
    fullmoveNumber: 1,
    ...(pockets === undefined ? {} : { pockets, promoted: [] }),
    ...(remainingChecks === undefined ? {} : { remainingChecks }),
  }).split(" ");
  const placement = fields[0];
  const castling = CASTLING_BOXES.filter(([letter]) => box(letter).checked)
    .map(([letter]) => letter).join("") || "-";
  return [
    placement,
    turn,
    castling,
    element<HTMLSelectElement>("ep").value,
    position.halfmoveClock,
    position.fullmoveNumber,
    ...fields.slice(6),
  ].join(" ");
}

/** The controls that change the setup, by id. */
export const SETUP_CONTROLS: readonly string[] = [
  "turn",
  "ep",
  ...CASTLING_BOXES.map(([letter]) => `castle-${letter}`),
];
