// Standard chess: the rules every other variant amends.

import { START, type VariantDescriptor } from "./descriptor.ts";
import { standardInsufficient } from "./_shared.ts";

/** Standard chess. */
export const CHESS: VariantDescriptor = {
  rules: "chess",
  tag: "Standard",
  aliases: ["chess", "classical", "normal", "illegal", "from position"],
  start: START,
  insufficient: standardInsufficient,
};
