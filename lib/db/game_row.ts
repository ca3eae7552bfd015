/**
 * A game as a row of the `games` table and back: its tags as typed
 * columns (the rest kept in order as JSON), its moves packed, its
 * comments, NAGs and variations kept apart (deflated JSON) when asked.
 * The game a row gives back is written by `stringifyPgn` as the game it
 * was made from is.
 *
 * @module
 */

import { nodeModules } from "./_node.ts";
import { PgnGame } from "../pgn/game.ts";
import type { PgnLine, PgnMove, PgnResult } from "../pgn/game.ts";
import { parseFen, stringifyFen } from "../fen/mod.ts";
import type { Position, Rules } from "../types.ts";
import { variantNamed, variantOf } from "../chess/variant_names.ts";
import { type MovesReplay, unpackMove } from "./moves.ts";

/** The tags kept as columns of their own: tag, column, type. */
export const TAG_COLUMNS:
  readonly (readonly [string, string, "text" | "int"])[] = [
    ["Event", "event", "text"],
    ["Site", "site", "text"],
    ["Date", "date", "text"],
    ["Round", "round", "text"],
    ["White", "white", "text"],
    ["Black", "black", "text"],
    ["WhiteElo", "white_elo", "int"],
    ["BlackElo", "black_elo", "int"],
    ["ECO", "eco", "text"],
    ["Opening", "opening", "text"],
    ["TimeControl", "time_control", "text"],
    ["Variant", "variant", "text"],
  ];

/** {@linkcode TAG_COLUMNS} by tag (made once: a game's row is made often). */
const BY_TAG = new Map(TAG_COLUMNS.map((c) => [c[0], c]));

/** The tags `stringifyPgn` writes first, in its order: their place is known. */
const ROSTER = new Set(["Event", "Site", "Date", "Round", "White", "Black"]);

/**
 * The stored columns a game is read back with (all but its 64-bit `uid`),
 * for `GameStore.logical` (lib/db/game_store.ts).
 */
export const GAME_COLUMNS = `id, event, site_prefix, site, date, round,
  white, black, result, white_elo, black_elo, eco, opening, time_control,
  speed, variant, month, plies, fen, material, home_pawns, moves, tags,
  annotations`;

/**
 * A row's columns by name: as read from PGN (and as
 * `GameStore.logical` (lib/db/game_store.ts) gives a stored one back), the tags as
 * text and `tags` the others as `[name, value, ...]`.
 */
export type GameRow = Record<
  string,
  string | number | bigint | Uint8Array | readonly (string | null)[] | null
>;

/** The other tags of a row, as `[name, value, ...]`. */
function restOf(row: GameRow): readonly (string | null)[] {
  return (row.tags ?? []) as readonly (string | null)[];
}

/**
 * The columns of a game's tags: the typed ones (an integer column holds
 * only a 32-bit value written the usual way, else the tag is kept as
 * text), and
 * `tags`, the others in order (a typed one at its place by name alone),
 * with the termination marker under the name "" when it is not the
 * Result tag's (the `result` column holds the tag's).
 */
export function tagColumns(
  tags: ReadonlyMap<string, string>,
  marker: string | null = null,
): GameRow {
  const row: GameRow = {};
  const rest: (string | null)[] = [];
  for (const [, column] of TAG_COLUMNS) row[column] = null;
  for (const [name, value] of tags) {
    if (name === "Result") continue;
    const typed = BY_TAG.get(name);
    const fits = typed !== undefined &&
      (typed[2] === "text" || isIntValue(value));
    if (fits) {
      row[typed[1]] = typed[2] === "int" ? Number(value) : value;
      if (!ROSTER.has(name)) rest.push(name, null);
    } else rest.push(name, value);
  }
  const result = tags.get("Result");
  if (marker !== null && result !== undefined && marker !== result) {
    rest.push("", marker);
  }
  row.tags = rest.length === 0 ? null : rest;
  return row;
}

/**
 * Whether a tag's value goes in an integer column: written the usual way,
 * and a 32-bit integer (the explorer's batches hold ratings as such; a
 * larger one is kept as the tag's text).
 */
function isIntValue(value: string): boolean {
  const n = Number.parseInt(value);
  return String(n) === value && Math.abs(n) < 2 ** 31;
}

/** The tags of a row, in their order (Result left to the game's result). */
export function tagsOf(row: GameRow): Map<string, string> {
  const tags = new Map<string, string>();
  for (const name of ROSTER) {
    const value = row[BY_TAG.get(name)![1]];
    if (value !== null && value !== undefined) tags.set(name, String(value));
  }
  const rest = restOf(row);
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i]!;
    if (name === "") continue;
    const column = BY_TAG.get(name)?.[1];
    const value = rest[i + 1] ?? (column === undefined ? null : row[column]);
    if (value !== null && value !== undefined) tags.set(name, String(value));
  }
  return tags;
}

