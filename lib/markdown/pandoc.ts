// `fen md --pandoc`: a Pandoc JSON filter. Pandoc runs it with its
// document as JSON on stdin and the target format as its argument; each
// CodeBlock with the class `fen` (```fen, or ```{.fen ply=4 .flip}) becomes
// a RawBlock of inline SVG for HTML targets, or an image file and an Image
// for the others (LaTeX, Word...) and whenever `--out-dir` is given. Every
// other node is written back as Pandoc wrote it.

import type { ExitCode } from "../program/exit.ts";
import { EXIT } from "../program/exit.ts";
import { blockBoard, BlockError } from "./block.ts";
import { type Picture, PictureError, type PictureMaker } from "./diagram.ts";
import { pictureLines } from "./document.ts";
import { pandocInfo } from "./info.ts";
import { BlockOptionError, type BlockReader } from "./options.ts";

/**
 * The targets whose documents hold raw HTML, and so inline SVG: Pandoc's
 * HTML, EPUB and slide writers, and the Markdown ones.
 */
export const HTML_TARGETS: readonly string[] = [
  "html",
  "html4",
  "html5",
  "chunkedhtml",
  "epub",
  "epub2",
  "epub3",
  "revealjs",
  "slidy",
  "slideous",
  "s5",
  "dzslides",
  "markdown",
  "markdown_strict",
  "markdown_phpextra",
  "markdown_mmd",
  "markdown_github",
  "gfm",
  "commonmark",
  "commonmark_x",
];

/** Whether a target holds inline SVG (no target named: Pandoc's default, HTML). */
export function holdsHtml(target: string | undefined): boolean {
  return target === undefined ||
    HTML_TARGETS.includes(target.replace(/[+-].*$/, ""));
}

/** A block the filter left as it was: which (from 1), what, and its exit code. */
export interface PandocProblem {
  readonly block: number;
  readonly message: string;
  readonly exit: ExitCode;
}

type Node = { t: string; c?: unknown };
type Attr = [string, string[], [string, string][]];

/**
 * Runs the filter over a Pandoc document's JSON.
 *
 * @param json Pandoc's JSON AST.
 * @param options The blocks' option reader and the drawer.
 * @returns The document's JSON with the fen blocks replaced, and the
 * blocks that could not be drawn (left as code blocks).
 * @throws {SyntaxError} When the input is not JSON.
 */
export async function pandocFilter(
  json: string,
  options: { read: BlockReader; pictures: PictureMaker },
): Promise<{ json: string; problems: PandocProblem[] }> {
  const document = JSON.parse(json);
  const problems: PandocProblem[] = [];
  let count = 0;
  const visit = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = await visit(value[i]);
      return value;
    }
    if (typeof value !== "object" || value === null) return value;
    const node = value as Node;
    if (node.t === "Para" && misread(node)) {
      problems.push({
        block: ++count,
        message:
          "Pandoc's Markdown read a fen block's options as inline code: write them as attributes, {.fen .flip size=300}",
        exit: EXIT.usage,
      });
      return node;
    }
    if (node.t === "CodeBlock") {
      const [attr, text] = node.c as [Attr, string];
      const info = pandocInfo(attr);
      if (info === null) return node;
      const block = ++count;
      try {
        const settings = options.read(info.options);
        const board = blockBoard(text, settings);
        return pictureNode(await options.pictures.draw(board, settings), attr);
      } catch (error) {
        if (
          !(error instanceof BlockOptionError || error instanceof BlockError ||
            error instanceof PictureError)
        ) throw error;
        const place = error instanceof BlockError
          ? ` (line ${error.line + 1}, column ${error.column + 1})`
          : "";
        problems.push({
          block,
          message: `${error.message}${place}`,
          exit: error instanceof BlockOptionError ? EXIT.usage : error.exit,
        });
        return node;
      }
    }
    for (const key of Object.keys(node)) {
      (node as Record<string, unknown>)[key] = await visit(
        (node as Record<string, unknown>)[key],
      );
    }
    return node;
  };
  await visit(document.blocks);
  return { json: JSON.stringify(document), problems };
}

/**
 * Whether a paragraph is a ```fen block that Pandoc's Markdown did not
 * read as one: its info string held words (```fen flip), which Pandoc
 * takes only as attributes, so the fence became inline code.
 */
function misread(node: Node): boolean {
  const inlines = node.c as Node[];
  return inlines.length === 1 && inlines[0].t === "Code" &&
    /^fen\s/.test((inlines[0].c as [unknown, string])[1]);
}

/** A picture as a Pandoc block: raw HTML, or a paragraph of one image. */
function pictureNode(picture: Picture, attr: Attr): Node {
  if (picture.kind === "inline") {
    const html = pictureLines(picture, attr[0] === "" ? null : attr[0]);
    return { t: "RawBlock", c: ["html", html.join("\n")] };
  }
  const alt = picture.alt.split(" ").flatMap((word, k) =>
    k === 0 ? [{ t: "Str", c: word }] : [{ t: "Space" }, { t: "Str", c: word }]
  );
  return {
    t: "Para",
    c: [{
      t: "Image",
      c: [[attr[0], ["fen-diagram"], []], alt, [picture.link, ""]],
    }],
  };
}
