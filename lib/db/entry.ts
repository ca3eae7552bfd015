/**
 * One row of the explorer index: what the games of one month did in one
 * position, as the lichess opening explorer keeps it. For each move played
 * there, the games' results (white, draws, black) and their players'
 * rating sums by cell (speed x rating group), and a few of its games (the
 * highest rated and the most recent); and the position's own counts beyond
 * its moves' (the games that ended there, or were indexed no further).
 * Rows add up: two rows of the same position and month merge into the row
 * of both sets of games. A row that one game makes alone (most rows: the
 * games' deeper plies) refers to the game instead of holding its counts.
 *
 * @module
 */

import { empty } from "./_arrays.ts";
import { ByteReader, ByteWriter } from "./_varint.ts";
import type { GameCounts, GameLookup } from "./game_counts.ts";
import { GROUP_COUNT, UNRATED } from "./speed.ts";

/** Results and rating sums of some games. */
export interface Counts {
  white: number;
  draws: number;
  black: number;
  /** The sum of White's ratings (rated games only). */
  whiteSum: number;
  /** The sum of Black's ratings (rated games only). */
  blackSum: number;
}

/** A game kept for a move: its id and cell. */
export interface GameRef {
  id: number;
  cell: number;
}

/**
 * Counts by cell, flat (no object per cell: an import holds many): six
 * numbers a cell, its number then white, draws, black, whiteSum, blackSum;
 * the cells in the order of their numbers ({@linkcode addCounts} keeps
 * them so), the order they are written in.
 */
export type Cells = number[];

/** The width of a cell's counts in {@linkcode Cells}. */
const WIDTH = 6;

/** A move's counts by cell and its games. */
export interface MoveEntry {
  /** The move packed (see `packMove`). */
  code: number;
  cells: Cells;
  games: GameRef[];
}

/** The games a move keeps, of each kind: the highest rated, the newest. */
export const KEPT_GAMES = 4;

/** A row: the position's counts beyond its moves', and its moves. */
export class ExplorerEntry {
  /** The position's counts minus its moves' (may be negative: repetitions). */
  readonly extra: Cells = [];
  readonly moves: MoveEntry[] = [];
  /** The moves' objects of the rows before {@linkcode ExplorerEntry.clear}. */
  readonly #spare: MoveEntry[] = [];

  /** The move `code`'s entry, made if new. */
  move(code: number): MoveEntry {
    for (const move of this.moves) if (move.code === code) return move;
    const move = this.#spare.pop() ?? { code, cells: [], games: [] };
    move.code = code;
    this.moves.push(move);
    return move;
  }

  /**
   * Empties the row, its moves' objects kept for the next row's (a batch
   * of rows written one by one makes no objects of its own for each).
   *
   * @returns This entry.
   */
  clear(): ExplorerEntry {
    empty(this.extra);
    for (const move of this.moves) {
      empty(move.cells);
      empty(move.games);
      this.#spare.push(move);
    }
    empty(this.moves);
    return this;
  }

  /**
   * Adds another row's games to this one.
   *
   * @param other The row to add.
   */
  add(other: ExplorerEntry): void {
    addCells(this.extra, other.extra);
    for (const theirs of other.moves) {
      const mine = this.move(theirs.code);
      addCells(mine.cells, theirs.cells);
      mine.games.push(...theirs.games);
      mine.games = keptGames(mine.games);
    }
  }

  /**
   * The row packed as bytes: see docs/db.md.
   *
   * @param out A writer to write with (emptied first): many rows, one writer.
   * @returns The bytes.
   */
  encode(out: ByteWriter = new ByteWriter()): Uint8Array {
    this.write(out);
    return out.done();
  }

