// What a program reads and writes, declared beside it (the subcommands'
// registry, lib/subcommands/mod.ts; the command's, lib/cli/option_subcommands.ts): its words in messages, and
// invocations that read an input and write to stdout. The one test of
// every program (tests/e2e/programs_frame_test.ts) runs each declared
// program through the same hostile cases with them, so that a new program
// is held to the frame by being declared.

/** Valid inputs of each kind, for the programs' frame declarations. */
export const FRAME_SAMPLES: {
  readonly games: string;
  readonly position: string;
  readonly bareKings: string;
  readonly document: string;
  readonly treeLine: string;
} = (() => {
  const position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  const bareKings = "8/8/8/8/8/8/8/K6k";
  return {
    games: '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n' +
      '[Event "b"]\n[Result "0-1"]\n\n1. e4 c5 0-1\n',
    position,
    bareKings,
    document: "# Two boards\n\n```fen\n" + bareKings + "\n```\n\n" +
      "```fen\n" + position + "\n```\n",
    treeLine: '{"fen":"' + position + '","white":1,"draws":0,' +
      '"black":0,"moves":[]}\n',
  };
})();

/** A way a program reads an input, as a sample invocation. */
export interface FrameRead {
  /** Its arguments; `FILE` stands for the input (`-`: stdin). */
  readonly args: readonly string[];
  /**
   * What the input is: `text` is read through the sniffer (compressed text
   * is read, binary data refused with exit 4); `file` is a file of the
   * program's own binary format (anything else is invalid, exit 2).
   */
  readonly input: "text" | "file";
  /** A valid input, for `text` (read whole, compressed, cut by a signal). */
  readonly sample?: string;
}

/** A way a program writes to stdout, as a sample invocation. */
export interface FrameWrite {
  /** Its arguments. */
  readonly args: readonly string[];
  /** What it reads on stdin, if anything. */
  readonly stdin?: string;
}

/** A way a program writes files into a folder, as a sample invocation. */
export interface FrameFiles {
  /** Its arguments; `DIR` stands for the folder. */
  readonly args: readonly string[];
  /** What it reads on stdin, if anything. */
  readonly stdin?: string;
  /** The name of a file it writes there. */
  readonly name: string;
}

/** How a program meets the input/output frame (lib/program/frame.ts). */
export interface FrameUse {
  /**
   * Its first argument is a word of its own (`book make`), which its
   * messages carry after its name.
   */
  readonly nested?: boolean;
  /** Invocations that read an input. */
  readonly reads: readonly FrameRead[];
  /** Invocations that write to stdout. */
  readonly writes: readonly FrameWrite[];
  /**
   * Invocations that write files into a folder (through `.part` files,
   * lib/program/out_files.ts), if any.
   */
  readonly files?: readonly FrameFiles[];
}

/**
 * A subcommand's words in its messages: `tree`, or `book make` for a
 * nested one given its word.
 *
 * @param word The subcommand's word.
 * @param use Its declaration.
 * @param args The arguments after its word.
 * @returns The words after `fen: `.
 */
export function programWords(
  word: string,
  use: FrameUse,
  args: readonly string[],
): string {
  const next = args[0];
  return use.nested === true && next !== undefined && /^[a-z]+$/.test(next)
    ? `${word} ${next}`
    : word;
}
