/// <reference lib="dom" />
// The game's move list beside the board, as lichess lays it out: a move
// number, White's move and Black's on a row, comments across the list, NAGs
// as their symbols. A click goes to a move; the arrow keys step. The list is
// built once per game; stepping only moves the highlight.

import type { PgnGame, PgnLine } from "../../pgn/mod.ts";
import { add } from "./_dom.ts";

/** The symbols of the common NAGs (the PGN standard's numbers). */
const NAG_SYMBOLS: Readonly<Record<number, string>> = {
  1: "!",
  2: "?",
  3: "!!",
  4: "??",
  5: "!?",
  6: "?!",
  7: "□",
  10: "=",
  13: "∞",
  14: "⩲",
  15: "⩱",
  16: "±",
  17: "∓",
  18: "+−",
  19: "−+",
  22: "⨀",
  23: "⨀",
  32: "⟳",
  33: "⟳",
  36: "→",
  37: "→",
  40: "↑",
  41: "↑",
  132: "⇆",
  133: "⇆",
  138: "⊕",
  139: "⊕",
  146: "N",
};

/** A NAG as its symbol, or `$n` when it has none here. */
export function nagSymbol(nag: number): string {
  return NAG_SYMBOLS[nag] ?? `$${nag}`;
}

/** A comment as shown: without its `[%...]` commands (clock, eval, shapes). */
function commentText(comment: string): string {
  return comment.replace(/\[%[^\]]*\]/g, "").replace(/\s+/g, " ").trim();
}

/**
 * A variation as text, its moves numbered from where it branches (shown,
 * not played: the board follows the main line).
 */
function lineText(
  line: PgnLine,
  from: { number: number; white: boolean },
): string {
  let { number, white } = from;
  const parts: string[] = [];
  line.moves.forEach((move, i) => {
    if (white) parts.push(`${number}.`);
    else if (i === 0) parts.push(`${number}...`);
    parts.push(move.san + move.nags.map(nagSymbol).join(""));
    if (!white) number++;
    white = !white;
  });
  return `(${parts.join(" ")})`;
}

/** The move list of one game at a time, in its element. */
export class MoveList {
  readonly #list: HTMLElement;
  #source: string | null = null;
  #plies = 0;
  #ply = 0;

  constructor(list: HTMLElement, go: (ply: number) => void) {
    this.#list = list;
    list.addEventListener("click", (e) => {
      const item = (e.target as Element).closest<HTMLElement>("[data-ply]");
      if (item !== null) go(Number(item.dataset.ply));
    });
    list.addEventListener("keydown", (e) => {
      const to = this.keyTarget(e.key);
      if (to === null) return;
      e.preventDefault();
      go(to);
    });
  }

  /** The ply a key leads to from the current one, or null for other keys. */
  keyTarget(key: string): number | null {
    const steps: Record<string, number> = {
      ArrowLeft: this.#ply - 1,
      ArrowUp: this.#ply - 1,
      ArrowRight: this.#ply + 1,
      ArrowDown: this.#ply + 1,
      Home: 0,
      End: this.#plies,
    };
    const to = steps[key];
    return to === undefined ? null : Math.max(0, Math.min(to, this.#plies));
  }

  /** Shows `game` (read from `source`) unless it is already shown. */
  show(game: PgnGame, source: string): void {
    if (this.#source === source) return;
    this.#source = source;
    const list = this.#list;
    list.replaceChildren();
    const start = add(list, "div", "start", "start");
    start.dataset.ply = "0";
    start.setAttribute("role", "option");
    for (const comment of game.mainline.comments) this.#comment(comment);
    let number = game.start.fullmoveNumber;
    let white = game.start.turn === "w";
    let open = false; // a row holds White's move and waits for Black's
    game.mainline.moves.forEach((move, i) => {
      if (white) add(list, "div", `${number}.`, "num");
      else if (!open) {
        add(list, "div", `${number}.`, "num");
        add(list, "div", "…", "none");
      }
      const item = add(list, "div", move.san, "move");
      item.dataset.ply = String(i + 1);
      item.setAttribute("role", "option");
      for (const nag of move.nags) add(item, "span", nagSymbol(nag), "nag");
      open = white;
      const notes = move.comments.map(commentText).filter((c) => c !== "");
      const lines = move.variations.map((line) =>
        lineText(line, { number, white })
      );
      if (notes.length + lines.length > 0 && open) {
        add(list, "div", "…", "none");
        open = false;
      }
      for (const note of notes) add(list, "div", note, "comment");
      for (const line of lines) add(list, "div", line, "comment variation");
      if (!white) number++;
      white = !white;
    });
    this.#plies = game.mainline.moves.length;
  }

  /** Forgets the game (the input is not one). */
  hide(): void {
    this.#source = null;
    this.#list.replaceChildren();
  }

  /** Highlights the move that led to `ply` (the start for 0). */
  mark(ply: number): void {
    this.#ply = ply;
    for (const item of this.#list.querySelectorAll<HTMLElement>("[data-ply]")) {
      const current = item.dataset.ply === String(ply);
      item.classList.toggle("current", current);
      item.setAttribute("aria-selected", String(current));
      if (current) {
        this.#list.setAttribute("aria-activedescendant", `ply-${ply}`);
        item.id = `ply-${ply}`;
        this.#reveal(item);
      }
    }
  }

  /** Scrolls the list (never the page) to show `item`. */
  #reveal(item: HTMLElement): void {
    const list = this.#list;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }

  #comment(comment: string): void {
    const text = commentText(comment);
    if (text !== "") add(this.#list, "div", text, "comment");
  }
}
