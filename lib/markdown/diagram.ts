// A block's picture: the command's drawing (lib/svg) or its PNG renderer
// (lib/raster), kept inline or written as a file named by its content, so
// that the same diagram is one file however often a document shows it, and
// a file's name changes only when its picture does.

import { renderSvg } from "../svg/mod.ts";
import { shapeMarks } from "../svg/letters.ts";
import type { PngRenderer } from "../raster/png.ts";
import type { CliIo } from "../program/io.ts";
import { osReason } from "../program/messages.ts";
import { writeThroughPart } from "../program/out_files.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import type { BlockBoard } from "./block.ts";
import type { BlockSettings } from "./options.ts";

/** The picture formats a document's diagrams take. */
export const PICTURE_FORMATS = ["svg", "png"] as const;

/** A picture format: `svg` or `png`. */
export type PictureFormat = typeof PICTURE_FORMATS[number];

/** A drawn block: the SVG to put inline, or the file written and its link. */
export type Picture =
  | { readonly kind: "inline"; readonly svg: string; readonly alt: string }
  | { readonly kind: "file"; readonly link: string; readonly alt: string };

/** A picture that cannot be drawn or written: what is wrong and its exit code. */
export class PictureError extends Error {
  /** The exit code it means. */
  readonly exit: ExitCode;

  /**
   * @param message What is wrong.
   * @param exit The exit code.
   */
  constructor(message: string, exit: ExitCode) {
    super(message);
    this.name = "PictureError";
    this.exit = exit;
  }
}

/** Where pictures go: inline (`outDir` null) or files, and their format. */
export interface PictureOptions {
  readonly format: PictureFormat;
  /** The folder, as given (links name it so), or `null` for inline SVG. */
  readonly outDir: string | null;
  /** Writes the files. */
  readonly io: Pick<CliIo, "writeFileSync" | "renameSync" | "removeSync">;
}

/** Draws a document's blocks: one per document, it writes each file once. */
export class PictureMaker {
  readonly #options: PictureOptions;
  readonly #written = new Set<string>();
  #png: PngRenderer | null = null;

  constructor(options: PictureOptions) {
    this.#options = options;
  }

  /**
   * Loads what the format needs before any block is drawn (the PNG
   * rasterizer), so that a build without it says so once.
   *
   * @throws {PictureError} When the rasterizer cannot be loaded.
   */
  async load(): Promise<void> {
    if (this.#options.format !== "png" || this.#png !== null) return;
    let png: typeof import("../raster/png.ts");
    try {
      png = await import("../raster/png.ts");
    } catch (error) {
      throw new PictureError(
        `--format png needs the rasterizer, which this build of fen leaves out: run cli.ts or the compiled binary (${
          osReason(error).split("\n")[0]
        })`,
        EXIT.usage,
      );
    }
    // Sprites, as fen serve draws: a document's boards share a look.
    this.#png = await png.createPngRenderer({ sprites: true });
  }

  /**
   * Draws a block.
   *
   * @throws {PictureError} When it cannot be drawn as asked or written.
   */
  async draw(board: BlockBoard, settings: BlockSettings): Promise<Picture> {
    const { format, outDir } = this.#options;
    const svg = board.shapes.length === 0
      ? { ...settings.svg }
      : { ...settings.svg, ...shapeMarks(board.shapes, settings.svg) };
    if (board.lastMove !== null && svg.lastMove === undefined) {
      svg.lastMove = board.lastMove;
    }
    const alt = `Chess diagram: ${board.fen}`;
    let bytes: Uint8Array;
    try {
      if (format === "svg") {
        const text = renderSvg(board.board, svg);
        if (outDir === null) return { kind: "inline", svg: text, alt };
        bytes = new TextEncoder().encode(text);
      } else {
        if (svg.style === "classic") {
          throw new PictureError(
            "style classic is drawn only as SVG (PNG is always the vector style)",
            EXIT.usage,
          );
        }
        const { style: _, accessible: __, ...png } = svg;
        await this.load();
        bytes = this.#png!.render(board.board, png);
      }
    } catch (error) {
      if (error instanceof PictureError) throw error;
      if (error instanceof RangeError || error instanceof TypeError) {
        throw new PictureError(error.message, EXIT.usage);
      }
      throw error;
    }
    return { kind: "file", link: await this.file(bytes), alt };
  }

  /**
   * Writes a picture's bytes into the folder under its content's name
   * (`fen-` and 16 hex digits, then `.extension`: the format's unless
   * given, as for a GIF), once however often it comes; its link.
   *
   * @throws {PictureError} When it cannot be written.
   */
  async file(
    bytes: Uint8Array,
    extension: string = this.#options.format,
  ): Promise<string> {
    const { outDir, io } = this.#options;
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
    );
    const hex = Array.from(
      digest.subarray(0, 8),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    const name = `fen-${hex}.${extension}`;
    const dir = outDir!.replace(/\\/g, "/").replace(/\/+$/, "");
    const path = dir === ""
      ? `/${name}`
      : dir === "."
      ? name
      : `${dir}/${name}`;
    if (!this.#written.has(path)) {
      try {
        writeThroughPart(io, path, bytes);
      } catch (error) {
        throw new PictureError(
          `cannot write ${JSON.stringify(path)}: ${osReason(error)}`,
          EXIT.ioError,
        );
      }
      this.#written.add(path);
    }
    return path;
  }
}
