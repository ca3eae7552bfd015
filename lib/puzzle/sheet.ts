/**
 * `fen puzzles`' sheet of diagrams: a Markdown page, a section a puzzle
 * (its id linked to the game, the diagram of the position the solver
 * faces, the side to move and the themes under it, the solution folded
 * away). The diagrams are drawn as `fen md` draws its blocks (one
 * {@linkcode PictureMaker}: inline SVG, or SVG or PNG files named by their
 * content); a GIF plays the solution out, as `--format gif` animates a
 * game, through the same GIF renderer. Loaded only for a sheet.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { ProgramError } from "../program/frame.ts";
import { osReason } from "../program/messages.ts";
import { parseFen } from "../fen/mod.ts";
import { playMoves } from "../moves/mod.ts";
import type { GifFrame, GifRenderer } from "../gif/mod.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import {
  type Picture,
  PictureError,
  PictureMaker,
} from "../markdown/diagram.ts";
import { pictureLines } from "../markdown/document.ts";
import { blockBoard } from "../markdown/block.ts";
import {
  type PuzzleRow,
  PuzzleRowError,
  type SheetPicture,
  solutionMovetext,
  type SolverView,
  solverView,
} from "./rows.ts";

/**
 * Where a sheet's pictures go, the folder of its files (none: inline SVG),
 * and their look (the command's picture options).
 */
export interface SheetOptions {
  readonly outDir: string | null;
  readonly look: RenderSvgOptions;
  readonly io: Pick<CliIo, "writeFileSync" | "renameSync" | "removeSync">;
}

/** A sheet under way: its drawer, and the GIF renderer for a GIF sheet. */
export class PuzzleSheet {
  readonly #pictures: PictureMaker;
  readonly #gif: GifRenderer | null;
  readonly #look: RenderSvgOptions;

  private constructor(
    pictures: PictureMaker,
    { gif, look }: { gif: GifRenderer | null; look: RenderSvgOptions },
  ) {
    this.#pictures = pictures;
    this.#gif = gif;
    this.#look = look;
  }

  /**
   * A sheet of `kind`, what it draws with loaded first.
   *
   * @throws {ProgramError} When the rasterizer cannot be loaded.
   */
  static async open(
    kind: SheetPicture,
    { outDir, look, io }: SheetOptions,
  ): Promise<PuzzleSheet> {
    const format = kind === "png" ? "png" : "svg";
    const pictures = new PictureMaker({
      format,
      outDir: kind === "inline" ? null : outDir,
      io,
    });
    try {
      await pictures.load();
      const gif = kind === "gif" ? await gifs() : null;
      return new PuzzleSheet(pictures, { gif, look });
    } catch (error) {
      throw programError(error);
    }
  }

  /**
   * A puzzle's section of the page. Its moves are played at once, so that
   * a row whose moves are not legal is refused as the text formats refuse
   * it; then it is drawn.
   *
   * @throws {PuzzleRowError} If its moves cannot be played.
   */
  write(row: PuzzleRow): Promise<string> {
    const view = solverView(row);
    return this.#picture(row, view).then(
      (picture) => section(row, { view, picture }),
      (error) => {
        throw programError(error);
      },
    );
  }

  /** The diagram (or the GIF) of a puzzle, from the solver's side. */
  #picture(row: PuzzleRow, view: SolverView): Promise<Picture> {
    const flip = view.fen.split(" ")[1] === "b";
    if (this.#gif !== null) return this.#animation(row, flip);
    const settings = {
      svg: { ...this.#look, flip, lastMove: row.moves[0], sideToMove: true },
      ply: "last" as const,
      rules: "chess" as const,
    };
    return this.#pictures.draw(blockBoard(view.fen, settings), settings);
  }

  /** A GIF of the puzzle: the opponent's move, then the solution played out. */
  async #animation(row: PuzzleRow, flip: boolean): Promise<Picture> {
    const frames: GifFrame[] = [{ position: row.fen }];
    let position = parseFen(row.fen);
    for (const move of row.moves) {
      position = playMoves(position, [move]).position;
      frames.push({ position, lastMove: move });
    }
    let bytes: Uint8Array;
    try {
      // the look as the command's GIFs take it (writeGif, lib/cli/format_gif.ts)
      const { style: _, accessible: __, badge: ___, ...look } = this.#look;
      bytes = joined([...this.#gif!.animate(frames, { ...look, flip })]);
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) {
        throw new PictureError(error.message, EXIT.usage);
      }
      throw error;
    }
    return {
      kind: "file",
      link: await this.#pictures.file(bytes, "gif"),
      alt: `Chess animation: puzzle ${row.id}`,
    };
  }
}

/** The GIF renderer, loaded. */
async function gifs(): Promise<GifRenderer> {
  let module: typeof import("../gif/mod.ts");
  try {
    module = await import("../gif/mod.ts");
  } catch (error) {
    throw new PictureError(
      `--format gif needs the GIF renderer, which this build of fen leaves out (${
        osReason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  return await module.createGifRenderer();
}

/** A picture's failure as the program's, one line and its exit code. */
function programError(error: unknown): unknown {
  if (error instanceof PuzzleRowError) return error;
  return error instanceof PictureError
    ? new ProgramError(error.message, error.exit)
    : error;
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A puzzle's section: its id (linked to the game), its picture, the side
 * to move and the themes, the solution in a `<details>` to unfold.
 */
function section(
  row: PuzzleRow,
  { view, picture }: { view: SolverView; picture: Picture },
): string {
  const side = view.fen.split(" ")[1] === "w" ? "White" : "Black";
  const id = row.gameUrl === ""
    ? row.id
    : `[${row.id}](${row.gameUrl.replace(/[()\s]/g, encodeURIComponent)})`;
  const caption = [
    `**${side} to move**`,
    ...(row.themes.length === 0 ? [] : [row.themes.join(", ")]),
  ].join(" · ");
  return [
    `### Puzzle ${id}`,
    "",
    ...pictureLines(picture, null),
    "",
    caption,
    "",
    "<details><summary>Solution</summary>",
    "",
    solutionMovetext(view).join(" "),
    "",
    "</details>",
    "",
    "",
  ].join("\n");
}
