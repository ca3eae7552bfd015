/**
 * An opening repertoire as one graph of positions: every position the
 * prepared lines reach, told apart by its Polyglot key (so that two move
 * orders reaching one position meet in one node), with the moves prepared
 * there (the union of every line that passes through it). Read from PGN
 * with variations (every game of the file, as a lichess study's chapters),
 * from a Polyglot book or from `fen tree`'s lines; written back as PGN, one
 * game per first move, which lichess imports as a study's chapters.
 *
 * @module
 */

import { PgnWalker } from "../pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import { polyglotKey, polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { parseFen, stringifyFen } from "../fen/mod.ts";
import { playMoves, toSan } from "../moves/play.ts";
import type { Position } from "../types.ts";
import { bookMoves, type PolyglotBook } from "../book/probe.ts";
import { parseTreeLine } from "./sum.ts";
import { KeyIndex } from "./_index.ts";

/** The standard start, as the FEN tag of a chapter that does not start there is compared with. */
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** A move prepared in a position, and the position it leads to. */
export interface RepertoireMove {
  /** In UCI (castling as the king's move). */
  readonly uci: string;
  /** In SAN. */
  readonly san: string;
  /** The position after it. */
  readonly node: RepertoireNode;
}

/** A position of a repertoire: its key, its FEN, the moves prepared in it. */
export interface RepertoireNode {
  /** The Polyglot key's high half. */
  readonly hi: number;
  /** The Polyglot key's low half. */
  readonly lo: number;
  /** The FEN it was first reached with. */
  readonly fen: string;
  /** The side to move. */
  readonly turn: "w" | "b";
  /** The first line that reached it, in SAN with move numbers ("" at a start). */
  readonly line: string;
  /** The moves prepared in it, in the order first read. */
  readonly moves: RepertoireMove[];
  /** How many prepared moves lead into it (more than one: a transposition). */
  parents: number;
}

/** A repertoire that cannot be read: a game of the PGN that fails, a variant. */
export class RepertoireError extends SyntaxError {
  /**
   * @param message What is wrong, in lower case.
   */
  constructor(message: string) {
    super(message);
    this.name = "RepertoireError";
  }
}

/**
 * A repertoire: see the comment at the top of the file.
 *
 * @example Two move orders, one position
 * ```ts
 * import { Repertoire } from "./repertoire.ts";
 * import assert from "node:assert/strict";
 *
 * const repertoire = Repertoire.fromPgn(
 *   "1. d4 Nf6 2. c4 e6 3. Nc3 *\n\n1. c4 e6 2. d4 Nf6 *\n",
 * );
 * const after = repertoire.nodeOf(
 *   "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
 * );
 * assert.deepEqual(after?.moves.map((move) => move.san), ["Nc3"]);
 * assert.equal(after?.parents, 2);
 * ```
 */
export class Repertoire {
  readonly #index = new KeyIndex<RepertoireNode>();
  /** Every position, in the order first read. */
  readonly nodes: RepertoireNode[] = [];
  /** The positions the lines start from (the standard start, FEN tags). */
  readonly roots: RepertoireNode[] = [];
  /** The games (chapters) read from PGN; 0 for a book or a tree. */
  chapters = 0;

  /** The position of key (hi, lo), or undefined. */
  get(hi: number, lo: number): RepertoireNode | undefined {
    return this.#index.get(hi, lo);
  }

  /** The position `fen` names, or undefined when the repertoire lacks it. */
  nodeOf(fen: string): RepertoireNode | undefined {
    const key = polyglotKey(parseFen(fen));
    return this.get(Number(key >> 32n), Number(key & 0xffffffffn));
  }

  /**
   * The position of key (hi, lo), added when new.
   *
   * @param hi The key's high half.
   * @param lo The key's low half.
   * @param made Its FEN and first line, asked for only when it is new.
   */
  add(
    hi: number,
    lo: number,
    made: () => { fen: string; line: string },
  ): RepertoireNode {
    const found = this.#index.get(hi, lo);
    if (found !== undefined) return found;
    const { fen, line } = made();
    const node: RepertoireNode = {
      hi,
      lo,
      fen,
      turn: fen.split(" ")[1] === "b" ? "b" : "w",
      line,
      moves: [],
      parents: 0,
    };
    this.#index.add(hi, lo, node);
    this.nodes.push(node);
    return node;
  }