  /**
   * Writes the row packed into `out` (emptied first), as
   * {@linkcode ExplorerEntry.encode} gives it, without a copy.
   *
   * @param out The writer.
   */
  write(out: ByteWriter): void {
    out.length = 0;
    const one = this.#oneGame();
    if (one !== null) {
      writeReference(out, one);
      return;
    }
    writeCells(out, this.extra, true);
    // in one order (of codes, and cells below): the same games give the
    // same bytes, however they were batched; each next one picked in turn
    // (a row has a few), not sorted into a copy
    const moves = this.moves;
    for (let n = 0, previous = -1; n < moves.length; n++) {
      let next = -1;
      for (let i = 0; i < moves.length; i++) {
        const code = moves[i].code;
        if (code > previous && (next < 0 || code < moves[next].code)) next = i;
      }
      const move = moves[next];
      previous = move.code;
      out.uint(move.code);
      const only = writeCells(out, move.cells, false);
      writeGames(out, { games: keptGames(move.games), only });
    }
  }

  /**
   * The move and game of a row that one game makes alone (no counts of
   * its own, one move, one game in one cell, and that game kept), which
   * is written as a reference to the game; or null.
   */
  #oneGame(): { move: number; id: number } | null {
    if (this.moves.length !== 1) return null;
    for (let at = 0; at < this.extra.length; at += WIDTH) {
      if (hasGames(this.extra, at)) return null;
    }
    const { code, cells, games } = this.moves[0];
    if (games.length !== 1) return null;
    let only = -1;
    for (let at = 0; at < cells.length; at += WIDTH) {
      if (!hasGames(cells, at)) continue;
      if (only >= 0) return null;
      only = at;
    }
    if (only < 0 || cells[only] !== games[0].cell) return null;
    const c = cells[only + 1], d = cells[only + 2], b = cells[only + 3];
    if (c < 0 || d < 0 || b < 0 || c + d + b !== 1) return null;
    return { move: code, id: games[0].id };
  }

  /**
   * Reads a packed row.
   *
   * @param bytes What {@linkcode ExplorerEntry.encode} wrote.
   * @param games The counts of a game by id: a row that one game makes
   * alone refers to its game (its database's `games` row).
   * @returns The row.
   * @throws {RangeError} For bytes that are no row, or a row that refers
   * to a game with no `games` to look it up in.
   */
  static decode(bytes: Uint8Array, games?: GameLookup): ExplorerEntry {
    return new ExplorerEntry().addBytes(bytes, games);
  }

  /**
   * Adds a packed row to this one, as {@linkcode ExplorerEntry.add} adds
   * its decoding, without making it (an answer adds a row a month); the
   * games are kept whole until {@linkcode ExplorerEntry.trim}.
   *
   * @param bytes What {@linkcode ExplorerEntry.encode} wrote.
   * @param games The counts of a game by id, for a row that refers to its
   * one game (see {@linkcode ExplorerEntry.decode}).
   * @returns This entry.
   * @throws {RangeError} For bytes that are no row, or a row that refers
   * to a game with no `games` to look it up in.
   */
  addBytes(bytes: Uint8Array, games?: GameLookup): ExplorerEntry {
    const input = new ByteReader(bytes);
    if (bytes[0] === REFERENCE) {
      input.uint();
      const move = this.move(input.uint()), id = input.uint();
      if (games === undefined) {
        throw new RangeError(`the row refers to game ${id}: no games given`);
      }
      const game = games(id);
      oneCounts.white = game.field === 0 ? 1 : 0;
      oneCounts.draws = game.field === 1 ? 1 : 0;
      oneCounts.black = game.field === 2 ? 1 : 0;
      oneCounts.whiteSum = game.whiteSum;
      oneCounts.blackSum = game.blackSum;
      addCounts(move.cells, game.cell, oneCounts);
      move.games.push({ id, cell: game.cell });
      return this;
    }
    readCells(input, this.extra, true);
    while (input.more) {
      const move = this.move(input.uint());
      const only = readCells(input, move.cells, false);
      let id = 0;
      const count = input.uint(), same = count % 2 === 1;
      for (let n = count >> 1; n > 0; n--) {
        id += input.uint();
        move.games.push({ id, cell: same ? only : input.uint() });
      }
    }
    return this;
  }

  /** Keeps each move's kept games only (after {@linkcode ExplorerEntry.addBytes}). */
  trim(): void {
    for (const move of this.moves) move.games = keptGames(move.games);
  }
}

