/**
 * The `fen` command: a drop-in replacement for the `fen` shell script that
 * draws a FEN placement as SVG, plus other formats, batch conversion and
 * legality checks.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { FenSyntaxError } from "./error.ts";
import {
  parseFen,
  type ParseFenOptions,
  stringifyFen,
  tryParseFen,
} from "./fen.ts";
import { isCssColor } from "./css_color.ts";
import { fen2grid } from "./grid.ts";
import type { Position } from "./types.ts";
import { renderSvg } from "./svg.ts";
import { renderUnicode } from "./unicode.ts";
import type { checkPosition, Problem } from "./legality.ts";
import { CELLS, readRecord, toPosition } from "./_record.ts";
import { type CliIo, forEachLine, Output, writeText } from "./_io.ts";

export type { CliIo } from "./_io.ts";

/** The version `fen --version` prints. */
export const VERSION = "0.1.0";

/** The exit codes of the command. */
export const EXIT = {
  ok: 0,
  usage: 1,
  invalidFen: 2,
  illegalPosition: 3,
  fileError: 4,
  brokenPipe: 141,
} as const;

const USAGE = "Usage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n";

const HELP = `${USAGE}
Draws the chess position of a FEN-string as an SVG diagram on stdout, or
writes it in another format. The FEN-string is a piece placement such as
4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 or a whole six-field record,
quoted or not. The operand - reads records from stdin, one per line.

Options:
  -n, --labels          draw file letters and rank digits around the board
  -l, --light <color>   colour of the light squares (default #ffce9e)
  -d, --dark <color>    colour of the dark squares (default #d28c45)
      --flip            draw the board from Black's side
      --format <name>   svg (default), board, grid, fen, json or unicode
      --empty <char>    empty-square mark for --format grid (default *)
      --out-dir <dir>   write one SVG per record to <dir>/<line>.svg
      --check           report what makes a position illegal
      --strict          accept only the PGN standard (six fields, single spaces)
      --chess960        read castling KQkq as X-FEN (the outermost rooks)
      --verbose         say why a FEN-string is invalid
  -h, --help            show this help and exit
      --version         show the version and exit

Colours: #rgb, #rgba, #rrggbb, #rrggbbaa, CSS names (teal), rgb(), hsl().

Formats:
  svg      the diagram (the default)
  board    8 lines of 8 characters, '.' for an empty square; in batch mode
           one empty line between boards
  grid     like board, with the --empty mark
  fen      the record in canonical form (missing fields filled in)
  json     the parsed position; with --check, the problems
  unicode  the board in chess symbols, for a terminal

Batch mode (-): blank lines are skipped, an invalid line is reported on
stderr with its number and the reason, and the other lines are still
converted. SVG in batch mode needs --out-dir.

Exit status:
  0    success (--check: legal, warnings allowed)
  1    usage error: unknown option, missing argument or operand, bad value
  2    invalid FEN-string (batch mode: at least one line was invalid)
  3    --check: a well-formed position that cannot occur in a game
  4    a file could not be written (--out-dir)
  141  stdout was closed early (as in | head); nothing more is written

Examples:
  fen -n 4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 > chess.01.svg
  fen -nl '#c9b458' -d '#6aaa64' rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
  fen --format board - < games.fen
  fen --out-dir diagrams - < games.fen
  fen --check 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
`;

const FORMATS = ["svg", "board", "grid", "fen", "json", "unicode"] as const;
type Format = typeof FORMATS[number];

/** A settled command line. */
interface Settings {
  format: Format;
  labels: boolean;
  light: string;
  dark: string;
  flip: boolean;
  empty: string;
  outDir: string | undefined;
  check: boolean;
  verbose: boolean;
  parse: ParseFenOptions;
}

/** The legality check, loaded only when `--check` asks for it. */
type Checker = typeof checkPosition;

/** A usage problem with a message of its own, beyond the usage line. */
class UsageError extends Error {}

