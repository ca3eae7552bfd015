/// <reference lib="dom" />
// The board editor from the keyboard. With the board focused, the arrow
// keys move a cursor over the squares as the board is seen; Enter or Space
// places the palette's picked piece there, or else lifts the piece under
// the cursor and puts it down on the square chosen next; Delete removes the
// piece under the cursor, Escape lets go. What the cursor is on is said in
// a live region, for screen readers.

import { squareName } from "../../types.ts";
import type { BoardEditor, EditorHost } from "./_board.ts";

/** The words for a piece letter. */
const NAMES: Readonly<Record<string, string>> = {
  K: "white king",
  Q: "white queen",
  R: "white rook",
  B: "white bishop",
  N: "white knight",
  P: "white pawn",
  k: "black king",
  q: "black queen",
  r: "black rook",
  b: "black bishop",
  n: "black knight",
  p: "black pawn",
};

/** The screen steps of the arrow keys: rows, columns. */
const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The keyboard's hands on the board. */
export class BoardKeys {
  readonly #board: HTMLElement;
  readonly #status: HTMLElement;
  readonly #editor: BoardEditor;
  readonly #host: EditorHost;
  /** The square under the cursor (a8 = 0); e2 to begin with. */
  #cursor = 52;
  /** The square of a piece lifted by the keyboard, if any. */
  #held: number | null = null;

  constructor(
    elements: { board: HTMLElement; status: HTMLElement },
    editor: BoardEditor,
    host: EditorHost,
  ) {
    this.#board = elements.board;
    this.#status = elements.status;
    this.#editor = editor;
    this.#host = host;
    this.#board.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (this.#key(e.key)) e.preventDefault();
    });
    this.#board.addEventListener("focus", () => this.#say());
  }

  /** Draws the cursor over the board just drawn. */
  show(): void {
    const svg = this.#board.querySelector("svg");
    if (svg === null) return;
    const [vx, vy, vw, vh] = (svg.getAttribute("viewBox") ?? "").split(" ")
      .map(Number);
    const k = this.#host.flipped() ? 63 - this.#cursor : this.#cursor;
    const cursor = document.createElement("div");
    cursor.className = this.#held === null ? "cursor" : "cursor held";
    cursor.style.left = `${(((k & 7) - 0.5 - vx) / vw) * 100}%`;
    cursor.style.top = `${(((k >> 3) - 0.5 - vy) / vh) * 100}%`;
    cursor.style.width = `${100 / vw}%`;
    cursor.style.height = `${100 / vh}%`;
    this.#board.append(cursor);
  }

  /** Acts on a key; whether it was one of the board's. */
  #key(key: string): boolean {
    const squares = this.#host.squares();
    if (squares === null) return false;
    const step = STEPS[key];
    if (step !== undefined) {
      const flip = this.#host.flipped();
      const k = flip ? 63 - this.#cursor : this.#cursor;
      const row = Math.max(0, Math.min(7, (k >> 3) + step[0]));
      const col = Math.max(0, Math.min(7, (k & 7) + step[1]));
      this.#cursor = flip ? 63 - (row * 8 + col) : row * 8 + col;
    } else if (key === "Enter" || key === " ") {
      this.#use(squares);
    } else if (key === "Delete" || key === "Backspace") {
      const next = [...squares];
      next[this.#cursor] = null;
      this.#held = null;
      this.#host.commit(next);
    } else if (key === "Escape") {
      this.#held = null;
      this.#editor.pick(null);
    } else return false;
    this.#redraw();
    return true;
  }

  /** Enter or Space: place the picked piece, or lift or put down. */
  #use(squares: ReturnType<EditorHost["squares"]> & object): void {
    const at = this.#cursor;
    if (this.#editor.picked !== null) {
      this.#editor.place(at);
    } else if (this.#held === null) {
      if (squares[at] !== null) this.#held = at;
    } else {
      const from = this.#held;
      this.#held = null;
      if (from === at) return;
      const next = [...squares];
      next[at] = squares[from];
      next[from] = null;
      this.#host.commit(next);
    }
  }

  /** The cursor moved or the board changed: show and say it. */
  #redraw(): void {
    this.#board.querySelector(".cursor")?.remove();
    this.show();
    this.#say();
  }

  #say(): void {
    const squares = this.#host.squares();
    const piece = squares?.[this.#cursor] ?? null;
    let text = `${squareName(this.#cursor)}: ${
      piece === null ? "empty" : NAMES[piece]
    }`;
    if (this.#held !== null && squares?.[this.#held]) {
      text += `; holding the ${NAMES[squares[this.#held]!]} from ${
        squareName(this.#held)
      }`;
    }
    this.#status.textContent = text;
  }
}
