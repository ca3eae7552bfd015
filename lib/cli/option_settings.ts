// From a parsed command line to what the run needs: every value checked
// (colors, format, squares, marks) and every combination the formats table
// rules out refused with a message, before any input is read.

import { isEmptyMark } from "../fen/grid.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import type { Rules, StringifyFenOptions } from "../types.ts";
import {
  choice,
  flag,
  list,
  shown,
  svgOptions,
  text,
} from "./option_settings_diagram.ts";
import { formatNeeds, FORMATS } from "./format_registry.ts";
import { type FormatName, formatsWith } from "./format_table.ts";
import {
  checkData,
  checkDataScope,
  type DataContext,
  type DataSettings,
  dataSettings,
  outputName,
  ownOutput,
} from "./option_settings_data.ts";
import { checkFenForms } from "./option_settings_forms.ts";
import {
  groupOperands,
  type OperandSource,
  type OperandsSource,
} from "../program/operands.ts";
import { classicCommandLine } from "./plain.ts";
import { type ScaleSettings, scaleSettings } from "./option_settings_scale.ts";
import type { PlySelection } from "./source_pgn.ts";
import {
  type INPUT_KINDS,
  OPTION_SPECS,
  type OptionName,
  optionSpec,
  type ParsedArgs,
} from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { variantNamed } from "../chess/variant_names.ts";
import { unkeyedReason } from "../data/polyglot/rules.ts";
import { VARIANT_RULES } from "../types.ts";

export { shown };

/** Where records come from, in order. */
export type Source = OperandsSource;

/** A command line, checked. */
export interface Settings {
  format: FormatName;
  /**
   * Records are written in the input's own form (FEN as FEN, EPD as EPD, a
   * game's positions as FEN): a filter or repair given no `--format`.
   */
  ownForm: boolean;
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
  from: typeof INPUT_KINDS[number];
  sources: Source[];
  /** How records are read beyond their rules (`--strict`). */
  parse: { strict?: boolean };
  /**
   * The rules records are read, judged and played under (`--variant`,
   * `--chess960`): standard chess unless named.
   */
  rules: Rules;
  /**
   * How `--check` judges castling rights: by the `rules` when they were
   * named, else by the letters (a right that names a rook file b to g,
   * which only Chess960's letters can, is judged by Chess960's rules, as
   * the library's checker does given no rules).
   */
  castlingBy: "rules" | "letters";
  /** How `--format fen` and `epd` write castling (`--castling`). */
  write: StringifyFenOptions;
  svg: RenderSvgOptions;
  sideToMove: boolean;
  moves: string | null;
  /** Which positions of a game are records (`--from pgn`). */
  select: PlySelection;
  /** `--white`, `--black` and `--delay`, for GIFs. */
  gif: { white: string | null; black: string | null; delay: number };
  /** Data and engine work (lib/cli/option_settings_data.ts). */
  data: DataSettings;
  /** Every core and many machines (lib/cli/option_settings_scale.ts). */
  scale: ScaleSettings;
}

const encoder = new TextEncoder();

/**
 * Checks the parsed command line and settles every default; `isFile` tells
 * which operands are files to read (none, without it): under `--from pgn`,
 * and on any command line but the classic script's.
 */
