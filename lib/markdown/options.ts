// What a fen block's options come to, and how they are read: the reader
// is the program's (`fen md` is given the command's option table), so that
// this folder depends on no program's options.

import type { RenderSvgOptions } from "../svg/mod.ts";
import { UsageError } from "../program/usage_error.ts";
import type { BlockOption } from "./info.ts";
import type { Rules } from "../types.ts";

/** A block's options read: the drawing's options, and the ply asked for. */
export interface BlockSettings {
  readonly svg: RenderSvgOptions;
  /** The ply of a game, `"last"` unless given. */
  readonly ply: number | "last";
  /**
   * The rules of a FEN record, and of a game without a `Variant` tag
   * (`variant=`; `chess960`, whose castling `KQkq` reads as X-FEN).
   */
  readonly rules: Rules;
}

/**
 * Reads a block's options, over the document's defaults.
 *
 * @throws {BlockOptionError} Naming the option that cannot be used.
 */
export type BlockReader = (options: readonly BlockOption[]) => BlockSettings;

/** A block option that cannot be used: what is wrong, and which option. */
export class BlockOptionError extends UsageError {
  /** The option, as the block wrote it, or `null` when it is the combination. */
  readonly option: BlockOption | null;

  /**
   * @param message What is wrong.
   * @param option The option, or `null` when it is the combination.
   */
  constructor(message: string, option: BlockOption | null) {
    super(message);
    this.name = "BlockOptionError";
    this.option = option;
  }
}