/**
 * Runs the command with `args` (without the program name) and returns the
 * exit code. Results go to `io.stdout`, diagnostics to `io.stderr` prefixed
 * `fen: `.
 *
 * The command is synchronous but for one thing: the legality checks are
 * loaded only when `--check` asks for them, which keeps start-up small.
 *
 * @example
 * ```ts
 * import { main } from "@fen/fen/cli";
 * import assert from "node:assert/strict";
 *
 * const out: Uint8Array[] = [];
 * const sink = {
 *   writeSync(data: Uint8Array) {
 *     out.push(data.slice());
 *     return data.length;
 *   },
 * };
 * const io = { ...Deno, stdout: sink, stderr: sink };
 * assert.equal(await main(["--format", "fen", "8/8/8/8/8/8/8/8"], io), 0);
 * assert.equal(
 *   new TextDecoder().decode(out[0]),
 *   "8/8/8/8/8/8/8/8 w - - 0 1\n",
 * );
 * ```
 *
 * @param args The command-line arguments.
 * @param io Standard streams, and the file system for `--out-dir`.
 * @returns The exit code (see {@linkcode EXIT}).
 */
export async function main(args: string[], io: CliIo): Promise<number> {
  const stdout = new Output(io.stdout);
  try {
    const parsed = settle(args, io);
    if (typeof parsed === "number") return parsed;
    const [settings, operands] = parsed;
    const checker = settings.check
      ? (await import("./legality.ts")).checkPosition
      : undefined;
    const code = operands.length === 1 && operands[0] === "-"
      ? runBatch(settings, io, stdout, checker)
      : runOne(operands.join(" "), settings, io, stdout, checker);
    stdout.flush();
    return code;
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
    throw error;
  }
}