export function settle(
  args: ParsedArgs,
  { isFile = () => false }: { isFile?: (path: string) => boolean } = {},
): Settings {
  // The classic script's order: no operand is a usage error before any value.
  if (
    args.operands.length === 0 && !args.values.has("input") &&
    !args.values.has("moves")
  ) {
    throw new UsageError("");
  }
  const check = flag(args, "check");
  const ownForm = writesOwnForm(args);
  // --check writes its own report; "fen" only stands for "no format given".
  const format = choice<FormatName>(args, "format") ??
    (check || ownOutput(args) || ownForm
      ? "fen"
      : optionSpec("format").default as FormatName);
  const settings: Settings = {
    format,
    ownForm,
    check,
    flip: flag(args, "flip"),
    empty: text(args, "empty") ?? optionSpec("empty").default!,
    emptyGiven: args.values.has("empty"),
    outDir: text(args, "out-dir") ?? null,
    name: text(args, "name") ?? optionSpec("name").default!,
    explain: flag(args, "explain"),
    verbose: flag(args, "verbose") ? true : null,
    from: choice<Settings["from"]>(args, "from") ??
      optionSpec("from").default as Settings["from"],
    sources: sources(args, isFile),
    parse: flag(args, "strict") ? { strict: true } : {},
    ...rulesSetting(args),
    write: {
      castling: choice<"x-fen" | "shredder">(args, "castling") ?? "x-fen",
      pockets: choice<"brackets" | "rank">(args, "pockets") ?? "brackets",
      checks: choice<"given" | "remaining">(args, "checks") ?? "given",
    },
    svg: svgOptions(args),
    sideToMove: flag(args, "side-to-move"),
    // Commas separate moves as they separate --arrow's (SAN has none).
    moves: text(args, "moves")?.replaceAll(",", " ") ?? null,
    gif: {
      white: text(args, "white") ?? null,
      black: text(args, "black") ?? null,
      delay: delayOf(text(args, "delay") ?? optionSpec("delay").default!),
    },
    select: {
      ply: plyOf(text(args, "ply") ?? optionSpec("ply").default!),
      variations: flag(args, "variations"),
    },
    data: dataSettings(args),
    scale: scaleSettings(args),
  };
  checkCombinations(settings, args);
  checkFenForms(settings, args);
  checkVariant(settings, args);
  return settings;
}

/**
 * The rules of `--variant` (any name the PGN `Variant` tag takes) and
 * `--chess960` (`--variant chess960`), and whether they were named.
 */
function rulesSetting(
  args: ParsedArgs,
): Pick<Settings, "rules" | "castlingBy"> {
  const name = text(args, "variant");
  const chess960 = flag(args, "chess960");
  if (name === undefined) {
    return chess960
      ? { rules: "chess960", castlingBy: "rules" }
      : { rules: "chess", castlingBy: "letters" };
  }
  const variant = variantNamed(name);
  if (variant === undefined) {
    throw new UsageError(
      `--variant ${shown(name)} is not a variant: ${VARIANT_RULES.join(", ")}`,
    );
  }
  const { rules } = variant;
  if (chess960 && rules !== "chess960") {
    throw new UsageError(`--chess960 and --variant ${rules}: choose one`);
  }
  return { rules, castlingBy: "rules" };
}

/**
 * The option that keys positions (`--format key`, `--unique`, the JSON
 * `key` member), which only standard chess and Chess960 have, or `null`.
 */
export function keyingOption(settings: Settings): string | null {
  const { format } = settings;
  if (formatNeeds(format, "keys") && !settings.check) {
    return `--format ${format}`;
  }
  if (settings.data.unique !== null) return "--unique";
  if (formatNeeds(format, "keysIfAsked") && settings.data.jsonFields.key) {
    return "--json-fields key";
  }
  return null;
}

/**
 * What the command does for standard chess and Chess960 only, and why:
 * refused for the other variants, never done by chess's rules. All that
 * plays moves (`--moves`, `--repair`, `--only`, `--match`, perft, games)
 * follows every variant's rules.
 */
const STANDARD_ONLY: readonly string[] = ["--opening", "--format opening"];
const STANDARD_ONLY_WHY = "names openings from a table of standard chess " +
  "openings, which has no variant's positions";