/**
 * Adds a game to a move's games, trimming them now and then to the kept
 * ones (a batch of many games through one position holds a few).
 */
export function addGameRef(move: MoveEntry, game: GameRef): void {
  move.games.push(game);
  if (move.games.length > 8 * KEPT_GAMES) move.games = keptGames(move.games);
}

/**
 * Adds `counts` times `sign` (1) to the counts of `cell`. (Four arguments,
 * not an options object, as the other cell functions below: they run for
 * every cell of every row written or merged, and allocate nothing.)
 */
export function addCounts(
  cells: Cells,
  cell: number,
  counts: Counts,
  sign = 1,
): void {
  let at = 0;
  while (at < cells.length && cells[at] < cell) at += WIDTH;
  if (at === cells.length || cells[at] !== cell) {
    // a new cell at its place in the order (a row has a few)
    cells.push(0, 0, 0, 0, 0, 0);
    for (let i = cells.length - 1; i >= at + WIDTH; i--) {
      cells[i] = cells[i - WIDTH];
    }
    cells[at] = cell;
    for (let i = at + 1; i < at + WIDTH; i++) cells[i] = 0;
  }
  cells[at + 1] += sign * counts.white;
  cells[at + 2] += sign * counts.draws;
  cells[at + 3] += sign * counts.black;
  cells[at + 4] += sign * counts.whiteSum;
  cells[at + 5] += sign * counts.blackSum;
}

/** Each cell with its counts. */
export function* cellCounts(
  cells: Cells,
): Generator<[number, Counts], void, undefined> {
  for (let at = 0; at < cells.length; at += WIDTH) {
    yield [cells[at], {
      white: cells[at + 1],
      draws: cells[at + 2],
      black: cells[at + 3],
      whiteSum: cells[at + 4],
      blackSum: cells[at + 5],
    }];
  }
}

function addCells(into: Cells, from: Cells): void {
  for (const [cell, counts] of cellCounts(from)) {
    addCounts(into, cell, counts);
  }
}

/** A game that makes a row alone: see {@linkcode writeOneGame}. */
export interface OneGame extends GameCounts {
  /** Its id. */
  id: number;
  /** The move it played there, or -1 (the last position indexed). */
  move: number;
}

// Module scratch for writeOneGame, addBytes and readCells: filled and
// used within one call (addBytes' one game and readCells' cells are never
// read in the same call, so they share the counts).
const oneCells: Cells = [0, 0, 0, 0, 0, 0];
const oneCounts: Counts = {
  white: 0,
  draws: 0,
  black: 0,
  whiteSum: 0,
  blackSum: 0,
};

/**
 * Writes the row one game makes alone (the position it reached, and its
 * move there) into `out` (emptied first), as {@linkcode ExplorerEntry.write}
 * writes the entry of that game, without making the entry: most rows of an
 * import are one game's (its deeper plies), and their entries were a third
 * of a batch's writing.
 *
 * @param out The writer.
 * @param game The game, its result and its move.
 */
export function writeOneGame(out: ByteWriter, game: OneGame): void {
  out.length = 0;
  if (game.move >= 0) {
    writeReference(out, game);
    return;
  }
  const cells = oneCells;
  cells[0] = game.cell;
  for (let f = 0; f < 3; f++) cells[1 + f] = f === game.field ? 1 : 0;
  cells[4] = game.whiteSum;
  cells[5] = game.blackSum;
  writeCells(out, cells, true);
}

/**
 * The first number of a row that refers to its one game: more cells than
 * there are (7 speeds x 10 groups), so no row of counts begins with it.
 */
export const REFERENCE = 127;

/**
 * A row that one game makes alone, its position's own counts cancelled
 * by its one move's: {@linkcode REFERENCE}, the move, the game's id. Its
 * cell, result and ratings are the game's row's (most rows of an import
 * are such, its deeper plies: written whole, they were 14 bytes, not 6).
 */
function writeReference(
  out: ByteWriter,
  { move, id }: { move: number; id: number },
): void {
  out.uint(REFERENCE);
  out.uint(move);
  out.uint(id);
}

