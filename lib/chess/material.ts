// Whether neither side can win by any play ("insufficient material"), per
// rules: standard chess's as chessops and lichess rule it, and each
// variant's as python-chess's variant boards do (`has_insufficient_material`
// for both colours), each written in its variant's descriptor
// (`variants/`).

import type { Rules } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { variantIndex } from "./variant.ts";
import { DESCRIPTORS } from "./variants/mod.ts";

/** Whether neither side of the loaded board `b` can win under `rules`. */
export function insufficientMaterial(b: ChessBoard, rules: Rules): boolean {
  const insufficient = DESCRIPTORS[variantIndex(rules)].insufficient;
  return insufficient(b, 0) && insufficient(b, 1);
}