/** Reads the command line: the settings and operands, or an exit code. */
function settle(
  args: string[],
  io: CliIo,
): [Settings, string[]] | number {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        labels: { type: "boolean", short: "n" },
        light: { type: "string", short: "l" },
        dark: { type: "string", short: "d" },
        flip: { type: "boolean" },
        format: { type: "string" },
        empty: { type: "string" },
        "out-dir": { type: "string" },
        check: { type: "boolean" },
        strict: { type: "boolean" },
        chess960: { type: "boolean" },
        verbose: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    }));
  } catch (error) {
    if (args.includes("--verbose") && error instanceof Error) {
      writeText(io.stderr, `fen: ${error.message}\n`);
    }
    writeText(io.stderr, USAGE);
    return EXIT.usage;
  }
  if (values.help) {
    writeText(io.stdout, HELP);
    return EXIT.ok;
  }
  if (values.version) {
    writeText(io.stdout, `fen ${VERSION}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) {
    writeText(io.stderr, USAGE);
    return EXIT.usage;
  }
  try {
    const settings: Settings = {
      format: checkFormat(values.format, values.check === true),
      labels: values.labels === true,
      light: checkColor(values.light, "light", "#ffce9e"),
      dark: checkColor(values.dark, "dark", "#d28c45"),
      flip: values.flip === true,
      empty: values.empty ?? "*",
      outDir: values["out-dir"],
      check: values.check === true,
      verbose: values.verbose === true,
      parse: {
        strict: values.strict === true,
        chess960: values.chess960 === true,
      },
    };
    checkCombinations(settings, values.empty !== undefined, positionals);
    return [settings, positionals];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeText(io.stderr, `fen: ${error.message}\n`);
    return EXIT.usage;
  }
}

function checkFormat(format: string | undefined, check: boolean): Format {
  if (format === undefined) return check ? "fen" : "svg";
  if ((FORMATS as readonly string[]).includes(format)) return format as Format;
  throw new UsageError(
    `unknown format "${format}" (use one of ${FORMATS.join(", ")})`,
  );
}

function checkColor(
  color: string | undefined,
  which: string,
  fallback: string,
): string {
  if (color === undefined) return fallback;
  if (isCssColor(color)) return color;
  throw new UsageError(
    `${which} colour ${
      JSON.stringify(color)
    } is not a colour (use #rgb, #rrggbb, a CSS name such as teal, rgb() or hsl())`,
  );
}

function checkCombinations(
  settings: Settings,
  emptyGiven: boolean,
  operands: string[],
): void {
  const { format, check, outDir, flip } = settings;
  if (emptyGiven && format !== "grid") {
    throw new UsageError("--empty goes with --format grid");
  }
  if (emptyGiven) {
    try {
      fen2grid("8/8/8/8/8/8/8/8", settings.empty); // the library's own rule
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new UsageError(
        `--empty ${
          JSON.stringify(settings.empty)
        } must be one character that is not a piece letter, a digit, "/" or a line break`,
      );
    }
  }
  if (check && format !== "fen" && format !== "json") {
    throw new UsageError(
      "--check prints problems: use it alone or with --format json",
    );
  }
  if (outDir !== undefined && (format !== "svg" || check)) {
    throw new UsageError(
      "--out-dir writes SVG files: it does not go with --format or --check",
    );
  }
  if (flip && (format === "fen" || format === "json")) {
    throw new UsageError(
      `--flip draws boards: it does not go with --format ${format}`,
    );
  }
  const batch = operands.length === 1 && operands[0] === "-";
  if (batch && format === "svg" && outDir === undefined && !check) {
    throw new UsageError(
      "reading records from stdin (-) makes one SVG per record: add --out-dir <dir>, or choose --format board, grid, fen, json or unicode",
    );
  }
}

/** Converts one record; returns the exit code. */
function runOne(
  fen: string,
  settings: Settings,
  io: CliIo,
  stdout: Output,
  checkPosition: Checker | undefined,
): number {
  let position: Position;
  try {
    position = parseFen(fen, settings.parse);
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    writeText(
      io.stderr,
      settings.verbose
        ? `fen: invalid FEN-string: ${detail(error)}\n  ${fen}\n  ${
          " ".repeat(Math.min(error.column, fen.length))
        }^\n`
        : "fen: invalid FEN-string\n",
    );
    return EXIT.invalidFen;
  }
  if (checkPosition !== undefined) {
    const problems = checkPosition(position, settings.parse);
    writeProblems(stdout, problems, settings.format === "json", 0, fen);
    return problems.some((p) => p.severity === "error")
      ? EXIT.illegalPosition
      : EXIT.ok;
  }
  if (settings.outDir !== undefined) {
    return prepareOutDir(settings.outDir, io) &&
        writeSvgFile(position, 1, settings, io)
      ? EXIT.ok
      : EXIT.fileError;
  }
  const mark = gridMark(settings);
  // parseFen has just left this record's squares in CELLS
  if (mark !== undefined) writeCells(stdout, mark, settings.flip);
  else stdout.write(formatRecord(position, settings));
  return EXIT.ok;
}

/** Converts every line of stdin; returns the exit code. */
function runBatch(
  settings: Settings,
  io: CliIo,
  stdout: Output,
  checkPosition: Checker | undefined,
): number {
  if (settings.outDir !== undefined && !prepareOutDir(settings.outDir, io)) {
    return EXIT.fileError;
  }
  const { format, flip } = settings;
  // Boards and ASCII grids go from the scanned cells straight to bytes.
  const mark = gridMark(settings);
  const separated = format === "board" || format === "grid" ||
    format === "unicode";
  let code: number = EXIT.ok;
  let written = 0;
  const reused = toPosition(); // one Position, refilled for every record
  forEachLine(io.stdin, (text, start, end, number) => {
    if (code === EXIT.fileError || isBlankLine(text, start, end)) return;
    try {
      readRecord(text, start, end, settings.parse);
    } catch (error) {
      if (!(error instanceof FenSyntaxError)) throw error;
      // Read the line alone for columns that count from its start.
      const reason = tryParseFen(text.slice(start, end), settings.parse);
      stdout.flush(); // keep stdout and stderr in step for a terminal
      writeText(
        io.stderr,
        `fen: line ${number}: invalid FEN-string: ${
          detail(reason.ok ? error : reason.error)
        }\n`,
      );
      code = EXIT.invalidFen;
      return;
    }
    const position = mark === undefined ? toPosition(reused) : undefined;
    if (checkPosition !== undefined) {
      const problems = checkPosition(position!, settings.parse);
      writeProblems(
        stdout,
        problems,
        format === "json",
        number,
        text.slice(start, end),
      );
      if (code === EXIT.ok && problems.some((p) => p.severity === "error")) {
        code = EXIT.illegalPosition;
      }
      return;
    }
    if (settings.outDir !== undefined) {
      if (!writeSvgFile(position!, number, settings, io)) {
        code = EXIT.fileError;
      }
      return;
    }
    if (separated && written++ > 0) {
      stdout.reserve(1);
      stdout.buffer[stdout.length++] = 10;
    }
    if (mark !== undefined) {
      writeCells(stdout, mark, flip);
    } else {
      stdout.write(formatRecord(position!, settings));
    }
  });
  return code;
}

function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

const encoder = new TextEncoder();

/** The empty-square mark as UTF-8 for the board and grid formats. */
function gridMark(settings: Settings): Uint8Array | undefined {
  if (settings.format === "board") return encoder.encode(".");
  if (settings.format === "grid") return encoder.encode(settings.empty);
  return undefined;
}

/**
 * Writes the last scanned placement (CELLS) as 8 lines of 8 squares,
 * straight into the output buffer: the one grid writer of the command.
 */
function writeCells(stdout: Output, mark: Uint8Array, flip: boolean): void {
  stdout.reserve(64 * mark.length + 8);
  const buffer = stdout.buffer;
  let o = stdout.length;
  for (let k = 0; k < 64; k++) {
    const cell = CELLS[flip ? 63 - k : k];
    if (cell !== 0) buffer[o++] = cell;
    else if (mark.length === 1) buffer[o++] = mark[0];
    else for (let b = 0; b < mark.length; b++) buffer[o++] = mark[b];
    if ((k & 7) === 7) buffer[o++] = 10;
  }
  stdout.length = o;
}

/** One record in the chosen format, ending in a newline. */
function formatRecord(position: Position, settings: Settings): string {
  switch (settings.format) {
    case "svg":
      return renderSvg(position, settings);
    case "board":
    case "grid": // written by writeCells
      throw new TypeError(`${settings.format} is written from the cells`);
    case "fen":
      return stringifyFen(position) + "\n";
    case "json":
      return JSON.stringify(position) + "\n";
    case "unicode":
      return renderUnicode(position, settings);
  }
}

function writeProblems(
  stdout: Output,
  problems: Problem[],
  json: boolean,
  line: number,
  fen: string,
): void {
  if (json) {
    const legal = !problems.some((p) => p.severity === "error");
    const result = line > 0
      ? { line, fen, legal, problems }
      : { fen, legal, problems };
    stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  const prefix = line > 0 ? `line ${line}: ` : "";
  if (problems.length === 0) stdout.write(`${prefix}legal\n`);
  for (const { severity, code, message } of problems) {
    stdout.write(`${prefix}${severity} ${code}: ${message}\n`);
  }
}

function prepareOutDir(dir: string, io: CliIo): boolean {
  let state: string;
  try {
    state = io.permissions.requestSync({ name: "write", path: dir }).state;
  } catch (error) {
    state = String(error);
  }
  if (state !== "granted") {
    writeText(
      io.stderr,
      `fen: --out-dir needs permission to write to ${dir} (run deno with --allow-write=${dir})\n`,
    );
    return false;
  }
  try {
    io.mkdirSync(dir, { recursive: true });
  } catch (error) {
    writeText(io.stderr, `fen: cannot make folder ${dir}: ${reason(error)}\n`);
    return false;
  }
  return true;
}

function writeSvgFile(
  position: Position,
  line: number,
  settings: Settings,
  io: CliIo,
): boolean {
  const path = `${settings.outDir}/${line}.svg`;
  try {
    io.writeTextFileSync(path, renderSvg(position, settings));
    return true;
  } catch (error) {
    writeText(io.stderr, `fen: cannot write ${path}: ${reason(error)}\n`);
    return false;
  }
}

function detail(error: FenSyntaxError): string {
  return error.message.replace(/^Cannot parse FEN: /, "");
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