  /**
   * Adds the move `uci` from `from` to `to` unless it is there; `san`
   * gives its SAN when it is known (else it is worked out).
   */
  link(
    from: RepertoireNode,
    to: RepertoireNode,
    { uci, san }: { uci: string; san?: () => string },
  ): void {
    if (from.moves.some((move) => move.uci === uci)) return;
    from.moves.push({
      uci,
      san: san?.() ?? toSan(parseFen(from.fen), uci),
      node: to,
    });
    to.parents++;
  }

  /** Adds a start of lines, once. */
  root(node: RepertoireNode): void {
    if (!this.roots.includes(node)) this.roots.push(node);
  }

  /**
   * The most plies a game can stay in the repertoire: its longest line
   * (Infinity when a line comes back to a position it passed).
   */
  longestLine(): number {
    const longest = new Map<RepertoireNode, number>();
    const onPath = new Set<RepertoireNode>();
    let cyclic = false;
    // Iterative depth-first search: lines can be long, the stack short.
    const stack: { node: RepertoireNode; next: number }[] = [];
    for (const start of this.nodes) {
      if (longest.has(start)) continue;
      stack.push({ node: start, next: 0 });
      onPath.add(start);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.next < top.node.moves.length) {
          const child = top.node.moves[top.next++].node;
          if (onPath.has(child)) cyclic = true;
          else if (!longest.has(child)) {
            stack.push({ node: child, next: 0 });
            onPath.add(child);
          }
          continue;
        }
        let best = 0;
        for (const move of top.node.moves) {
          best = Math.max(best, 1 + (longest.get(move.node) ?? 0));
        }
        longest.set(top.node, best);
        onPath.delete(top.node);
        stack.pop();
      }
    }
    if (cyclic) return Infinity;
    return Math.max(0, ...this.roots.map((root) => longest.get(root) ?? 0));
  }

  /**
   * Reads a repertoire from PGN: every game, with its variations, into one
   * graph.
   *
   * @param text The PGN.
   * @returns The repertoire.
   * @throws {RepertoireError} For a game that cannot be read, or a variant.
   */
  static fromPgn(text: string): Repertoire {
    const reader = new PgnRepertoireReader();
    reader.push(text);
    return reader.end();
  }

  /**
   * Reads a repertoire from a Polyglot book: every position its moves
   * reach from the standard start.
   *
   * @param book The book.
   * @param options `maxPly`: how deep to follow it (64 plies by default).
   * @returns The repertoire.
   */
  static fromBook(
    book: PolyglotBook,
    { maxPly = 64 }: { maxPly?: number } = {},
  ): Repertoire {
    const repertoire = new Repertoire();
    const start = parseFen(START);
    const root = addPosition(repertoire, start, "");
    repertoire.root(root);
    let level: { node: RepertoireNode; position: Position }[] = [
      { node: root, position: start },
    ];
    for (let ply = 0; ply < maxPly && level.length > 0; ply++) {
      const next: typeof level = [];
      for (const { node, position } of level) {
        for (const move of bookMoves(book, position)) {
          const after = playMoves(position, [move.uci]).position;
          const fresh = repertoire.nodes.length;
          const child = addPosition(
            repertoire,
            after,
            lineAfter(node, move.san),
          );
          repertoire.link(node, child, { uci: move.uci, san: () => move.san });
          if (repertoire.nodes.length > fresh) {
            next.push({ node: child, position: after });
          }
        }
      }
      level = next;
    }
    return repertoire;
  }

  /**
   * Reads a repertoire from `fen tree`'s lines: each position listed, with
   * the moves listed in it.
   *
   * @param text The JSON lines.
   * @returns The repertoire.
   * @throws {RepertoireError} For a line that is not a tree's.
   */
  static fromTreeLines(text: string): Repertoire {
    const repertoire = new Repertoire();
    for (const [index, line] of text.split("\n").entries()) {
      if (line.trim() === "") continue;
      try {
        const tree = parseTreeLine(line);
        const position = parseFen(tree.fen);
        const node = addPosition(repertoire, position, "");
        if (repertoire.nodes.length === 1) repertoire.root(node);
        for (const move of tree.moves) {
          const after = playMoves(position, [move.uci]).position;
          const child = addPosition(
            repertoire,
            after,
            lineAfter(node, move.san),
          );
          repertoire.link(node, child, { uci: move.uci, san: () => move.san });
        }
      } catch (error) {
        throw new RepertoireError(
          `line ${index + 1}: ${
            lowerFirst((error as Error).message)
          } (not a line of fen tree)`,
        );
      }
    }
    return repertoire;
  }
}

