/**
 * A repertoire written as PGN: one game per first move (lichess imports
 * each as a chapter of a study), the first move prepared in a position as
 * the line and the others as variations. A position two lines reach
 * (a transposition) is continued once, where it is first written; read
 * back, the PGN gives the same positions and moves.
 *
 * @module
 */

import type {
  Repertoire,
  RepertoireMove,
  RepertoireNode,
} from "./repertoire.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Which positions are written, and for which side. */
export interface RepertoirePgnOptions {
  /** Whether a position is kept (all by default); the starts always are. */
  keep?: (node: RepertoireNode) => boolean;
  /** The side the repertoire is for: an `Orientation` tag, as lichess writes. */
  color?: "white" | "black";
}

/**
 * The repertoire as PGN: see the comment at the top of the file.
 *
 * @example A transposition written once
 * ```ts
 * import { Repertoire } from "./repertoire.ts";
 * import { repertoirePgn } from "./repertoire_pgn.ts";
 * import assert from "node:assert/strict";
 *
 * const repertoire = Repertoire.fromPgn("1. d4 Nf6 2. c4 e6 3. Nc3 *\n\n1. c4 e6 2. d4 Nf6 *");
 * const pgn = repertoirePgn(repertoire);
 * assert.match(pgn, /\n1\. d4 Nf6 2\. c4 e6 3\. Nc3 \*\n/);
 * assert.match(pgn, /\n1\. c4 e6 2\. d4 Nf6 \*\n/);
 * ```
 */
export function repertoirePgn(
  repertoire: Repertoire,
  options: RepertoirePgnOptions = {},
): string {
  const writer = new MovetextWriter(options.keep ?? (() => true));
  const games: string[] = [];
  for (const root of repertoire.roots) {
    // The one line from the start up to its first choice, in every
    // chapter: a chapter for each move there.
    const prefix: { from: RepertoireNode; move: RepertoireMove }[] = [];
    let node = root;
    for (let moves; (moves = writer.kept(node)).length === 1;) {
      if (!writer.claim(node)) break;
      prefix.push({ from: node, move: moves[0] });
      node = moves[0].node;
    }
    const branches = writer.claim(node) ? writer.kept(node) : [];
    const chapters = branches.length === 0 && prefix.length > 0
      ? [null]
      : branches;
    for (const branch of chapters) {
      const tokens: string[] = [];
      prefix.forEach(({ from, move }, ply) =>
        writer.move(from, move, { ply, numbered: ply === 0, tokens })
      );
      const ply = prefix.length;
      if (branch !== null) {
        writer.move(node, branch, { ply, numbered: ply === 0, tokens });
        writer.from(branch.node, { ply: ply + 1, numbered: false, tokens });
      }
      const last = branch?.node ?? node;
      games.push(chapter(root, last, { tokens, color: options.color }));
    }
  }
  return games.join("\n");
}

/** One chapter: its tags and movetext. */
function chapter(
  root: RepertoireNode,
  last: RepertoireNode,
  { tokens, color }: { tokens: string[]; color: "white" | "black" | undefined },
): string {
  const tags: [string, string][] = [
    ["Event", `Repertoire: ${last.line === "" ? "start" : last.line}`],
    ["Site", "?"],
    ["Result", "*"],
  ];
  if (color !== undefined) tags.push(["Orientation", color]);
  if (root.fen !== START) tags.push(["SetUp", "1"], ["FEN", root.fen]);
  const head = tags.map(([name, value]) =>
    `[${name} "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]`
  ).join("\n");
  return `${head}\n\n${wrap([...tokens, "*"])}\n`;
}

/** Tokens joined into lines of at most 79 columns. */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "" && line.length + 1 + token.length > 79) {
      lines.push(line);
      line = token;
    } else line = line === "" ? token : `${line} ${token}`;
  }
  if (line !== "") lines.push(line);
  return lines.join("\n");
}

/** Where the writing is: plies from the chapter's start, whether a number is due. */
interface Place {
  ply: number;
  numbered: boolean;
  tokens: string[];
}

/** The movetext of the chapters, each position continued once. */
class MovetextWriter {
  readonly #keep: (node: RepertoireNode) => boolean;
  readonly #written = new Set<RepertoireNode>();
  #start: RepertoireNode | null = null;

  constructor(keep: (node: RepertoireNode) => boolean) {
    this.#keep = keep;
  }

  /** The moves of `node` to positions kept. */
  kept(node: RepertoireNode): RepertoireMove[] {
    return node.moves.filter((move) => this.#keep(move.node));
  }

  /** Writes a move with its number when one is due. */
  move(from: RepertoireNode, move: RepertoireMove, place: Place): void {
    if (place.ply === 0) this.#start = from;
    const start = this.#start!;
    const [, turn, , , , full] = start.fen.split(" ");
    const offset = turn === "b" ? 1 : 0;
    const number = Number(full) + Math.floor((place.ply + offset) / 2);
    const white = (place.ply + offset) % 2 === 0;
    const prefix = white
      ? `${number}. `
      : place.numbered
      ? `${number}... `
      : "";
    place.tokens.push(prefix + move.san);
  }

  /** Marks `node` as continued here: false when it is already. */
  claim(node: RepertoireNode): boolean {
    if (this.#written.has(node)) return false;
    this.#written.add(node);
    return true;
  }

  /** Writes the continuation from `node`, unless it is written already. */
  from(node: RepertoireNode, place: Place): void {
    const moves = this.kept(node);
    if (moves.length === 0 || !this.claim(node)) return;
    const [main, ...others] = moves;
    const { ply, tokens } = place;
    this.move(node, main, place);
    for (const other of others) {
      this.move(node, other, { ply, numbered: true, tokens });
      tokens[tokens.length - 1] = `(${tokens[tokens.length - 1]}`;
      this.from(other.node, { ply: ply + 1, numbered: false, tokens });
      tokens[tokens.length - 1] += ")";
    }
    this.from(main.node, {
      ply: ply + 1,
      numbered: others.length > 0,
      tokens,
    });
  }
}
