// Chess960 (Fischer random): standard chess's moves from any back-rank
// setup, castling with the rooks the rights name (the castling code reads
// the rights' files, so no flag sets it apart).

import { START, type VariantDescriptor } from "./descriptor.ts";
import { standardInsufficient } from "./_shared.ts";

/** Chess960. */
export const CHESS960: VariantDescriptor = {
  rules: "chess960",
  tag: "Chess960",
  aliases: [
    "chess 960",
    "960",
    "fischerandom",
    "fischerrandom",
    "fischer random",
    "fischer random chess",
  ],
  start: START,
  insufficient: standardInsufficient,
};
