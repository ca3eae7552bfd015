// Operands as records: which operands make one record, and where `-`
// means stdin. Shared by the one-shot diagram, the general path and the
// subcommands that read records (`fen book probe`), so all read a command
// line the same way; kept apart so the one-shot path loads nothing else.

import { escapeText } from "../_quote.ts";
import { UsageError } from "./usage_error.ts";

/** Fields of a whole FEN record: after them, `-` is stdin again. */
const RECORD_FIELDS = 6;

/**
 * Operands make records: one containing `/` starts a record, and the
 * operands after it fill its fields, `-` included (an unquoted record
 * arrives as six arguments, most with a `-` field), up to six fields; only
 * a `-` where a record would start reads stdin. An operand that `isFile`
 * says is a file (told whether it would fill a record's field) is that
 * file, as `--input` reads it.
 */
export function groupOperands(
  operands: readonly string[],
  isFile: (path: string, inRecord: boolean) => boolean = () => false,
): OperandsSource[] {
  const found: OperandsSource[] = [];
  let current: OperandSource | null = null;
  let fields = 0;
  for (const operand of operands) {
    if (
      current !== null && !operand.includes("/") && fields < RECORD_FIELDS &&
      !isFile(operand, true)
    ) {
      current.text += ` ${operand}`;
      fields += countFields(operand);
    } else if (operand === "-") {
      found.push({ kind: "stdin" });
      current = null;
    } else if (isFile(operand, false)) {
      found.push({ kind: "file", path: operand });
      current = null;
    } else if (current !== null && !operand.includes("/")) {
      current.text += ` ${operand}`; // EPD operations after six fields
    } else {
      if (current === null && !operand.includes("/") && isWord(operand)) {
        throw new NotARecordError(operand);
      }
      current = { kind: "operand", text: operand, number: found.length + 1 };
      fields = countFields(operand);
      found.push(current);
    }
  }
  return found;
}

/**
 * An operand that is a word, neither a FEN-string nor an option (nor a
 * file): the command may know a subcommand it is near.
 */
export class NotARecordError extends UsageError {
  /** The operand. */
  readonly word: string;
  /**
   * Makes the error.
   *
   * @param word The operand.
   */
  constructor(word: string) {
    super(
      `"${
        escapeText(word, 0, word.length, 40)
      }" is neither a FEN-string nor an option (options start with -; see fen --help)`,
    );
    this.name = "NotARecordError";
    this.word = word;
  }
}

/** An operand record. */
export type OperandSource = { kind: "operand"; text: string; number: number };

/** What operands stand for: records, stdin, files. */
export type OperandsSource =
  | OperandSource
  | { kind: "stdin" }
  | { kind: "file"; path: string };

function countFields(text: string): number {
  return text.split(/[\s\u00a0]+/).filter((field) => field !== "").length;
}

/**
 * A word such as `help` or `check`: letters with one that no placement has,
 * so `rnbqkbnr` (a placement of one rank) is an invalid FEN-string like
 * `RNBQKBNR`, not a usage error.
 */
function isWord(operand: string): boolean {
  return /^[a-z][a-z-]+$/.test(operand) && /[^pnbrqk-]/.test(operand);
}