/**
 * The games a move keeps: the newest (highest id) and the highest rated
 * (highest rating group, then newest), {@linkcode KEPT_GAMES} of each, the
 * newest first (ties in the order they came).
 */
function keptGames(games: GameRef[]): GameRef[] {
  if (games.length <= KEPT_GAMES) return games;
  const newest = pickGames(games, false, 0);
  const end = pickGames(games, true, newest);
  const kept: GameRef[] = [];
  for (let n = 0; n < end; n++) {
    if (n < newest || !wasPicked(picked[n], newest)) {
      kept.push(games[picked[n]]);
    }
  }
  return kept;
}

// keptGames' scratch, filled and used within one call: the places of the
// games picked (every move of every row written picks; sorted copies of
// its games and a set were a third of a merge's time)
const picked = new Int32Array(2 * KEPT_GAMES);

/**
 * Picks the places of {@linkcode KEPT_GAMES} games at most into `picked`
 * from `from`, best first: the newest, or (`rated`) the highest rated of
 * the rated ones (then the newest); a tie to the one that came first.
 * Returns where the picks end. One pass, each game placed among the picks
 * so far (a scan for the best, once a pick, took a tenth of a merge's
 * time); positional arguments, for every move of every row written.
 */
function pickGames(games: GameRef[], rated: boolean, from: number): number {
  let end = from;
  for (let i = 0; i < games.length; i++) {
    const game = games[i];
    if (rated && game.cell % GROUP_COUNT === UNRATED) continue;
    // after every pick as good: the one that came first stays ahead
    let at = end;
    while (at > from && isBetter(game, games[picked[at - 1]], rated)) at--;
    if (at - from === KEPT_GAMES) continue;
    if (end - from < KEPT_GAMES) end++;
    for (let k = end - 1; k > at; k--) picked[k] = picked[k - 1];
    picked[at] = i;
  }
  return end;
}

/** Whether game `a` comes strictly before `b` (see pickGames). */
function isBetter(a: GameRef, b: GameRef, rated: boolean): boolean {
  if (rated) {
    const group = a.cell % GROUP_COUNT, other = b.cell % GROUP_COUNT;
    if (group !== other) return group > other;
  }
  return a.id > b.id;
}

/** Whether the game at `place` is among the first `end` of `picked`. */
function wasPicked(place: number, end: number): boolean {
  for (let n = 0; n < end; n++) if (picked[n] === place) return true;
  return false;
}

/**
 * A move's kept games: their count (doubled, plus 1 when they are all of
 * the move's one cell, `only`), then their ids as steps up, each with its
 * cell unless the count says it.
 */
function writeGames(
  out: ByteWriter,
  { games, only }: { games: GameRef[]; only: number },
): void {
  let same = only >= 0;
  for (let i = 0; same && i < games.length; i++) same = games[i].cell === only;
  out.uint(2 * games.length + (same ? 1 : 0));
  // in the order of their ids (then of their places, as a stable sort)
  const places = games.length;
  for (let n = 0, previous = -1, id = 0; n < places; n++) {
    let next = -1;
    for (let i = 0; i < places; i++) {
      const order = games[i].id * places + i;
      if (order > previous && (next < 0 || order < next)) next = order;
    }
    previous = next;
    const game = games[next % places];
    out.uint(game.id - id);
    if (!same) out.uint(game.cell);
    id = game.id;
  }
}

/** Whether the cell at `at` counts games. */
function hasGames(cells: Cells, at: number): boolean {
  return cells[at + 1] !== 0 || cells[at + 2] !== 0 || cells[at + 3] !== 0;
}

/**
 * A cell's counts: one game as one number (0 a White win, 1 a draw, 2 a
 * Black win), else white + 3, draws, black; then the rating sums of a
 * rated cell. The position's extra counts (which may be negative) are
 * written as three signed numbers instead. The cells with games only, in
 * the order of their numbers. Returns the one cell written, or -1 (none,
 * or more).
 */
