// Reads the EPD records of the peers' variant perft tables into Positions:
// crazyhouse pockets (`[Qn]` or a ninth rank), promoted pieces (`Q~`) and
// three-check's remaining checks (`1+1` after the en-passant square), the
// fields our FEN codec reads for variants, spelled out here so that the
// move tests stand on their own.

import { parseFen } from "../../../lib/fen/mod.ts";
import {
  type Pocket,
  type Position,
  type Square,
  squareName,
} from "../../../lib/types.ts";

function pocket(letters: string): Pocket {
  const counts: Pocket = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
  for (const letter of letters) counts[letter as keyof Pocket]++;
  return counts;
}

/** The position of an EPD record (four fields, maybe a checks field). */
export function variantEpd(epd: string): Position {
  const [placement, turn, castling, ep, checks] = epd.trim().split(/\s+/);
  let board = placement, hand: string | undefined;
  if (board.endsWith("]")) {
    const open = board.indexOf("[");
    hand = board.slice(open + 1, -1);
    board = board.slice(0, open);
  } else if (board.split("/").length === 9) {
    hand = board.slice(board.lastIndexOf("/") + 1);
    board = board.slice(0, board.lastIndexOf("/"));
  }
  const promoted: Square[] = [];
  let index = 0;
  for (const c of board) {
    if (c === "~") promoted.push(squareName(index - 1));
    else if (c >= "1" && c <= "8") index += Number(c);
    else if (c !== "/") index++;
  }
  const position = parseFen(
    `${board.replaceAll("~", "")} ${turn} ${castling} ${ep} 0 1`,
    { rules: "chess960" },
  );
  if (hand !== undefined) {
    position.pockets = {
      w: pocket([...hand].filter((c) => c < "a").join("").toLowerCase()),
      b: pocket([...hand].filter((c) => c >= "a").join("")),
    };
    position.promoted = promoted;
  }
  if (checks !== undefined && checks.includes("+")) {
    const [w, b] = checks.split("+").map(Number);
    position.remainingChecks = { w, b };
  }
  return position;
}

/** One position of a perft table and its counts by depth. */
export interface PerftCase {
  id: string;
  epd: string;
  counts: [depth: number, nodes: number][];
}

/** The cases of a perft file in python-chess's format (id, epd, perft lines). */
export function perftCases(text: string): PerftCase[] {
  const cases: PerftCase[] = [];
  for (const line of text.split("\n")) {
    const [command, ...rest] = line.trim().split(/\s+/);
    const arg = rest.join(" ");
    if (command === "id") cases.push({ id: arg, epd: "", counts: [] });
    else if (command === "epd") cases.at(-1)!.epd = arg;
    else if (command === "perft") {
      const [depth, nodes] = arg.split(" ").map(Number);
      cases.at(-1)!.counts.push([depth, nodes]);
    }
  }
  return cases;
}
