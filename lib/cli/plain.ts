// The classic one-shot diagram, `fen [-n] [-l <color>] [-d <color>] FEN`,
// drawn with the FEN reader and the classic drawing alone. It only ever says
// yes with the document the general path would write; anything it does not
// handle, and every error, it leaves to the general path (null).

import { tryParseFen } from "../fen/mod.ts";
import { classicDocument } from "../svg/classic.ts";
import { readOptions } from "../svg/options.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import { svgOptions } from "./option_settings_diagram.ts";
import { OPTION_SPECS, type ParsedArgs } from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { groupOperands } from "../program/operands.ts";

/** The options a plain diagram may have: the classic drawing's own. */
const ONE_SHOT: ReadonlySet<string> = new Set(
  OPTION_SPECS.filter((o) => o.oneShot).map((o) => o.name),
);

/**
 * Whether a command line is the classic script's, `fen [-n] [-l <color>]
 * [-d <color>] FEN` (the classic drawing's options, and `--verbose`, which
 * only adds words): its operands are records alone, as the script read
 * them, so a file's name among them is an invalid FEN-string with the
 * classic bytes. Any other command line reads an operand that names a file
 * as the file.
 */
export function classicCommandLine(args: ParsedArgs): boolean {
  for (const name of args.values.keys()) {
    if (!ONE_SHOT.has(name) && name !== "verbose") return false;
  }
  return true;
}

/**
 * The SVG document for a command line that asks for one classic diagram of
 * one valid record given as operands, or `null` for the general path.
 */
export function plainDiagram(args: ParsedArgs): string | null {
  for (const name of args.values.keys()) {
    if (!ONE_SHOT.has(name)) return null;
  }
  // One record, grouped as the general path groups operands.
  let records;
  try {
    records = groupOperands(args.operands);
  } catch (error) {
    if (error instanceof UsageError) return null;
    throw error;
  }
  if (records.length !== 1 || records[0].kind !== "operand") return null;
  let options: RenderSvgOptions;
  try {
    options = svgOptions(args);
  } catch (error) {
    if (error instanceof UsageError) return null;
    throw error;
  }
  if (options.style === "vector") return null;
  const parsed = tryParseFen(records[0].text);
  if (!parsed.ok) return null;
  try {
    return classicDocument(parsed.position.board, readOptions(options));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