function writeCells(out: ByteWriter, cells: Cells, signed: boolean): number {
  let count = 0, only = -1;
  for (let at = 0; at < cells.length; at += WIDTH) {
    if (!hasGames(cells, at)) continue;
    count++;
    only = cells[at];
  }
  out.uint(count);
  for (let at = 0; at < cells.length; at += WIDTH) {
    if (hasGames(cells, at)) writeCell(out, cells, at, signed);
  }
  return count === 1 ? only : -1;
}

/** One cell's counts, as {@linkcode writeCells} writes each. */
function writeCell(
  out: ByteWriter,
  cells: Cells,
  at: number,
  signed: boolean,
): void {
  const cell = cells[at], white = cells[at + 1], draws = cells[at + 2];
  const black = cells[at + 3];
  out.uint(cell);
  if (signed) {
    out.int(white);
    out.int(draws);
    out.int(black);
  } else if (white + draws + black === 1) {
    out.uint(white === 1 ? 0 : draws === 1 ? 1 : 2);
  } else {
    out.uint(white + 3);
    out.uint(draws);
    out.uint(black);
  }
  if (cell % GROUP_COUNT !== UNRATED) {
    out.int(cells[at + 4]);
    out.int(cells[at + 5]);
  }
}

/** Reads {@linkcode writeCells}' cells: the one cell read, or -1. */
function readCells(input: ByteReader, cells: Cells, signed: boolean): number {
  const count = input.uint();
  let last = -1;
  const c = oneCounts;
  for (let n = count; n > 0; n--) {
    const cell = readCell(input, signed, c);
    addCounts(cells, cell, c);
    last = cell;
  }
  return count === 1 ? last : -1;
}

/** One cell's counts (as writeCells wrote them) into `into`; its number. */
function readCell(input: ByteReader, signed: boolean, into: Counts): number {
  const cell = input.uint();
  if (signed) {
    into.white = input.int();
    into.draws = input.int();
    into.black = input.int();
  } else {
    const first = input.uint();
    into.white = first === 0 ? 1 : first < 3 ? 0 : first - 3;
    into.draws = first === 1 ? 1 : first < 3 ? 0 : input.uint();
    into.black = first === 2 ? 1 : first < 3 ? 0 : input.uint();
  }
  const rated = cell % GROUP_COUNT !== UNRATED;
  into.whiteSum = rated ? input.int() : 0;
  into.blackSum = rated ? input.int() : 0;
  return cell;
}

/** The games of a row's cells (as writeCells wrote them), summed. */
function cellGames(
  input: ByteReader,
  { signed, into }: { signed: boolean; into: Counts },
): number {
  let games = 0;
  for (let n = input.uint(); n > 0; n--) {
    readCell(input, signed, into);
    games += into.white + into.draws + into.black;
  }
  return games;
}

/**
 * The games of each move of a packed row (all cells: every speed and
 * rating), added into `games` by move code, without making the row's
 * cells and games (`fen repertoire gaps --db` reads a row a month for
 * each of thousands of positions, and needs no more).
 *
 * @param bytes What {@linkcode ExplorerEntry.encode} wrote.
 * @param games The games of each move code so far.
 * @returns The position's games beyond its moves' (may be negative).
 * @throws {RangeError} For bytes that are no row.
 */
export function addRowGames(
  bytes: Uint8Array,
  games: Map<number, number>,
): number {
  const input = new ByteReader(bytes);
  if (bytes[0] === REFERENCE) {
    input.uint();
    const code = input.uint();
    games.set(code, (games.get(code) ?? 0) + 1);
    return 0;
  }
  const into: Counts = {
    white: 0,
    draws: 0,
    black: 0,
    whiteSum: 0,
    blackSum: 0,
  };
  const extra = cellGames(input, { signed: true, into });
  while (input.more) {
    const code = input.uint();
    const played = cellGames(input, { signed: false, into });
    games.set(code, (games.get(code) ?? 0) + played);
    // the games kept: an id each, and a cell unless the count says that
    // they are all the one cell's (an odd count)
    const count = input.uint();
    for (let n = count >> 1; n > 0; n--) {
      input.uint();
      if (count % 2 === 0) input.uint();
    }
  }
  return extra;
}
