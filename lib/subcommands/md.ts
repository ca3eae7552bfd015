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
import {
  type OptionSpec,
  parseSubcommand,
  type SubcommandArgs,
  SubcommandError,
  subcommandHelp,
  type SubcommandSpec,
  writeAll,
  writeText,
} from "./args.ts";
import type { BlockReader } from "../markdown/options.ts";
import {
  PICTURE_FORMATS,
  PictureError,
  type PictureFormat,
  PictureMaker,
} from "../markdown/diagram.ts";
import { renderMarkdown } from "../markdown/document.ts";
import { holdsHtml, pandocFilter } from "../markdown/pandoc.ts";

/**
 * The picture options `fen md` takes, which the command gives it (its own
 * option table, lib/cli/option_blocks.ts): every block's defaults as rows
 * of `fen md`'s table, and the reader of a block's options.
 */
export interface PictureOptions {
  /** The rows of `fen md`'s table for the picture options. */
  readonly rows: readonly OptionSpec[];
  /**
   * The reader of a block's options, with the command line's picture
   * options (`--flip`, `--size=240`) as every block's defaults.
   *
   * @throws {UsageError} For a bad default.
   */
  reader(argv: readonly string[]): BlockReader;
}

/** `fen md`'s table, with the picture options' rows. */
export function mdSpec(pictures: PictureOptions): SubcommandSpec {
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
      { name: "help", help: "show this help and exit" },
    ],
  };
}

/**
 * Runs `fen md` with `args` (after the word `md`).
 *
 * @param args The arguments after `md`.
 * @param io The standard streams and files.
 * @param pictures The command's picture options.
 * @returns The exit code.
 */
export async function md(
  args: string[],
  io: CliIo,
  pictures: PictureOptions,
): Promise<number> {
  const spec = mdSpec(pictures);
  try {
    const parsed = parseSubcommand(spec, args);
    if (parsed.values.has("help")) {
      writeText(io.stdout, subcommandHelp(spec));
      return EXIT.ok;
    }
    const read = pictures.reader(pictureArgv(parsed, pictures));
    const pandoc = parsed.values.has("pandoc");
    const target = pandoc ? pandocTarget(parsed) : undefined;
    const outDir = parsed.values.get("out-dir")?.[0] ?? null;
    const format = (parsed.values.get("format")?.[0] ??
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
    return failed(error, io, spec);
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
function pandocTarget(parsed: SubcommandArgs): string | undefined {
  if (parsed.operands.length > 1) {
    throw new UsageError(
      "--pandoc takes one operand, the target format Pandoc names, and reads stdin",
    );
  }
  return parsed.operands[0];
}

/** The command line's picture options, as the command's argv words. */
function pictureArgv(
  parsed: SubcommandArgs,
  pictures: PictureOptions,
): string[] {
  const argv: string[] = [];
  for (const { name, value } of pictures.rows) {
    for (const given of parsed.values.get(name) ?? []) {
      argv.push(value === undefined ? `--${name}` : `--${name}=${given}`);
    }
  }
  return argv;
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

function failed(error: unknown, io: CliIo, spec: SubcommandSpec): number {
  if (error instanceof UsageError) {
    writeText(
      io.stderr,
      `fen: md: ${error.message}\nUsage: fen md [options] ${spec.operands}\n` +
        `'fen md --help' lists the options.\n`,
    );
    return EXIT.usage;
  }
  if (error instanceof SubcommandError || error instanceof PictureError) {
    writeText(io.stderr, `fen: md: ${error.message}\n`);
    return error.exit;
  }
  if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
  throw error;
}
