// The help text, built from the tables it describes: the options, the
// formats and the exit codes are each defined once, elsewhere.

import { EXIT_MEANINGS } from "../program/exit.ts";
import { FORMAT_NAMES, FORMATS } from "./format_registry.ts";
import { OPTION_SPECS, type OptionSpec } from "./option_table.ts";
import { optionLines } from "../program/args.ts";
import { subcommandLines } from "../subcommands/mod.ts";

/** The classic script's usage line, byte for byte. */
export const USAGE = "Usage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n";

/** What bare `fen` at a terminal adds after the usage line (piped: nothing). */
export const MORE_HELP = "(fen --help for everything else)\n";

/** `fen --help`. */
export function renderHelp(): string {
  // Names as long as the column have their space after them too.
  const column = Math.max(...FORMAT_NAMES.map((name) => name.length)) + 1;
  const formats = FORMAT_NAMES.map((name) =>
    `  ${name.padEnd(column)}${FORMATS[name].help}\n`
  ).join("");
  const exits = EXIT_MEANINGS.map(([code, meaning]) =>
    `  ${String(code).padEnd(5)}${meaning}\n`
  ).join("");
  return `${USAGE}
Draws the chess position of a FEN-string as an SVG diagram on stdout, or
writes it in another format. A FEN-string is a piece placement such as
4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 or a whole six-field record,
quoted or not; several placements make several records. The operand - (or
--input FILE) reads records from stdin (a file), one per line.

Diagram options:
${renderOptions("diagram")}
Output options:
${renderOptions("output")}
Input options:
${renderOptions("input")}
Legality:
${renderOptions("check")}
Data and engine work:
${renderOptions("data")}
Every core and many machines (fen merge adds up --stats=json summaries):
${renderOptions("scale")}
Other options:
${renderOptions("other")}
Colors: #rgb, #rgba, #rrggbb, #rrggbbaa, CSS names (teal), rgb(), hsl().

Formats:
${formats}
Streams (-, --input): blank lines and # comment lines are skipped; an
invalid line is reported on stderr with its number and the reason (and, with
--format json, as {"line": N, "error": {...}} on stdout) and the other lines
are still converted. Lines may be FEN, EPD (operations after four fields), a
PGN tag [FEN "..."], or quoted. Output is written as soon as input pauses.
A diagram of stdin's only record goes to stdout; more need --out-dir.

Subcommands, each a program of its own (fen <subcommand> --help):
${subcommandLines()}
At a terminal, long jobs show their progress on stderr (--progress,
--no-progress).

Exit status:
${exits}
Examples:
  fen -n 4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 > chess.01.svg
  fen -nl '#c9b458' -d '#6aaa64' rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
  fen --style vector --moves "e4 e5 Nf3" --format png > opening.png
  fen --format board - < games.fen
  fen --out-dir diagrams --name 'wac-{id}' - < wac.epd
  fen --check 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fen --from pgn --ply all --format epd - < games.pgn
  fen --from pgn --format gif --out-dir gifs --name '{White}' - < games.pgn
`;
}

/** The option lines of `--help` for one group, from {@linkcode OPTIONS}. */
function renderOptions(group: OptionSpec["group"]): string {
  return optionLines(OPTION_SPECS.filter((o) => o.group === group));
}
