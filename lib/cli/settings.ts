// From a parsed command line to what the run needs: every value checked
// (colors, format, squares, marks) and every combination the formats table
// rules out refused with a message, before any input is read.

import { fen2grid } from "../grid.ts";
import type { RenderSvgOptions } from "../svg/_types.ts";
import type { ParseFenOptions } from "../types.ts";
import { flag, list, shown, svgOptions, text } from "./diagram_options.ts";
import {
  FORMAT_NAMES,
  type FormatName,
  FORMATS,
  isFormatName,
} from "./formats.ts";
import { type ParsedArgs, UsageError } from "./options.ts";

export { shown };

/** Where records come from, in order. */
export type Source =
  | { kind: "operand"; text: string; number: number }
  | { kind: "stdin" }
  | { kind: "file"; path: string };

/** A command line, checked. */
export interface Settings {
  format: FormatName;
  check: boolean;
  flip: boolean;
  /** The `--empty` mark. */
  empty: string;
  /** Whether `--empty` was given (`--from grid` then uses it). */
  emptyGiven: boolean;
  outDir: string | null;
  /** The `--out-dir` file-name pattern. */
  name: string;
  explain: boolean;
  /** `--verbose`, or `null` to decide by whether stderr is a terminal. */
  verbose: boolean | null;
  from: "fen" | "grid";
  sources: Source[];
  parse: ParseFenOptions;
  svg: RenderSvgOptions;
  sideToMove: boolean;
  moves: string | null;
}

const encoder = new TextEncoder();

/** Checks the parsed command line and settles every default. */
export function settle(args: ParsedArgs): Settings {
  // The classic script's order: no operand is a usage error before any value.
  if (
    args.operands.length === 0 && !args.values.has("input") &&
    !args.values.has("moves")
  ) {
    throw new UsageError("");
  }
  const check = flag(args, "check");
  const format = checkFormat(text(args, "format"), check);
  const settings: Settings = {
    format,
    check,
    flip: flag(args, "flip"),
    empty: text(args, "empty") ?? "*",
    emptyGiven: args.values.has("empty"),
    outDir: text(args, "out-dir") ?? null,
    name: text(args, "name") ?? "{line}",
    explain: flag(args, "explain"),
    verbose: flag(args, "verbose") ? true : null,
    from: checkFrom(text(args, "from")),
    sources: sources(args),
    parse: {
      ...(flag(args, "strict") ? { strict: true } : {}),
      ...(flag(args, "chess960") ? { chess960: true } : {}),
    },
    svg: svgOptions(args),
    sideToMove: flag(args, "side-to-move"),
    moves: text(args, "moves") ?? null,
  };
  checkCombinations(settings, args);
  return settings;
}

function checkFormat(format: string | undefined, check: boolean): FormatName {
  if (format === undefined) return check ? "fen" : "svg";
  if (isFormatName(format)) return format;
  throw new UsageError(
    `unknown format ${shown(format)} (use one of ${FORMAT_NAMES.join(", ")})`,
  );
}

function checkFrom(from: string | undefined): "fen" | "grid" {
  if (from === undefined || from === "fen" || from === "grid") {
    return from ?? "fen";
  }
  throw new UsageError(`--from ${shown(from)} must be fen or grid`);
}

/**
 * Operands make records: one containing `/` starts a record, the operands
 * after it without `/` are its other fields (an unquoted six-field record
 * arrives as six arguments); `-` is stdin.
 */
function sources(args: ParsedArgs): Source[] {
  const found: Source[] = [];
  let current: { kind: "operand"; text: string; number: number } | null = null;
  for (const operand of args.operands) {
    if (operand === "-") {
      found.push({ kind: "stdin" });
      current = null;
    } else if (current !== null && !operand.includes("/")) {
      current.text += ` ${operand}`;
    } else {
      if (
        current === null && !operand.includes("/") &&
        /^[a-z][a-z-]+$/.test(operand)
      ) {
        throw new UsageError(
          `${
            shown(operand)
          } is neither a FEN-string nor an option (options start with -; see fen --help)`,
        );
      }
      current = { kind: "operand", text: operand, number: found.length + 1 };
      found.push(current);
    }
  }
  for (const path of list(args, "input")) {
    found.push(path === "-" ? { kind: "stdin" } : { kind: "file", path });
  }
  if (found.filter((s) => s.kind === "stdin").length > 1) {
    throw new UsageError("stdin (-) can be read only once");
  }
  return found;
}

function checkCombinations(settings: Settings, args: ParsedArgs): void {
  const { format, check, outDir } = settings;
  const entry = FORMATS[format];
  if (args.values.has("empty")) {
    if (format !== "grid" && settings.from !== "grid") {
      throw new UsageError("--empty goes with --format grid or --from grid");
    }
    try {
      fen2grid("8/8/8/8/8/8/8/8", settings.empty); // the library's own rule
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new UsageError(
        `--empty ${
          shown(settings.empty)
        } must be one character that is not a piece letter, a digit, "/" or a line break`,
      );
    }
  }
  if (check && args.values.has("format") && format !== "json") {
    throw new UsageError(
      "--check writes a report: use it alone or with --format json",
    );
  }
  if (outDir !== null) {
    if (outDir === "") throw new UsageError("--out-dir needs a folder name");
    if (check || !("file" in entry)) {
      throw new UsageError(
        "--out-dir writes diagram files: it goes with --format svg or png",
      );
    }
  }
  if (settings.flip && !entry.draws) {
    throw new UsageError(
      `--flip draws boards: it does not go with --format ${format}`,
    );
  }
  if (settings.explain && (format !== "fen" || check)) {
    throw new UsageError("--explain goes with --format fen");
  }
}

/** The `--empty` mark as UTF-8. */
export function markBytes(settings: Settings): Uint8Array {
  return encoder.encode(settings.empty);
}
