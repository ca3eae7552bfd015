// The diagram options of a command line, checked: colors, size, squares and
// moves. Apart from the rest of the settings because the classic one-shot
// diagram reads them without loading the format registry.

import { isCssColor } from "../svg/css_color.ts";
import { escapeText } from "../_quote.ts";
import { MAX_SIZE } from "../svg/defaults.ts";
import type {
  BoardTheme,
  Coordinates,
  Frame,
  PieceSet,
  RenderSvgOptions,
  SvgStyle,
} from "../svg/types.ts";
import {
  type OptionName,
  optionSpec,
  type ParsedArgs,
} from "./option_table.ts";
import { choiceError } from "../program/args.ts";
import { UsageError } from "../program/usage_error.ts";

/** A value quoted for a usage message: escaped and shortened. */
export function shown(value: string): string {
  return `"${escapeText(value, 0, value.length, 40)}"`;
}

/** The value of an option that takes one. */
export function text(args: ParsedArgs, name: OptionName): string | undefined {
  const value = args.values.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Whether a flag was given. */
export function flag(args: ParsedArgs, name: OptionName): boolean {
  return args.values.get(name) === true;
}

/** Every value of a repeatable option. */
export function list(args: ParsedArgs, name: OptionName): string[] {
  const value = args.values.get(name);
  return Array.isArray(value)
    ? value
    : typeof value === "string"
    ? [value]
    : [];
}

function color(args: ParsedArgs, name: OptionName): string | undefined {
  const value = text(args, name);
  if (value === undefined || isCssColor(value)) return value;
  throw new UsageError(
    `--${name} ${
      shown(value)
    } is not a color (use #rgb, #rrggbb, a CSS name such as teal, rgb() or hsl())`,
  );
}

/**
 * The value of an option with choices (or `undefined`), refused with the
 * one message every such option gives.
 */
export function choice<T extends string>(
  args: ParsedArgs,
  name: OptionName,
): T | undefined {
  const value = text(args, name);
  const choices = optionSpec(name).choices!;
  if (value === undefined || choices.includes(value)) {
    return value as T | undefined;
  }
  throw choiceError(name, value, choices);
}

/** The diagram options; throws a UsageError naming a bad value. */
export function svgOptions(args: ParsedArgs): RenderSvgOptions {
  const options: RenderSvgOptions = {};
  const style = choice<SvgStyle>(args, "style");
  if (style !== undefined) options.style = style;
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
  const arrows = list(args, "arrow").flatMap((v) => v.split(","));
  if (arrows.length > 0) options.arrows = moves(arrows, "--arrow");
  readLook(args, options);
  const lastMove = text(args, "last-move");
  if (lastMove !== undefined) {
    options.lastMove = moves([lastMove], "--last-move")[0];
  }
  for (const [name, key] of COLOR_OPTIONS) {
    const value = color(args, name);
    if (value !== undefined) options[key] = value;
  }
  if (flag(args, "mark-check")) options.check = true;
  if (flag(args, "mark-hill")) options.hill = true;
  if (flag(args, "accessible")) options.accessible = true;
  return options;
}

const COLOR_OPTIONS = [
  ["highlight-color", "highlightColor"],
  ["arrow-color", "arrowColor"],
] as const;

/** The vector look: theme, piece set, frame and coordinates. */
function readLook(args: ParsedArgs, options: RenderSvgOptions): void {
  const theme = choice<BoardTheme>(args, "theme");
  if (theme !== undefined) options.theme = theme;
  const pieces = choice<PieceSet>(args, "pieces");
  if (pieces !== undefined) options.pieces = pieces;
  const frame = choice<Frame>(args, "frame");
  if (frame !== undefined) options.frame = frame;
  const coordinates = choice<Coordinates>(args, "coordinates");
  if (coordinates !== undefined && options.labels) {
    throw new UsageError(
      "-n and --coordinates both say where the labels go: give one",
    );
  }
  if (coordinates !== undefined) options.coordinates = coordinates;
  checkFrame(options);
}

/**
 * Coordinates outside are drawn in the labels frame: another frame with
 * them is refused here, naming both options, as the renderer would.
 */
function checkFrame(options: RenderSvgOptions): void {
  const outside = options.labels === true
    ? "-n"
    : options.coordinates === "outside"
    ? "--coordinates outside"
    : null;
  const frame = options.frame;
  // The classic style has no --frame: that refusal names --style.
  if (outside === null || frame === undefined || options.style === "classic") {
    return;
  }
  if (frame !== "labels") {
    throw new UsageError(
      `${outside} draws the labels in --frame labels: not --frame ${frame}`,
    );
  }
}

// A color letter (lichess's G, R, Y, B) may come first, as %cal/%csl write.
const SQUARE = /^[GRYB]?[a-h][1-8]$/;
const MOVE = /^[GRYB]?[a-h][1-8][a-h][1-8][qrbn]?$/;

function squares(values: string[], option: string): string[] {
  return matching(
    values,
    SQUARE,
    `${option} %s is not a square such as e4 or Re4`,
  );
}

function moves(values: string[], option: string): string[] {
  return matching(
    values,
    MOVE,
    `${option} %s is not a move such as e2e4 or Re2e4`,
  );
}

/** The values, each matching `pattern`, or a UsageError naming the first. */
function matching(
  values: string[],
  pattern: RegExp,
  message: string,
): string[] {
  for (const value of values) {
    if (!pattern.test(value)) {
      throw new UsageError(message.replace("%s", shown(value)));
    }
  }
  return values;
}