function checkVariant(settings: Settings, args: ParsedArgs): void {
  const rules = settings.rules;
  // Polyglot keys (and --unique's levels, which cut standard fields) are
  // defined for standard chess and Chess960: no published scheme keys
  // pockets, check counters or the other variants' positions.
  const keyed = keyingOption(settings);
  if (keyed !== null && unkeyedReason(rules) !== null) {
    throw new UsageError(
      `--variant ${rules}: ${keyed} keys positions as Polyglot does, for standard chess and Chess960 only`,
    );
  }
  if (rules === "chess" || rules === "chess960") return;
  const format = settings.check ? null : `--format ${settings.format}`;
  const what = args.values.has("opening") ? "--opening" : format;
  if (what !== null && STANDARD_ONLY.includes(what)) {
    throw new UsageError(`--variant ${rules}: ${what} ${STANDARD_ONLY_WHY}`);
  }
}

/** The options that pass records on, filtered or repaired, as they came. */
const RECORD_FILTERS: readonly OptionName[] = [
  "unique",
  "only",
  "repair",
  "en-passant",
];

/**
 * Whether a filter or repair with no `--format` (nor `--out-dir`, `--check`
 * or an output of its own) writes records in their own form rather than
 * diagrams: a stream of them is what such a run is for.
 */
function writesOwnForm(args: ParsedArgs): boolean {
  const { values } = args;
  return !values.has("format") && !values.has("out-dir") &&
    !values.has("check") && !ownOutput(args) &&
    RECORD_FILTERS.some((name) => values.has(name));
}

function sources(
  args: ParsedArgs,
  isFile: (path: string) => boolean,
): Source[] {
  const found: Source[] = text(args, "from") === "pgn"
    ? pgnOperands(args.operands, isFile)
    : groupOperands(
      args.operands,
      classicCommandLine(args)
        ? undefined
        // A record's field may name a file only by its extension: a
        // file called `w` or `0` is no reason to cut `... w - - 0 1`.
        : (path, inRecord) =>
          FEN_FILE.test(path) || (!inRecord && isFile(path)),
    );
  for (const path of list(args, "input")) {
    if (path === "") throw new UsageError("--input needs a file name");
    found.push(path === "-" ? { kind: "stdin" } : { kind: "file", path });
  }
  if (found.filter((s) => s.kind === "stdin").length > 1) {
    throw new UsageError("stdin (-) can be read only once");
  }
  return found;
}

/**
 * A name no record has: a FEN or EPD file's, compressed or not (missing or
 * unreadable, it is said so rather than read as an invalid record).
 */
const FEN_FILE = /^[^\s]+\.(fen|epd)(\.(gz|zst|bz2|xz))?$/i;

/** A name no movetext has: a PGN file's, compressed or not. */
const PGN_FILE = /\.pgn(\.(gz|zst|bz2|xz))?$/i;

/**
 * Operands of `--from pgn`: a file's name reads the file, as every PGN tool
 * does, and a name ending in `.pgn` is always one (missing or unreadable, it
 * is said so, never read as moves); the others in a row are one PGN text
 * (`fen --from pgn 1. e4 e5` is a game of two moves), numbered as sources in
 * messages; `-` is stdin.
 */
function pgnOperands(
  operands: readonly string[],
  isFile: (path: string) => boolean,
): Source[] {
  const found: Source[] = [];
  let text: OperandSource | null = null;
  for (const operand of operands) {
    if (operand === "-" || isFile(operand) || PGN_FILE.test(operand)) {
      found.push(
        operand === "-" ? { kind: "stdin" } : { kind: "file", path: operand },
      );
      text = null;
    } else if (text !== null) {
      text.text += ` ${operand}`;
    } else {
      text = { kind: "operand", text: operand, number: found.length + 1 };
      found.push(text);
    }
  }
  return found;
}

