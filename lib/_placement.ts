// The piece-placement scanner shared by parseFen, fen2grid and the batch
// stream. It works on char codes into a reused buffer because it is the hot
// path of every format.

import { FenSyntaxError } from "./error.ts";

/** Char code to 1 for the twelve piece letters, 0 otherwise. */
export const IS_PIECE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of "KQRBNPkqrbnp") table[c.charCodeAt(0)] = 1;
  return table;
})();

const SLASH = 47;
const DIGIT_0 = 48;
const DIGIT_8 = 56;

/** Whether `code` is a space, tab, or line break: what ends the placement. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Reads the placement field of `text` from `start` into `cells` (64 char
 * codes in reading order, 0 for empty) and returns where the field ends (the
 * first blank, or `end`). A `/` after the eighth rank is accepted unless
 * `strict`.
 */
export function scanPlacement(
  text: string,
  start: number,
  end: number,
  cells: Uint8Array,
  strict: boolean,
): number {
  const length = end;
  let i = start;
  let cell = 0;
  let rank = 0; // ranks finished
  let rankStart = start;
  let filled = 0; // squares in the current rank
  let lastWasDigit = false;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && IS_PIECE[c] === 1) {
      if (++filled > 8) checkRank(text, rank, rankStart, filled);
      cells[cell++] = c;
      lastWasDigit = false;
    } else if (c > DIGIT_0 && c <= DIGIT_8) {
      if (lastWasDigit) {
        throw new FenSyntaxError(
          `consecutive digits "${text.slice(i - 1, i + 1)}" at column ${
            i - 1
          } (two digits never follow each other in FEN)`,
          { field: "placement", column: i - 1 },
        );
      }
      filled += c - DIGIT_0;
      if (filled > 8) checkRank(text, rank, rankStart, filled);
      for (let n = c - DIGIT_0; n > 0; n--) cells[cell++] = 0;
      lastWasDigit = true;
    } else if (c === SLASH) {
      checkRank(text, rank, rankStart, filled);
      rank++;
      filled = 0;
      lastWasDigit = false;
      rankStart = i + 1;
      if (rank === 8) {
        if (!strict && (i + 1 === length || isBlank(text.charCodeAt(i + 1)))) {
          return i + 1;
        }
        throw new FenSyntaxError(
          `placement has more than 8 ranks (column ${i})`,
          { field: "placement", column: i },
        );
      }
    } else if (isBlank(c)) {
      break;
    } else {
      throw new FenSyntaxError(
        `${
          quoteChar(c)
        } at column ${i} is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8`,
        { field: "placement", column: i },
      );
    }
  }
  if (rank === 0 && filled === 0 && i === start) {
    throw new FenSyntaxError(`piece placement is empty (column ${start})`, {
      field: "placement",
      column: start,
    });
  }
  checkRank(text, rank, rankStart, filled);
  if (rank !== 7) {
    throw new FenSyntaxError(
      `placement has ${rank + 1} rank${
        rank ? "s" : ""
      }, expected 8 (column ${i})`,
      { field: "placement", column: i },
    );
  }
  return i;
}

function checkRank(
  text: string,
  rank: number,
  rankStart: number,
  filled: number,
): void {
  if (filled === 8) return;
  // Recount so an overflow reports the squares the rank really describes.
  let squares = 0;
  for (let i = rankStart; i < text.length && i - rankStart < 64; i++) {
    const c = text.charCodeAt(i);
    if (c > DIGIT_0 && c <= DIGIT_8) squares += c - DIGIT_0;
    else if (c < 128 && IS_PIECE[c] === 1) squares++;
    else break;
  }
  throw new FenSyntaxError(
    `rank ${8 - rank} has ${squares} square${
      squares === 1 ? "" : "s"
    }, expected 8 (column ${rankStart})`,
    { field: "placement", column: rankStart },
  );
}

/** A character quoted for a message, with invisible ones spelled out. */
export function quoteChar(code: number): string {
  if (code >= 33 && code < 127) return `"${String.fromCharCode(code)}"`;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}
