/// <reference lib="dom" />
// The board editor's hands: pieces dragged on the board, from a palette
// and off the board, and click-to-place (a palette piece picked, then
// squares tapped). Pointer events only, so that a mouse, a pen and a finger
// take the one path. The editor changes a board and hands it to its host,
// which writes the FEN and redraws; it never draws the board itself.

import type { Piece } from "../../types.ts";
import type { PieceSet } from "../../svg/mod.ts";
import { readOptions } from "../../svg/options.ts";
import { vectorDocument } from "../../svg/vector.ts";

/** 64 squares, a8 to h1 in reading order. */
export type Squares = (Piece | null)[];

/** What a palette button holds: a piece, or the eraser. */
export type Tool = Piece | "trash";

/** What the editor needs from the page. */
export interface EditorHost {
  /** The board shown now, or null when nothing can be edited. */
  squares(): Squares | null;
  /** Whether the board is seen from Black's side. */
  flipped(): boolean;
  /** The piece set the board draws with. */
  pieceSet(): PieceSet;
  /** Draws a board for a moment (a piece lifted) without changing the FEN. */
  preview(squares: Squares): void;
  /** Takes the edited board: writes its FEN and redraws. */
  commit(squares: Squares): void;
}

/** A piece alone, drawn by the library's vector style, as a data: URL. */
export function pieceImage(piece: Piece, pieces: PieceSet): string {
  const squares: Squares = new Array(64).fill(null);
  squares[0] = piece;
  const drawing = readOptions({ style: "vector", size: 64, pieces });
  const svg = vectorDocument(
    squares,
    drawing,
    { open: ">\n", under: "", over: "" },
    { x: -0.5, y: -0.5, width: 1, height: 1, pixelWidth: 64, pixelHeight: 64 },
    { board: false, labels: false },
  );
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The square under a point of the page (its index, a8 = 0), or null off the
 * board. Read from the drawing's viewBox, in which a8's center is 0 0, so
 * that any frame or size the drawing has is taken into account.
 */
export function squareAt(
  svg: SVGSVGElement,
  point: { x: number; y: number; flip: boolean },
): number | null {
  const box = svg.getBoundingClientRect();
  const [vx, vy, vw, vh] = (svg.getAttribute("viewBox") ?? "").split(" ")
    .map(Number);
  const col = Math.floor(vx + (point.x - box.left) / box.width * vw + 0.5);
  const row = Math.floor(vy + (point.y - box.top) / box.height * vh + 0.5);
  if (!(col >= 0 && col < 8 && row >= 0 && row < 8)) return null;
  return point.flip ? 63 - (row * 8 + col) : row * 8 + col;
}

/** A piece on its way: from a square, or from the palette (null). */
interface Drag {
  piece: Piece;
  from: number | null;
  pointer: number;
  x: number;
  y: number;
  moved: boolean;
  ghost: HTMLImageElement;
  /** The board before the piece was lifted. */
  before: Squares;
}

/** How far a pointer goes before a press is a drag, in CSS pixels. */
const SLOP = 4;

/** The board editor over a board's element and its palettes. */
export class BoardEditor {
  readonly #host: EditorHost;
  readonly #board: HTMLElement;
  readonly #palettes: HTMLElement[];
  #drag: Drag | null = null;
  #picked: Tool | null = null;
  /** Set when a drag from a palette button ends, so its click is not a pick. */
  #dragged = false;

  constructor(
    host: EditorHost,
    elements: { board: HTMLElement; palettes: HTMLElement[] },
  ) {
    this.#host = host;
    this.#board = elements.board;
    this.#palettes = elements.palettes;
    this.#board.addEventListener("pointerdown", (e) => this.#pressBoard(e));
    for (const palette of this.#palettes) {
      palette.addEventListener("pointerdown", (e) => this.#pressPalette(e));
      palette.addEventListener("click", (e) => this.#clickPalette(e));
    }
    document.addEventListener("pointermove", (e) => this.#move(e));
    document.addEventListener("pointerup", (e) => this.#release(e));
    document.addEventListener("pointercancel", (e) => this.#cancel(e));
  }

  /** The tool picked for click-to-place, if any. */
  get picked(): Tool | null {
    return this.#picked;
  }

  /** Picks a tool for click-to-place, or none; the buttons show which. */
  pick(tool: Tool | null): void {
    this.#picked = tool;
    for (const palette of this.#palettes) {
      for (const button of palette.querySelectorAll("button")) {
        button.setAttribute(
          "aria-pressed",
          String(tool !== null && button.dataset.tool === tool),
        );
      }
    }
  }

  /** The picked tool applied to a square: a piece placed (or taken back). */
  place(square: number): void {
    const squares = this.#host.squares();
    if (squares === null || this.#picked === null) return;
    const next = [...squares];
    const tool = this.#picked;
    next[square] = tool === "trash" || next[square] === tool ? null : tool;
    this.#host.commit(next);
  }

  #svg(): SVGSVGElement | null {
    return this.#board.querySelector("svg");
  }

  #square(e: PointerEvent): number | null {
    const svg = this.#svg();
    if (svg === null) return null;
    return squareAt(svg, {
      x: e.clientX,
      y: e.clientY,
      flip: this.#host.flipped(),
    });
  }

  #pressBoard(e: PointerEvent): void {
    if (e.button !== 0 || this.#drag !== null) return;
    const squares = this.#host.squares();
    const square = this.#square(e);
    if (squares === null || square === null) return;
    e.preventDefault();
    if (this.#picked !== null) {
      this.place(square);
      return;
    }
    const piece = squares[square];
    if (piece === null) return;
    this.#lift({ piece, from: square, squares }, e);
  }

  #pressPalette(e: PointerEvent): void {
    const button = (e.target as Element).closest<HTMLElement>("button");
    const tool = button?.dataset.tool as Tool | undefined;
    const squares = this.#host.squares();
    if (e.button !== 0 || this.#drag !== null || tool === undefined) return;
    this.#dragged = false;
    if (tool === "trash" || squares === null) return;
    this.#lift({ piece: tool, from: null, squares }, e);
  }

  #clickPalette(e: MouseEvent): void {
    const button = (e.target as Element).closest<HTMLElement>("button");
    const tool = button?.dataset.tool as Tool | undefined;
    if (tool === undefined) return;
    if (this.#dragged) {
      this.#dragged = false;
      return;
    }
    this.pick(this.#picked === tool ? null : tool);
  }

  #lift(
    at: { piece: Piece; from: number | null; squares: Squares },
    e: PointerEvent,
  ): void {
    const ghost = document.createElement("img");
    ghost.className = "ghost";
    ghost.alt = "";
    ghost.src = pieceImage(at.piece, this.#host.pieceSet());
    const size = this.#board.getBoundingClientRect().width / 8;
    ghost.style.width = ghost.style.height = `${size}px`;
    ghost.hidden = true;
    document.body.append(ghost);
    this.#drag = {
      piece: at.piece,
      from: at.from,
      pointer: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      moved: false,
      ghost,
      before: at.squares,
    };
    (e.target as Element).setPointerCapture?.(e.pointerId);
    if (at.from !== null) {
      // The piece leaves its square as soon as it is held, as on lichess.
      const lifted = [...at.squares];
      lifted[at.from] = null;
      this.#host.preview(lifted);
    }
    this.#follow(e);
  }

  #follow(e: PointerEvent): void {
    const drag = this.#drag!;
    const size = parseFloat(drag.ghost.style.width);
    drag.ghost.style.transform = `translate(${e.clientX - size / 2}px, ${
      e.clientY - size / 2
    }px)`;
    drag.ghost.hidden = drag.from === null && !drag.moved;
  }

  #move(e: PointerEvent): void {
    const drag = this.#drag;
    if (drag === null || e.pointerId !== drag.pointer) return;
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > SLOP) {
      drag.moved = true;
    }
    this.#follow(e);
  }

  #release(e: PointerEvent): void {
    const drag = this.#drag;
    if (drag === null || e.pointerId !== drag.pointer) return;
    this.#end();
    const target = this.#square(e);
    if (drag.from === null) {
      this.#dragged = drag.moved;
      // A palette piece pressed and let go in place is a pick (its click).
      if (drag.moved && target !== null) this.#put(drag, target);
      return;
    }
    if (!drag.moved && target === drag.from) {
      this.#host.preview(drag.before);
      return;
    }
    this.#put(drag, target);
  }

  /** The piece put down on `target`, or taken off the board (null). */
  #put(drag: Drag, target: number | null): void {
    const next = [...drag.before];
    if (drag.from !== null) next[drag.from] = null;
    if (target !== null) next[target] = drag.piece;
    this.#host.commit(next);
  }

  #cancel(e: PointerEvent): void {
    const drag = this.#drag;
    if (drag === null || e.pointerId !== drag.pointer) return;
    this.#end();
    this.#host.preview(drag.before);
  }

  #end(): void {
    this.#drag?.ghost.remove();
    this.#drag = null;
  }
}

