// From a parsed command line to what the run needs: every value checked
// (colors, format, squares, marks) and every combination the formats table
// rules out refused with a message, before any input is read.

import { isCssColor } from "../css_color.ts";
import { fen2grid } from "../grid.ts";
import { escapeText } from "../_quote.ts";
import { MAX_SIZE, type RenderSvgOptions } from "../svg/mod.ts";
import type { ParseFenOptions } from "../types.ts";
import {
  FORMAT_NAMES,
  type FormatName,
  FORMATS,
  isFormatName,
} from "./formats.ts";
import { type ParsedArgs, UsageError } from "./options.ts";

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

/** A value quoted for a usage message: escaped and shortened. */
export function shown(value: string): string {
  return `"${escapeText(value, 0, value.length, 40)}"`;
}

function text(args: ParsedArgs, name: string): string | undefined {
  const value = args.values.get(name);
  return typeof value === "string" ? value : undefined;
}

function flag(args: ParsedArgs, name: string): boolean {
  return args.values.get(name) === true;
}

function list(args: ParsedArgs, name: string): string[] {
  const value = args.values.get(name);
  return Array.isArray(value)
    ? value
    : typeof value === "string"
    ? [value]
    : [];
}

function color(args: ParsedArgs, name: string): string | undefined {
  const value = text(args, name);
  if (value === undefined || isCssColor(value)) return value;
  throw new UsageError(
    `--${name} ${
      shown(value)
    } is not a color (use #rgb, #rrggbb, a CSS name such as teal, rgb() or hsl())`,
  );
}

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

function svgOptions(args: ParsedArgs): RenderSvgOptions {
  const options: RenderSvgOptions = {};
  const style = text(args, "style");
  if (style !== undefined) {
    if (style !== "classic" && style !== "vector") {
      throw new UsageError(`--style ${shown(style)} must be classic or vector`);
    }
    options.style = style;
  }
  if (flag(args, "labels")) options.labels = true;
  if (flag(args, "flip")) options.flip = true;
  const light = color(args, "light");
  if (light !== undefined) options.light = light;
  const dark = color(args, "dark");
  if (dark !== undefined) options.dark = dark;
  const size = text(args, "size");
  if (size !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(size) || Number(size) > MAX_SIZE) {
      throw new UsageError(
        `--size ${
          shown(size)
        } must be a whole number of pixels from 1 to ${MAX_SIZE}`,
      );
    }
    options.size = Number(size);
  }
  const highlight = list(args, "highlight").flatMap((v) => v.split(","));
  if (highlight.length > 0) {
    options.highlight = squares(highlight, "--highlight");
  }
  const arrows = list(args, "arrow");
  if (arrows.length > 0) options.arrows = moves(arrows, "--arrow");
  const lastMove = text(args, "lastmove");
  if (lastMove !== undefined) {
    options.lastMove = moves([lastMove], "--lastmove")[0];
  }
  for (const [name, key] of COLOR_OPTIONS) {
    const value = color(args, name);
    if (value !== undefined) options[key] = value;
  }
  if (flag(args, "mark-check")) options.check = true;
  if (flag(args, "accessible")) options.accessible = true;
  return options;
}

const COLOR_OPTIONS = [
  ["highlight-color", "highlightColor"],
  ["arrow-color", "arrowColor"],
] as const;

const SQUARE = /^[a-h][1-8]$/;
const MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

function squares(values: string[], option: string): string[] {
  for (const value of values) {
    if (!SQUARE.test(value)) {
      throw new UsageError(
        `${option} ${shown(value)} is not a square such as e4`,
      );
    }
  }
  return values;
}

function moves(values: string[], option: string): string[] {
  for (const value of values) {
    if (!MOVE.test(value)) {
      throw new UsageError(
        `${option} ${shown(value)} is not a move such as e2e4`,
      );
    }
  }
  return values;
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
