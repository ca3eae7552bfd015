// `fen md`'s work on one document: each ```fen block (backtick fences; a
// tilde fence ~~~fen is the way to show one's source) replaced by its
// picture, every other byte as it was. A block that cannot be drawn is left
// as written and reported at its line and column; the others are drawn.

import type { ExitCode } from "../program/exit.ts";
import { EXIT } from "../program/exit.ts";
import { blockBoard, BlockError } from "./block.ts";
import { type Picture, PictureError, type PictureMaker } from "./diagram.ts";
import { type Fence, type Line, scanFences, splitLines } from "./fences.ts";
import { type BlockInfo, InfoError, readInfo } from "./info.ts";
import { BlockOptionError, type BlockReader } from "./options.ts";

/** A block that could not be drawn: where (from 1), what, and its exit code. */
export interface Problem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly exit: ExitCode;
}

/** A document with its blocks drawn, and the blocks that could not be. */
export interface MarkdownResult {
  readonly text: string;
  readonly problems: readonly Problem[];
}

/** What drawing a document needs: the blocks' option reader, and the drawer. */
export interface MarkdownOptions {
  /** Reads a block's options (over the command line's). */
  readonly read: BlockReader;
  readonly pictures: PictureMaker;
}

/**
 * Replaces each ```` ```fen ```` block of a Markdown document by its
 * diagram; the rest is written back byte for byte.
 *
 * @param text The document.
 * @param options The option reader and the drawer.
 * @returns The new document, and the blocks left as they were, with why.
 */
export async function renderMarkdown(
  text: string,
  options: MarkdownOptions,
): Promise<MarkdownResult> {
  // A byte order mark is not part of the first line's text: kept, not scanned.
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const lines = splitLines(text.slice(bom.length));
  const problems: Problem[] = [];
  let out = bom;
  let next = 0; // the first line not yet written
  for (const fence of scanFences(lines)) {
    if (fence.char !== "`") continue;
    const drawn = await drawFence(fence, options, problems);
    if (drawn === null) continue;
    for (; next < fence.open; next++) out += lines[next].text + lines[next].end;
    out += replacement(fence, drawn, lines);
    next = fence.close + 1;
  }
  for (; next < lines.length; next++) out += lines[next].text + lines[next].end;
  return { text: out, problems };
}

/** A fence's picture and id, or `null` when it is not a fen block or failed. */
async function drawFence(
  fence: Fence,
  options: MarkdownOptions,
  problems: Problem[],
): Promise<{ picture: Picture; id: string | null } | null> {
  const at = (line: number, column: number, message: string, exit: ExitCode) =>
    problems.push({ line: line + 1, column: column + 1, message, exit });
  let info: BlockInfo | null;
  try {
    info = readInfo(fence.info);
  } catch (error) {
    if (!(error instanceof InfoError)) throw error;
    at(fence.open, fence.infoColumn + error.column, error.message, EXIT.usage);
    return null;
  }
  if (info === null) return null;
  if (fence.close < 0) {
    at(
      fence.open,
      fence.prefix.length,
      "the fen block is not closed (a fence of as many backticks ends it)",
      EXIT.invalidFen,
    );
    return null;
  }
  try {
    const settings = options.read(info.options);
    const board = blockBoard(fence.lines.join("\n"), settings);
    return {
      picture: await options.pictures.draw(board, settings),
      id: info.id,
    };
  } catch (error) {
    if (error instanceof BlockOptionError) {
      const column = error.option === null || error.option.column < 0
        ? 0
        : error.option.column;
      at(fence.open, fence.infoColumn + column, error.message, EXIT.usage);
    } else if (error instanceof BlockError) {
      const start = fence.starts[error.line] ?? 0;
      at(
        fence.open + 1 + error.line,
        start + error.column,
        error.message,
        error.exit,
      );
    } else if (error instanceof PictureError) {
      at(fence.open, fence.prefix.length, error.message, error.exit);
    } else throw error;
    return null;
  }
}

/** The lines that take a fence's place, with its prefixes and line endings. */
function replacement(
  fence: Fence,
  drawn: { picture: Picture; id: string | null },
  lines: readonly Line[],
): string {
  const eol = lines[fence.open].end || "\n";
  const body = pictureLines(drawn.picture, drawn.id);
  let text = "";
  body.forEach((line, k) => {
    const prefix = k === 0 ? fence.prefix : fence.continuation;
    const end = k === body.length - 1 ? lines[fence.close].end : eol;
    text += prefix + line + end;
  });
  // An HTML block ends at a blank line, and a picture's link would run
  // into the paragraph after it: one blank line keeps them apart.
  const after = lines[fence.close + 1];
  if (after !== undefined && !/^[\s>]*$/.test(after.text)) {
    text += fence.continuation.trimEnd() + eol;
  }
  return text;
}

/** A picture as Markdown: inline SVG in a `<div>` (no blank line), or an image link. */
export function pictureLines(picture: Picture, id: string | null): string[] {
  if (picture.kind === "file") {
    const dest = /[\s()<>]/.test(picture.link)
      ? `<${picture.link}>`
      : picture.link;
    return [`![${picture.alt.replace(/[\\[\]]/g, "\\$&")}](${dest})`];
  }
  const open = id === null
    ? '<div class="fen-diagram">'
    : `<div class="fen-diagram" id="${escapeAttribute(id)}">`;
  const svg = picture.svg.split("\n").filter((line) => line.trim() !== "");
  return [open, ...svg, "</div>"];
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