/** The palette's order, as on lichess: king first. */
const ROLES = ["k", "q", "r", "b", "n", "p"] as const;

/** An eraser: a cross, for tapping pieces off the board. */
const TRASH_ICON = '<svg viewBox="0 0 10 10" aria-hidden="true">' +
  '<path d="M2.5 2.5l5 5m0-5l-5 5" stroke-width="1" ' +
  'stroke-linecap="round" fill="none"/></svg>';

/** Fills a palette with one side's pieces and the eraser. */
export function fillPalette(
  palette: HTMLElement,
  side: "w" | "b",
  pieces: PieceSet,
): void {
  palette.replaceChildren();
  const names = {
    k: "king",
    q: "queen",
    r: "rook",
    b: "bishop",
    n: "knight",
    p: "pawn",
  };
  const color = side === "w" ? "white" : "black";
  for (const role of ROLES) {
    const piece = (side === "w" ? role.toUpperCase() : role) as Piece;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.tool = piece;
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", `${color} ${names[role]}`);
    const image = document.createElement("img");
    image.alt = "";
    image.draggable = false;
    image.src = pieceImage(piece, pieces);
    button.append(image);
    palette.append(button);
  }
  const trash = document.createElement("button");
  trash.type = "button";
  trash.dataset.tool = "trash";
  trash.setAttribute("aria-pressed", "false");
  trash.setAttribute("aria-label", "remove pieces");
  // A constant of this file: no input reaches it.
  trash.innerHTML = TRASH_ICON;
  palette.append(trash);
}