/** The node of `position`, added with `line` when new. */
function addPosition(
  repertoire: Repertoire,
  position: Position,
  line: string,
): RepertoireNode {
  const key = polyglotKey(position);
  return repertoire.add(
    Number(key >> 32n),
    Number(key & 0xffffffffn),
    () => ({ fen: stringifyFen(position), line }),
  );
}

/** The line to `node` followed by `san`, numbered as PGN numbers it. */
export function lineAfter(node: RepertoireNode, san: string): string {
  const number = Number(node.fen.split(" ")[5] ?? "1");
  const head = node.turn === "w"
    ? `${number}. `
    : node.line === ""
    ? `${number}... `
    : "";
  return `${node.line}${node.line === "" ? "" : " "}${head}${san}`;
}

/**
 * Reads repertoire PGN as it streams: each position a walk with
 * variations hands on, linked to the one it was played from. That one is
 * the last position handed on one ply before at the same depth of
 * variations or shallower: a variation's first move is played from the
 * position before the move it replaces, and the positions in between (the
 * replaced move, earlier variations) are later plies or deeper.
 */
export class PgnRepertoireReader {
  readonly #repertoire = new Repertoire();
  readonly #walker: PgnWalker;
  readonly #key = new Uint32Array(2);
  /** By ply, then by depth: the last node handed on there, and when. */
  #last: { node: RepertoireNode; seq: number }[][] = [];
  #seq = 0;
  #error: RepertoireError | null = null;

  constructor() {
    this.#walker = new PgnWalker({
      position: (position) => this.#position(position),
      end: (game) => this.#end(game),
    }, { variations: true, san: true });
  }

  #position(position: PgnPosition): void {
    const { ply, depth, game } = position;
    if (ply === 0) {
      if (game.rules !== "chess") {
        this.#error ??= new RepertoireError(
          `game ${game.number} is not standard chess: repertoires are`,
        );
      }
      this.#last = [];
    }
    const parent = ply === 0 ? null : this.#parent(ply - 1, depth);
    polyglotKeyHalves(position.view(), this.#key);
    // The FEN, the line and the SAN are made for a new position or move
    // only.
    const uci = parent === null ? "" : uciOf(position);
    const played = position.san;
    let made: string | null = null;
    // the walker's SAN, as this library writes it (worked out only where a
    // walk has none)
    const san = (): string =>
      made ??= played ?? toSan(parseFen(parent!.fen), uci);
    const node = this.#repertoire.add(this.#key[0], this.#key[1], () => ({
      fen: position.fen,
      line: parent === null ? "" : lineAfter(parent, san()),
    }));
    if (parent === null) this.#repertoire.root(node);
    else this.#repertoire.link(parent, node, { uci, san });
    (this.#last[ply] ??= [])[depth] = { node, seq: ++this.#seq };
    this.#last[ply].length = depth + 1;
  }

  #parent(ply: number, depth: number): RepertoireNode | null {
    const row = this.#last[ply] ?? [];
    let best: { node: RepertoireNode; seq: number } | null = null;
    for (let d = 0; d <= depth && d < row.length; d++) {
      const seen = row[d];
      if (seen !== undefined && (best === null || seen.seq > best.seq)) {
        best = seen;
      }
    }
    return best?.node ?? null;
  }

  #end(game: PgnGame): void {
    this.#repertoire.chapters++;
    if (game.error !== null) {
      this.#error ??= new RepertoireError(
        lowerFirst(game.error.message),
      );
    }
  }

  /** Reads the next chunk of PGN. */
  push(chunk: string | Uint8Array): void {
    this.#walker.push(chunk);
  }

  /**
   * Ends the stream.
   *
   * @returns The repertoire read.
   * @throws {RepertoireError} For a game that could not be read.
   */
  end(): Repertoire {
    this.#walker.end();
    if (this.#error !== null) throw this.#error;
    return this.#repertoire;
  }
}

/** The move that led to a walked position, in UCI. */
export function uciOf(position: PgnPosition): string {
  return `${position.from}${position.to}${position.promotion ?? ""}`;
}

/** A message as the command's lines start: lower case (the rest kept). */
function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}
