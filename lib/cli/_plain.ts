// The classic one-shot diagram, `fen [-n] [-l <color>] [-d <color>] FEN`,
// drawn with the FEN reader and the classic drawing alone. It only ever says
// yes with the document the general path would write; anything it does not
// handle, and every error, it leaves to the general path (null).

import { tryParseFen } from "../fen/mod.ts";
import { classicDocument } from "../svg/_classic.ts";
import { readOptions } from "../svg/_options.ts";
import type { RenderSvgOptions } from "../svg/_types.ts";
import { svgOptions } from "./diagram_options.ts";
import { type ParsedArgs, UsageError } from "./options.ts";

/** The options a plain diagram may have: the classic drawing's own. */
const PLAIN_OPTIONS: ReadonlySet<string> = new Set([
  "labels",
  "light",
  "dark",
  "flip",
  "size",
  "style",
]);

/**
 * The SVG document for a command line that asks for one classic diagram of
 * one valid record given as operands, or `null` for the general path.
 */
export function plainDiagram(args: ParsedArgs): string | null {
  for (const name of args.values.keys()) {
    if (!PLAIN_OPTIONS.has(name)) return null;
  }
  const operands = args.operands;
  // One record: a first operand with a "/", then its other fields (as the
  // general path's sources() joins them); "-" would be stdin.
  if (operands.length === 0 || !operands[0].includes("/")) return null;
  for (let i = 1; i < operands.length; i++) {
    if (operands[i] === "-" || operands[i].includes("/")) return null;
  }
  let options: RenderSvgOptions;
  try {
    options = svgOptions(args);
  } catch (error) {
    if (error instanceof UsageError) return null;
    throw error;
  }
  if (options.style === "vector") return null;
  const parsed = tryParseFen(operands.join(" "));
  if (!parsed.ok) return null;
  try {
    return classicDocument(parsed.position.board, readOptions(options));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
