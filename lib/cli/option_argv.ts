// The command's argv parser: every program's one parser (lib/program/args.ts)
// over the command's option table.

import { OPTION_SPECS, type ParsedArgs } from "./option_table.ts";
import { parseArgs } from "../program/args.ts";

/**
 * Splits `args` into options and operands by the option table. Throws a
 * `UsageError` naming an unknown option or a missing value, and a
 * `RepeatedOptionError` for an option of one value given twice.
 */
export function parseArgv(args: readonly string[]): ParsedArgs {
  return parseArgs({ options: OPTION_SPECS }, args);
}
