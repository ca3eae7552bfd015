// `fen md`'s picture options, read with this command's own option table:
// a Markdown block's option is a picture option of `fen` (flip, size,
// style, arrow, ...) or `ply`, with the command's values and messages, or
// one of the image service's spellings of the same thing (arrows, squares,
// lastMove, orientation). The command line's picture options are the
// document's defaults; a block's own override them (lists add to them).
// The command hands this table to `fen md` (main.ts), which reads nothing
// of the command itself.

import {
  OPTION_SPECS,
  type OptionName,
  type ParsedArgs,
} from "./option_table.ts";
import type { OptionSpec } from "./option_spec.ts";
import { parseArgv } from "./option_argv.ts";
import { shown, svgOptions } from "./option_settings_diagram.ts";
import type { RenderSvgOptions } from "../svg/mod.ts";
import { UsageError } from "../program/usage_error.ts";
import { nearestName } from "../program/suggest.ts";
import type { BlockOption } from "../markdown/info.ts";
import {
  BlockOptionError,
  type BlockReader,
  type BlockSettings,
} from "../markdown/options.ts";
import type { PictureOptions } from "../subcommands/front_end.ts";
import { variantNamed } from "../chess/variant_names.ts";
import { type Rules, VARIANT_RULES } from "../types.ts";

/**
 * The command's options a block takes: the picture options (not the GIF's
 * own), the game's ply, and the castling reading. Each keeps its meaning.
 */
export const BLOCK_OPTIONS: readonly OptionSpec[] = OPTION_SPECS.filter((o) =>
  (o.group === "diagram" && o.scope !== "gif") ||
  o.name === "ply" || o.name === "chess960" || o.name === "variant"
);

/** An option's command name and value: a string, or a flag's yes or no. */
type Setting = readonly [OptionName, string | boolean];

/**
 * The image service's spellings of the same options (web-boardimage's and
 * lichess's), read as the service reads them, so that a block copied from
 * an image URL's query draws the same: each turns its value into the
 * command's options. web-boardimage's `arrows` holds circles too (`Bh7`, a
 * tinted square), and `orientation=black` is `flip`.
 */
export const SERVICE_SPELLINGS: Readonly<
  Record<string, (value: string) => Setting[]>
> = {
  arrows(value) {
    const items = listed(value).split(",");
    const circle = (item: string) => /^[GRYB]?[a-h][1-8]$/.test(item);
    const settings: Setting[] = [];
    const arrows = items.filter((i) => !circle(i)).join(",");
    const circles = items.filter(circle).join(",");
    if (arrows !== "") settings.push(["arrow", arrows]);
    if (circles !== "") settings.push(["highlight", circles]);
    return settings;
  },
  squares: (value) => [["highlight", listed(value)]],
  lastMove: (value) => [["last-move", value]],
  orientation(value) {
    if (value === "white" || value === "black") {
      return [["flip", value === "black"]];
    }
    throw new UsageError(`orientation ${shown(value)} must be white or black`);
  },
};

/** A list as the command writes it: Pandoc's values may list with spaces. */
function listed(value: string): string {
  return value.trim().split(/[\s,]+/).join(",");
}

/** The style a document's diagrams take unless told: the one that needs no fonts. */
export const DOCUMENT_STYLE = "vector";

/** A flag's value words: a bare word or `""` (Pandoc's `flip=""`) is yes. */
const YES = ["", "true", "yes", "1"];
const NO = ["false", "no", "0"];

/**
 * Reads a block's options over the document's (`defaults`, the command
 * line's picture options already parsed): the drawing's options and the ply.
 *
 * @throws {BlockOptionError} Naming the option that cannot be used.
 */
