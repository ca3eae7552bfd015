/**
 * `fen md`: Markdown in, Markdown out, each ```` ```fen ```` block drawn;
 * with `--pandoc`, the same as a Pandoc JSON filter. Loaded only by
 * `fen md`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { prepareOutDir } from "../program/out_files.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { lowered } from "../program/messages.ts";
import { pictureArgv, SubcommandError, writeAll, writeText } from "./args.ts";
import {
  HELP_OPTION,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
} from "../program/args.ts";
import type { PictureOptions, Program } from "./front_end.ts";
import type { BlockReader } from "../markdown/options.ts";
import {
  PICTURE_FORMATS,
  PictureError,
  type PictureFormat,
  PictureMaker,
} from "../markdown/diagram.ts";
import { renderMarkdown } from "../markdown/document.ts";
import { holdsHtml, pandocFilter } from "../markdown/pandoc.ts";

/** `fen md`'s table, with the picture options' rows. */
export function mdSpec(pictures: PictureOptions): ProgramSpec {
  return {
    name: "md",
    operands: "[<markdown-file>...]",
    about:
      "Writes each Markdown file (stdin without files, or -) to stdout with every\n" +
      "```fen block (a FEN, an EPD record or a PGN game) replaced by its diagram:\n" +
      "inline SVG, or with --out-dir an image file and a link to it. Options go in\n" +
      "the info string (```fen flip size=300 ply=4) or as Pandoc attributes\n" +
      "(```{.fen .flip ply=4}); a game's block draws its final position unless ply\n" +
      "says. Other blocks, and ~~~fen blocks, are left as written. A block that\n" +
      "cannot be drawn is left as written and reported as file:line:column; the\n" +
      "exit code is then not 0. The picture options below are every block's\n" +
      "defaults, as the command's own options mean them.",
    options: [
      {
        name: "out-dir",
        value: "<dir>",
        help: "write each picture to <dir>, named by its content, and link it",
      },
      {
        name: "format",
        value: "<name>",
        choices: PICTURE_FORMATS,
        default: "svg",
        help: "the pictures' format (png needs --out-dir)",
      },
      {
        name: "pandoc",
        help:
          "be a Pandoc JSON filter: AST on stdin, the target format as operand",
      },
      ...pictures.rows,
      HELP_OPTION,
    ],
  };
}

/** `fen md`'s front end, with the command's picture options. */
export function mdProgram(pictures: PictureOptions): Program {
  return {
    spec: mdSpec(pictures),
    run: (parsed, io) => md(parsed, io, pictures),
  };
}

/**
 * Runs `fen md` with its parsed command line.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @param pictures The command's picture options.
 * @returns The exit code.
 */
async function md(
  parsed: ParsedArgs,
  io: CliIo,
  pictures: PictureOptions,
): Promise<number> {
  try {
    const read = pictures.reader(pictureArgv(parsed, pictures.rows));
    const pandoc = parsed.values.has("pandoc");
    const target = pandoc ? pandocTarget(parsed) : undefined;
    const outDir = valueOf(parsed, "out-dir") ?? null;
    const format = (valueOf(parsed, "format") ??
      (holdsHtml(target) ? "svg" : "png")) as PictureFormat;
    if (outDir === null && !holdsHtml(target)) {
      throw new UsageError(
        `Pandoc's ${target} documents cannot hold inline SVG: give --out-dir <dir> for image files (PNG unless --format svg)`,
      );
    }
    if (outDir === null && format === "png") {
      throw new UsageError("--format png writes image files: give --out-dir");
    }
    if (outDir !== null && !prepareOutDir(outDir, io)) return EXIT.ioError;
    const maker = new PictureMaker({ format, outDir, io });
    await maker.load();
    if (pandoc) return await filter(io, { read, pictures: maker });
    let code: ExitCode = EXIT.ok;
    const names = parsed.operands.length === 0 ? ["-"] : parsed.operands;
    for (const name of names) {
      const shown = name === "-" ? "<stdin>" : escapeText(name);
      const text = decode(await readAll(name, io), shown);
      const result = await renderMarkdown(text, { read, pictures: maker });
      writeAll(io.stdout, new TextEncoder().encode(result.text));
      for (const problem of result.problems) {
        writeText(
          io.stderr,
          `fen: md: ${shown}:${problem.line}:${problem.column}: ${
            escapeText(lowered(problem.message))
          }\n`,
        );
        code = worse(code, problem.exit);
      }
    }
    return code;
  } catch (error) {
    return failed(error, io);
  }
}

/** The filter's run: the AST from stdin, the filtered AST to stdout. */
async function filter(
  io: CliIo,
  options: { read: BlockReader; pictures: PictureMaker },
): Promise<number> {
  const text = decode(await readAll("-", io), "<stdin>");
  let result;
  try {
    result = await pandocFilter(text, options);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new SubcommandError(
      `--pandoc reads Pandoc's JSON on stdin: ${lowered(error.message)}`,
      EXIT.invalidFen,
    );
  }
  writeText(io.stdout, result.json);
  let code: ExitCode = EXIT.ok;
  for (const problem of result.problems) {
    writeText(
      io.stderr,
      `fen: md: fen block ${problem.block}: ${
        escapeText(lowered(problem.message))
      }\n`,
    );
    code = worse(code, problem.exit);
  }
  return code;
}

/** The target format Pandoc names (none when run by hand: HTML). */
function pandocTarget(parsed: ParsedArgs): string | undefined {
  if (parsed.operands.length > 1) {
    throw new UsageError(
      "--pandoc takes one operand, the target format Pandoc names, and reads stdin",
    );
  }
  return parsed.operands[0];
}

/** A whole document's bytes (`-`: stdin), read as the other subcommands read. */
async function readAll(name: string, io: CliIo): Promise<Uint8Array> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await frameOf(io, "md").read([name], (chunk) => chunks.push(chunk.slice()));
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** A document's text; one that is not UTF-8 is refused, never rewritten. */
function decode(bytes: Uint8Array, shown: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
      .decode(bytes);
  } catch {
    throw new SubcommandError(
      `${shown} is not UTF-8 text: its bytes could not be written back as they are`,
      EXIT.invalidFen,
    );
  }
}

function failed(error: unknown, io: CliIo): number {
  if (error instanceof SubcommandError || error instanceof PictureError) {
    writeText(io.stderr, `fen: md: ${error.message}\n`);
    return error.exit;
  }
  if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
  throw error;
}