function checkCombinations(settings: Settings, args: ParsedArgs): void {
  const { format, check, outDir } = settings;
  const entry = FORMATS[format];
  if (args.values.has("empty")) {
    if (!entry.mark && settings.from !== "grid") {
      throw new UsageError(
        `--empty goes with ${formatsWith("mark")} or --from grid`,
      );
    }
    if (!isEmptyMark(settings.empty)) {
      throw new UsageError(
        `--empty ${
          shown(settings.empty)
        } must be one character that is not a piece letter, a digit, "/" or a line break`,
      );
    }
  }
  if (check && args.values.has("format") && !entry.json) {
    throw new UsageError(
      `--check writes a report: use it alone or with ${formatsWith("json")}`,
    );
  }
  if (outDir !== null) {
    if (outDir === "") throw new UsageError("--out-dir needs a folder name");
    if (check || !("file" in entry)) {
      throw new UsageError(
        `--out-dir writes diagram files: it goes with ${formatsWith("file")}`,
      );
    }
  }
  checkScopes(settings, args);
  if (entry.raster && settings.svg.style === "classic") {
    throw new UsageError(
      `--format ${format} draws the vector style: --style classic does not go with it`,
    );
  }
  if (
    entry.games && !check &&
    (args.values.has("ply") || args.values.has("variations"))
  ) {
    throw new UsageError(
      `--format ${format} writes whole games: --ply and --variations do not go with it`,
    );
  }
  if (
    settings.explain && !settings.data.repair && (!entry.canonical || check)
  ) {
    throw new UsageError(
      `--explain goes with ${formatsWith("canonical")} or --repair`,
    );
  }
  checkData(dataContext(settings, args));
}

/**
 * Refuses every option given where it would be ignored, as the option
 * table's scopes say: a diagram option without a diagram, `--flip` without
 * a board, `--name` without `--out-dir`.
 */
function checkScopes(settings: Settings, args: ParsedArgs): void {
  const entry = FORMATS[settings.format];
  const data = dataContext(settings, args);
  const output = outputName(data);
  for (const spec of OPTION_SPECS) {
    if (spec.scope === undefined || !args.values.has(spec.name)) {
      continue;
    }
    checkDataScope(spec, data);
    if (spec.scope === "pgn" && settings.from !== "pgn") {
      throw new UsageError(`--${spec.name} goes with --from pgn`);
    }
    if (spec.scope === "gif" && !entry.animates) {
      throw new UsageError(
        `--${spec.name} goes with ${formatsWith("animates")}`,
      );
    }
    // svg draws either look; the images, the vector one only.
    if (
      spec.scope === "vector" &&
      !("file" in entry && (entry.raster || settings.svg.style === "vector"))
    ) {
      throw new UsageError(
        `--${spec.name} draws the vector look: it goes with --style vector, --format png or gif`,
      );
    }
    if (spec.scope === "out-dir" && settings.outDir === null) {
      throw new UsageError(`--${spec.name} goes with --out-dir`);
    }
    if (spec.scope === "board" && (!entry.draws || settings.check)) {
      throw new UsageError(
        `--${spec.name} draws boards: it does not go with ${output}`,
      );
    }
    if (spec.scope === "diagram" && (!("file" in entry) || settings.check)) {
      throw new UsageError(
        `--${spec.name} is a diagram option: it goes with ${
          formatsWith("file")
        }, not ${output}`,
      );
    }
  }
}

/** `--delay`: whole centiseconds, as GIF frames count time. */
function delayOf(value: string): number {
  if (/^[1-9][0-9]{0,4}$/.test(value)) return Number(value);
  throw new UsageError(
    `--delay ${
      shown(value)
    } must be a whole number of centiseconds from 1 to 99999`,
  );
}

function dataContext(settings: Settings, args: ParsedArgs): DataContext {
  return {
    format: settings.format,
    check: settings.check,
    formatGiven: args.values.has("format"),
    data: settings.data,
  };
}

/** `--ply`: `last`, `all` or a number of half-moves. */
function plyOf(value: string): PlySelection["ply"] {
  if (value === "last" || value === "all") return value;
  if (/^(0|[1-9][0-9]{0,5})$/.test(value)) return Number(value);
  throw new UsageError(
    `--ply ${
      shown(value)
    } must be last, all or a number of half-moves such as 40`,
  );
}

/** The `--empty` mark as UTF-8. */
export function markBytes(settings: Settings): Uint8Array {
  return encoder.encode(settings.empty);
}
