// A variant's rows beside the board (crazyhouse's pockets, three-check's
// counters) for the sprite renderers. They are cut from the very drawing
// the SVG and the whole-rasterized PNG put beside the board
// (../svg/pockets.ts): one row's strip of that document, rasterized once
// per state of the row (its side's pocket and checks) and mapped to the
// look's palette. A GIF has no partial transparency and cannot make a
// pixel transparent again, so the rows stand on an opaque ground: white,
// as the PNG's rows look on a white page.

import type { Board } from "../_board.ts";
import { parseFen } from "../fen/mod.ts";
import { INITIAL_FEN, type Pocket, type Position } from "../types.ts";
import type { Drawing } from "../svg/options.ts";
import { type Strips, vectorBeside } from "../svg/pockets.ts";
import { boardView, vectorDocument } from "../svg/vector.ts";
import type { SvgToPixels } from "./resvg_wasm.js";

/** The rows' ground. */
const GROUND = "#fff";

/**
 * The most row pictures a look keeps: a game has a few dozen pocket
 * states a side, and a server's look lives across many games.
 */
const MAX_KEPT = 128;

/** The pieces a pocket holds, in a row's key. */
const HAND = ["p", "n", "b", "r", "q"] as const;

/** Which rows. */
export type Row = "top" | "bottom";

/**
 * What a frame's rows show beside the board, as a look's key: `null` for
 * none, else which of pockets and counters (the palette holds their
 * colors, and every frame of an animation has the same).
 */
export function rowKinds(strips: Strips | null): string | null {
  if (strips === null) return null;
  const { pockets, remainingChecks } = strips.position;
  return [
    pockets === undefined ? "" : "pockets",
    remainingChecks === undefined ? "" : "checks",
  ].filter((kind) => kind !== "").join("+");
}

/** The rows' height in pixels for a drawing: one square's, whole. */
export function rowHeight(drawing: Drawing, strips: Strips): number {
  return vectorBeside(strips, drawing).grow.pixels;
}

/** One row's document: the board's width, the row's height, its ground. */
function rowDocument(strips: Strips, drawing: Drawing, row: Row): string {
  // The row alone: resvg fails on a translucent piece out of the view.
  const beside = vectorBeside(strips, drawing, row);
  const view = boardView(drawing);
  const { units, pixels } = beside.grow;
  const y = row === "top" ? view.y - units : view.y + view.height;
  // Larger than the view by a square each way: no edge left uncovered by
  // the rounding of the rectangle's numbers.
  const ground = `<rect x="${view.x - 1}" y="${y - 1}" width="${
    view.width + 2
  }" height="${units + 2}" fill="${GROUND}"/>\n`;
  const empty: Board = new Array(64).fill(null);
  return vectorDocument(
    empty,
    { ...drawing, badge: null },
    {
      open: ">\n",
      under: ground,
      over: "",
      // Drawn in the view given, which the rows do not widen.
      beside: { ...beside, grow: { pixels: 0, units: 0 } },
    },
    {
      x: view.x,
      y,
      width: view.width,
      height: units,
      pixelWidth: view.pixelWidth,
      pixelHeight: pixels,
    },
    { board: false, labels: false },
  );
}

/**
 * Rows for the palette's samples: every pocket piece held and not, on both
 * sides, with counts of one and two digits, and the counters.
 */
export function rowSamples(
  drawing: Drawing,
  kinds: string,
  raster: SvgToPixels,
): Uint8Array[] {
  const start: Position = parseFen(INITIAL_FEN);
  const held: Pocket = { p: 1, n: 2, b: 3, r: 10, q: 16, k: 0 };
  const none: Pocket = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
  const samples: Position[] = [];
  for (const [w, b] of [[held, none], [none, held]]) {
    samples.push({
      ...start,
      ...(kinds.includes("pockets") ? { pockets: { w, b } } : {}),
      ...(kinds.includes("checks") ? { remainingChecks: { w: 1, b: 3 } } : {}),
    });
  }
  return samples.flatMap((position) => {
    const strips: Strips = { top: "b", bottom: "w", position };
    return (["top", "bottom"] as const).map((row) =>
      raster(rowDocument(strips, drawing, row)).pixels
    );
  });
}

/** A look's rows as palette indices, drawn once per state of a row. */
export class RowSprites {
  readonly #drawing: Drawing;
  readonly #raster: SvgToPixels;
  readonly #indices: (rgba: Uint8Array) => Uint8Array;
  readonly #kept = new Map<string, Uint8Array>();

  constructor(
    drawing: Drawing,
    tools: { raster: SvgToPixels; indices: (rgba: Uint8Array) => Uint8Array },
  ) {
    this.#drawing = drawing;
    this.#raster = tools.raster;
    this.#indices = tools.indices;
  }

  /**
   * A row of a frame, the board's width and one square high: the same
   * array for the same state, so that a caller can tell it unchanged.
   */
  row(strips: Strips, row: Row): Uint8Array {
    const side = strips[row];
    const { pockets, remainingChecks } = strips.position;
    const pocket = pockets?.[side];
    const key = `${row}|${
      pocket === undefined ? "" : HAND.map((letter) => pocket[letter]).join()
    }|${remainingChecks?.[side] ?? ""}`;
    let pixels = this.#kept.get(key);
    if (pixels === undefined) {
      if (this.#kept.size >= MAX_KEPT) this.#kept.clear();
      pixels = this.#indices(
        this.#raster(rowDocument(strips, this.#drawing, row)).pixels,
      );
      this.#kept.set(key, pixels);
    }
    return pixels;
  }
}