/** A mainline's annotations, as kept: its comments, and per move its own. */
interface KeptLine {
  c?: readonly string[];
  /** [index, comments, nags, variations] of each move that has any. */
  m: [number, string[], number[], KeptVariation[]][];
}

/** A variation's moves are kept whole (SAN), its annotations with them. */
interface KeptVariation {
  c?: readonly string[];
  s: [string, readonly string[], readonly number[], KeptVariation[]][];
}

/**
 * A mainline's comments, NAGs and variations, deflated, or null when it
 * has none.
 */
export function annotationsOf(line: PgnLine): Uint8Array | null {
  const moves: KeptLine["m"] = [];
  line.moves.forEach((move, index) => {
    if (
      move.comments.length > 0 || move.nags.length > 0 ||
      move.variations.length > 0
    ) {
      moves.push([
        index,
        [...move.comments],
        [...move.nags],
        move.variations.map(variationOf),
      ]);
    }
  });
  if (moves.length === 0 && line.comments.length === 0) return null;
  const kept: KeptLine = { c: line.comments, m: moves };
  return nodeModules().zlib.deflateRawSync(
    new TextEncoder().encode(JSON.stringify(kept)),
  );
}

function variationOf(line: PgnLine): KeptVariation {
  return {
    c: line.comments,
    s: line.moves.map((
      m,
    ) => [m.san, m.comments, m.nags, m.variations.map(variationOf)]),
  };
}

function lineOf(kept: KeptVariation): PgnLine {
  return {
    comments: kept.c ?? [],
    moves: kept.s.map(([san, comments, nags, variations]) =>
      moveOf(san, "", { comments, nags, variations: variations.map(lineOf) })
    ),
  };
}

function moveOf(
  san: string,
  uci: string,
  { comments = [], nags = [], variations = [] }: Partial<PgnMove> = {},
): PgnMove {
  return {
    san,
    uci,
    comments,
    nags,
    variations,
    clock: null,
    emt: null,
    eval: null,
    shapes: [],
  };
}

/** The termination marker of a stored game. */
export function markerOf(row: GameRow): PgnResult {
  const rest = restOf(row);
  const at = rest.findIndex((name, i) => i % 2 === 0 && name === "");
  return (at < 0 ? String(row.result) : rest[at + 1]) as PgnResult;
}

/** The rules of a stored game: Chess960 when its variant says so. */
export function rulesOfRow(row: GameRow): Rules {
  const tag = row.variant;
  return tag === null || tag === undefined
    ? "chess"
    : variantNamed(String(tag))?.rules ?? "chess";
}

/** The start position of a stored game. */
export function startOf(row: GameRow): Position {
  const rules = rulesOfRow(row);
  return parseFen(
    row.fen === null ? variantOf(rules).start : String(row.fen),
    { rules } as never,
  );
}

/** The FEN column of a start position: null for its variant's start. */
export function fenColumn(start: Position, rules: Rules): string | null {
  const fen = stringifyFen(start);
  return fen === variantOf(rules).start ? null : fen;
}

/**
 * The game a row holds, as a {@linkcode PgnGame}: tags, start, mainline
 * (SAN from the replayed moves), its annotations, result.
 *
 * @param row The row (all its columns).
 * @param replay A replay to use.
 * @returns The game.
 */
export function gameOfRow(row: GameRow, replay: MovesReplay): PgnGame {
  const rules = rulesOfRow(row);
  const start = startOf(row);
  replay.load(start, rules, row.moves as Uint8Array);
  const moves: PgnMove[] = [];
  while (replay.more) {
    const code = replay.next();
    const san = replay.play(code, { ply: moves.length + 1, san: true });
    moves.push(moveOf(san, unpackMove(code)));
  }
  const mainline: PgnLine = { comments: [], moves };
  const kept = row.annotations === null || row.annotations === undefined
    ? null
    : JSON.parse(
      new TextDecoder().decode(
        nodeModules().zlib.inflateRawSync(row.annotations as Uint8Array),
      ),
    ) as KeptLine;
  if (kept !== null) {
    mainline.comments = kept.c ?? [];
    for (const [index, comments, nags, variations] of kept.m) {
      moves[index] = {
        ...moves[index],
        comments,
        nags,
        variations: variations.map(lineOf),
      };
    }
  }
  return new PgnGame({
    start,
    tags: tagsOf(row),
    rules,
    mainline,
    result: markerOf(row),
  });
}