function blockSettings(
  options: readonly BlockOption[],
  defaults: ParsedArgs,
): BlockSettings {
  const values = new Map(defaults.values);
  for (const option of options) {
    try {
      for (const [name, value] of blockValues(option)) {
        const alone: ParsedArgs = parseArgv(
          value === false ? [] : [argument(name, value)],
        );
        svgOptions(alone); // each value checked alone, so the message names it
        if (value === false) values.delete(name);
        else mergeValue(values, name, alone.values.get(name)!);
        if (name === "ply") plyOf(String(value));
        if (name === "variant") blockRules(String(value), false);
      }
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new BlockOptionError(
        error.message.replace(/^--?[a-z-]+/, option.name),
        option,
      );
    }
  }
  if (!values.has("style")) values.set("style", DOCUMENT_STYLE);
  const args: ParsedArgs = { values, operands: [] };
  let svg: RenderSvgOptions;
  try {
    svg = svgOptions(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new BlockOptionError(error.message, null);
  }
  const ply = values.get("ply");
  let rules: Rules;
  try {
    rules = blockRules(values.get("variant"), values.get("chess960") === true);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new BlockOptionError(error.message, null);
  }
  return {
    svg,
    ply: typeof ply === "string" ? plyOf(ply) : "last",
    rules,
  };
}

/**
 * The rules `variant` names, as `--variant` reads them (`Three-check`,
 * `KOTH`...), else Chess960's under `chess960`, else standard chess's.
 *
 * @throws {UsageError} For an unknown name, or beside `chess960`.
 */
function blockRules(
  value: string | true | string[] | undefined,
  chess960: boolean,
): Rules {
  if (typeof value !== "string") return chess960 ? "chess960" : "chess";
  const rules = variantNamed(value)?.rules;
  if (rules === undefined) {
    throw new UsageError(
      `variant ${shown(value)} is not a variant: ${VARIANT_RULES.join(", ")}`,
    );
  }
  if (chess960 && rules !== "chess960") {
    throw new UsageError(`chess960 and variant ${rules}: choose one`);
  }
  return rules;
}

/** What a block's option sets: the command's options and their values. */
function blockValues(option: BlockOption): Setting[] {
  const spelling = SERVICE_SPELLINGS[option.name];
  if (spelling !== undefined) {
    if (option.value === null) {
      throw new UsageError(`${option.name} needs a value`);
    }
    return spelling(option.value);
  }
  const name = canonicalName(option.name);
  const spec = BLOCK_OPTIONS.find((o) => o.name === name)!;
  if (spec.value !== undefined) {
    if (option.value === null) {
      throw new UsageError(`${option.name} needs a value ${spec.value}`);
    }
    return [[name, spec.multiple ? listed(option.value) : option.value]];
  }
  if (option.value === null || YES.includes(option.value)) {
    return [[name, true]];
  }
  if (NO.includes(option.value)) return [[name, false]];
  throw new UsageError(
    `${option.name} is a flag: give it alone, or as ${option.name}=true or ${option.name}=false`,
  );
}

/** The option a block's name means, or a UsageError with a near name. */
function canonicalName(name: string): OptionName {
  const spec = BLOCK_OPTIONS.find((o) =>
    o.name === name || (o.aliases ?? []).includes(name)
  );
  if (spec !== undefined) return spec.name as OptionName;
  const known = [
    ...BLOCK_OPTIONS.flatMap((o) => [o.name, ...(o.aliases ?? [])]),
    ...Object.keys(SERVICE_SPELLINGS),
  ];
  const near = nearestName(name, known);
  throw new UsageError(
    `unknown option ${shown(name)}` +
      (near === null
        ? ` (a block takes ${BLOCK_OPTIONS.map((o) => o.name).join(", ")})`
        : `; did you mean ${near}?`),
  );
}

function argument(name: OptionName, value: string | true): string {
  return value === true ? `--${name}` : `--${name}=${value}`;
}

function mergeValue(
  values: Map<OptionName, string | true | string[]>,
  name: OptionName,
  value: string | true | string[],
): void {
  const earlier = values.get(name);
  values.set(
    name,
    Array.isArray(earlier) && Array.isArray(value)
      ? [...earlier, ...value]
      : value,
  );
}

/** `ply`: a number of half-moves, or `last` (the final position). */
function plyOf(value: string): number | "last" {
  if (value === "last") return value;
  if (/^(0|[1-9][0-9]{0,5})$/.test(value)) return Number(value);
  throw new UsageError(
    `--ply ${shown(value)} must be last or a number of half-moves such as 40`,
  );
}

/**
 * The picture options `fen md` takes: its help's rows (every block's
 * defaults, `ply` being a block's own), and its block reader.
 */
export const PICTURE_OPTIONS: PictureOptions = {
  rows: BLOCK_OPTIONS.filter((o) => o.name !== "ply").map((o) => ({
    name: o.name,
    help: o.help,
    ...(o.value === undefined ? {} : { value: o.value }),
    ...(o.multiple ? { multiple: true } : {}),
    ...(o.choices === undefined ? {} : { choices: o.choices }),
    ...(o.suggest === undefined ? {} : { suggest: o.suggest }),
    ...(o.name === "style"
      ? { default: DOCUMENT_STYLE }
      : o.default === undefined
      ? {}
      : { default: o.default }),
  })),
  reader(argv: readonly string[]): BlockReader {
    const defaults = parseArgv(argv);
    svgOptions(defaults); // a bad default is refused before any document is read
    return (options) => blockSettings(options, defaults);
  },
};
