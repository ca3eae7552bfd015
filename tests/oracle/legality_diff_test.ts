// Differential tests of checkPosition against chessops and chess.js, on
// random positions (fast-check) and on positions from random legal games.
// Every disagreement is either asserted as a documented difference of
// definition (see docs/legality.md) or a failure.

import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess as ChessJs, validateFen } from "chess.js";
import { Chess, isImpossibleCheck, isStandardMaterial } from "chessops/chess";
import { makeFen, parseFen as chessopsParseFen } from "chessops/fen";
import { makeSquare } from "chessops/util";
import { parseFen, stringifyFen } from "../../lib/fen/mod.ts";
import { checkPosition, type ProblemCode } from "../../lib/legality/mod.ts";
import {
  type Piece,
  PIECES,
  type Position,
  type Square,
  squareIndex,
} from "../../lib/types.ts";
import { mulberry32 } from "../_shared.ts";

const SEED = 20240611;

// ---------------------------------------------------------------- helpers

function codes(position: Position, chess960?: boolean): Set<ProblemCode> {
  const options = chess960 === undefined ? {} : { chess960 };
  return new Set(checkPosition(position, options).map((p) => p.code));
}

function errorCodes(position: Position, chess960?: boolean): ProblemCode[] {
  const options = chess960 === undefined ? {} : { chess960 };
  return checkPosition(position, options)
    .filter((p) => p.severity === "error")
    .map((p) => p.code);
}

/** Squares whose castling right checkPosition does not flag. */
function goodRights(position: Position, chess960: boolean): Set<Square> {
  const flagged = new Set<Square>();
  for (const p of checkPosition(position, { chess960 })) {
    if (p.code === "bad-castling-rights") {
      for (const s of p.squares) {
        if (position.castling.includes(s)) flagged.add(s);
      }
    }
  }
  return new Set(position.castling.filter((s) => !flagged.has(s)));
}

function kingOf(position: Position, piece: Piece): number {
  return position.board.indexOf(piece);
}

/** The squares attacking `target` for `white`, by brute force. */
function attackers(board: (Piece | null)[], target: number, white: boolean) {
  const found: number[] = [];
  const tf = target & 7, tr = target >> 3;
  for (let k = 0; k < 64; k++) {
    const piece = board[k];
    if (piece === null || (piece < "a") !== white) continue;
    const f = k & 7, r = k >> 3;
    const df = tf - f, dr = tr - r;
    const role = piece.toLowerCase();
    let hits = false;
    if (role === "p") hits = Math.abs(df) === 1 && dr === (white ? -1 : 1);
    else if (role === "n") hits = df * df + dr * dr === 5;
    else if (role === "k") hits = Math.max(Math.abs(df), Math.abs(dr)) === 1;
    else {
      const straight = df === 0 || dr === 0;
      const diagonal = Math.abs(df) === Math.abs(dr);
      if (
        (straight && role !== "b" || diagonal && role !== "r") &&
        (df !== 0 || dr !== 0)
      ) {
        hits = true;
        const sf = Math.sign(df), sr = Math.sign(dr);
        for (
          let x = f + sf, y = r + sr;
          x !== tf || y !== tr;
          x += sf, y += sr
        ) {
          if (board[y * 8 + x] !== null) hits = false;
        }
      }
    }
    if (hits) found.push(k);
  }
  return found;
}

// ------------------------------------------------- random positions

const SQUARE = fc.integer({ min: 0, max: 63 });
const NON_KING = PIECES.filter((p) => p !== "K" && p !== "k");
const CORNERS: Square[] = ["h1", "a1", "h8", "a8"];

interface Draft {
  whiteKing: number;
  blackKing: number;
  extraKings: [number, Piece][];
  pieces: [number, Piece][];
  turn: "w" | "b";
  home: boolean;
  castling: number;
  rooks: [boolean, number, boolean][];
  epFile: number | null;
  epRankFits: boolean;
  pushed: boolean;
  halfmoveClock: number;
  fullmoveNumber: number;
}

const DRAFT: fc.Arbitrary<Draft> = fc.record({
  whiteKing: SQUARE,
  blackKing: SQUARE,
  extraKings: fc.array(fc.tuple(SQUARE, fc.constantFrom<Piece>("K", "k")), {
    maxLength: 1,
    depthIdentifier: "kings",
  }).chain((kings) =>
    fc.integer({ min: 0, max: 9 }).map((n) => (n === 0 ? kings : []))
  ),
  pieces: fc.array(fc.tuple(SQUARE, fc.constantFrom(...NON_KING)), {
    maxLength: 24,
  }),
  turn: fc.constantFrom<"w" | "b">("w", "b"),
  home: fc.boolean(),
  castling: fc.integer({ min: 0, max: 15 }),
  rooks: fc.array(
    fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 7 }), fc.boolean()),
    {
      maxLength: 3,
    },
  ),
  epFile: fc.option(fc.integer({ min: 0, max: 7 }), { freq: 2 }),
  epRankFits: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
  pushed: fc.boolean(),
  halfmoveClock: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 120 }),
  ),
  fullmoveNumber: fc.integer({ min: 1, max: 80 }),
});

/** A position, often close to legal so that the subtle checks matter. */
function build(draft: Draft): Position {
  const board: (Piece | null)[] = new Array(64).fill(null);
  for (const [k, piece] of draft.pieces) board[k] = piece;
  if (draft.home) {
    board[60] = "K";
    board[4] = "k";
    board[56] = board[63] = "R";
    board[0] = board[7] = "r";
  }
  board[draft.whiteKing] = "K";
  board[draft.blackKing] = "k";
  for (const [k, piece] of draft.extraKings) board[k] = piece;
  if (draft.whiteKing === draft.blackKing) board[draft.whiteKing] = null;
  let enPassant: Square | null = null;
  if (draft.epFile !== null) {
    const white = draft.turn === "w";
    const rank = draft.epRankFits === white ? 6 : 3;
    enPassant = `${"abcdefgh"[draft.epFile]}${rank}` as Square;
    if (draft.pushed) {
      const ep = squareIndex(enPassant);
      const down = rank === 6 ? 8 : -8;
      if (board[ep + down] !== "K" && board[ep + down] !== "k") {
        board[ep + down] = rank === 6 ? "p" : "P";
      }
      if (board[ep] !== "K" && board[ep] !== "k") board[ep] = null;
      if (board[ep - down] !== "K" && board[ep - down] !== "k") {
        board[ep - down] = null;
      }
    }
  }
  // Rights on any back-rank file, often with their rook: Chess960 rules.
  const castling = draft.rooks.length > 0
    ? []
    : CORNERS.filter((_, i) => draft.castling & (1 << i));
  for (const [white, file, rook] of draft.rooks) {
    const square = `${"abcdefgh"[file]}${white ? 1 : 8}` as Square;
    const k = squareIndex(square);
    if (rook && board[k] !== "K" && board[k] !== "k") {
      board[k] = white ? "R" : "r";
    }
    if (!castling.includes(square)) castling.push(square);
  }
  return {
    board,
    turn: draft.turn,
    castling,
    enPassant,
    halfmoveClock: draft.halfmoveClock,
    fullmoveNumber: draft.fullmoveNumber,
  };
}

const CHESSOPS_ERRORS: Record<string, ProblemCode[]> = {
  ERR_EMPTY: ["empty-board"],
  ERR_KINGS: ["no-king", "too-many-kings"],
  ERR_OPPOSITE_CHECK: ["opposite-check"],
  ERR_PAWNS_ON_BACKRANK: ["pawn-on-back-rank"],
};
const CHESSOPS_ORDER = Object.keys(CHESSOPS_ERRORS);

const stats: Record<string, number> = {};
function count(key: string): void {
  stats[key] = (stats[key] ?? 0) + 1;
}

/** Compares with chessops; returns nothing, throws on an undocumented difference. */
function compareWithChessops(position: Position, chess960: boolean): void {
  const fen = stringifyFen(position, { castling: "shredder" });
  const parsed = chessopsParseFen(fen);
  const ours = codes(position, chess960);
  if (parsed.isErr) {
    // chessops refuses more than two rights a side as syntax; we parse
    // them and report the rights, since a king has one rook a side.
    assert.equal(parsed.error.message, "ERR_CASTLING", fen);
    assert.ok(
      ["1", "8"].some((r) =>
        position.castling.filter((s) => s[1] === r).length > 2
      ),
      fen,
    );
    assert.ok(ours.has("bad-castling-rights"), fen);
    count("difference: more than two castling rights a side");
    return;
  }
  const setup = parsed.value;
  const result = Chess.fromSetup(setup);
  if (result.isErr) {
    const code = result.error.message;
    const expected = CHESSOPS_ERRORS[code];
    assert.ok(expected, `unexpected chessops error ${code} for ${fen}`);
    assert.ok(expected.some((c) => ours.has(c)), `${code} missed: ${fen}`);
    for (
      const earlier of CHESSOPS_ORDER.slice(0, CHESSOPS_ORDER.indexOf(code))
    ) {
      for (const c of CHESSOPS_ERRORS[earlier]) {
        assert.ok(!ours.has(c), `${c} but chessops passed ${earlier}: ${fen}`);
      }
    }
    count(`chessops error ${code}`);
    return;
  }
  for (const c of Object.values(CHESSOPS_ERRORS).flat()) {
    assert.ok(!ours.has(c), `${c} but chessops accepts: ${fen}`);
  }
  const pos = result.value;
  count("chessops valid setup");

  // Material: the same definition.
  assert.equal(
    isStandardMaterial(pos),
    !ours.has("too-many-pawns") && !ours.has("too-many-promotions"),
    `material: ${fen}`,
  );

  // Castling: chessops keeps, per side of the king, the outermost rook with
  // a right; we flag instead of choosing, and add the king's file rules.
  const kept = new Set(
    [...pos.castles.castlingRights].map((s) => makeSquare(s) as Square),
  );
  const good = goodRights(position, chess960);
  for (const s of good) assert.ok(kept.has(s), `right ${s} kept: ${fen}`);
  for (const s of kept) {
    if (good.has(s)) continue;
    const white = s[1] === "1";
    const king = kingOf(position, white ? "K" : "k");
    const kingFile = king & 7;
    const sameSide = position.castling.filter((r) =>
      r[1] === s[1] && r !== s &&
      (r.charCodeAt(0) - 97 > kingFile) === (s.charCodeAt(0) - 97 > kingFile)
    );
    const documented = chess960
      ? kingFile === 0 || kingFile === 7 || sameSide.length > 0
      : kingFile !== 4 || (s[0] !== "a" && s[0] !== "h");
    assert.ok(documented, `right ${s} flagged, chessops keeps it: ${fen}`);
    count(
      chess960
        ? "difference: castling, king on a/h or two rooks on a side (960)"
        : "difference: castling, king off e1/e8 or rook off a/h (standard)",
    );
  }

  // En passant: chessops does not require the square itself to be empty.
  const ourEp = !ours.has("bad-en-passant") ? position.enPassant : null;
  const theirEp = pos.epSquare === undefined ? null : makeSquare(pos.epSquare);
  if (ourEp !== theirEp) {
    assert.equal(ourEp, null, `ep ${fen}`);
    assert.notEqual(position.board[squareIndex(theirEp as Square)], null, fen);
    count("difference: en-passant square occupied");
  }

  // Impossible checks: ours finds more (documented extensions).
  const theirs = isImpossibleCheck(pos);
  const mine = ours.has("impossible-check") || ours.has("too-many-checkers");
  if (theirs && !mine) {
    // chessops used an en-passant square we reject.
    assert.notEqual(theirEp, ourEp, `impossible check missed: ${fen}`);
    count("difference: impossible check via an en-passant square we reject");
  } else if (mine && !theirs) {
    const king = kingOf(position, position.turn === "w" ? "K" : "k");
    const checkers = attackers(position.board, king, position.turn !== "w");
    // Our extensions: a lone checker that cannot have just moved there,
    // two checkers no single move explains, a line the pushed pawn blocks.
    assert.ok(
      (ourEp === null && (checkers.length === 1 || checkers.length === 2)) ||
        ourEp !== null,
      `impossible check not explained: ${fen}`,
    );
    count(
      ourEp !== null
        ? "difference: check before the double push (en passant)"
        : `difference: impossible check with ${checkers.length} checker(s)`,
    );
  } else if (mine) count("both: impossible check");
}

const CHESSJS_ERRORS: [RegExp, ProblemCode][] = [
  [/illegal en-passant square/, "bad-en-passant"],
  [/missing (white|black) king/, "no-king"],
  [/too many (white|black) kings/, "too-many-kings"],
  [/pawns are on the edge rows/, "pawn-on-back-rank"],
];

const CORNER_LETTERS: Record<string, string> = {
  h1: "K",
  a1: "Q",
  h8: "k",
  a8: "q",
};

function compareWithChessJs(position: Position): void {
  // chess.js reads KQkq only: the rights on corners.
  const fields = stringifyFen(position).split(" ");
  fields[2] = position.castling.map((s) => CORNER_LETTERS[s] ?? "").join("") ||
    "-";
  // stringifyFen drops an en-passant square on the wrong rank; chess.js
  // must see the square the position has.
  fields[3] = position.enPassant ?? "-";
  const fen = fields.join(" ");
  const result = validateFen(fen);
  const ours = codes(position);
  const epRankWrong = position.enPassant !== null &&
    (position.enPassant[1] === "6") !== (position.turn === "w");
  if (result.ok) {
    count("chess.js valid");
    assert.ok(!epRankWrong, fen);
    for (const [, code] of CHESSJS_ERRORS.slice(1)) {
      assert.ok(!ours.has(code), `${code} but chess.js accepts: ${fen}`);
    }
    return;
  }
  const index = CHESSJS_ERRORS.findIndex(([re]) => re.test(result.error!));
  assert.ok(index >= 0, `unexpected chess.js error ${result.error}`);
  const code = CHESSJS_ERRORS[index][1];
  assert.ok(ours.has(code), `${result.error} missed: ${fen}`);
  if (code === "bad-en-passant") assert.ok(epRankWrong);
  count(`chess.js error ${code}`);
}

Deno.test("random positions agree with chessops and chess.js", () => {
  fc.assert(
    fc.property(DRAFT, fc.boolean(), (draft, chess960) => {
      const position = build(draft);
      compareWithChessops(position, chess960);
      compareWithChessJs(position);
      count("random positions");
    }),
    { numRuns: 20000, seed: SEED },
  );
  console.log("random positions:", JSON.stringify(stats, null, 1));
  assert.ok(stats["chessops valid setup"] > 2000);
  assert.ok(stats["chess.js valid"] > 2000);
});

// -------------------------------------------------- random legal games

/** Adds `key` to a tally. */
function tally(seen: Record<string, number>, key: string): void {
  seen[key] = (seen[key] ?? 0) + 1;
}

/** Writes the en-passant square after every double push, as PGN does. */
function withEnPassant(fen: string, square: string | null): string {
  const fields = fen.split(" ");
  fields[3] = square ?? "-";
  return fields.join(" ");
}

/**
 * Checks a position reached in a legal game: no error, no warning but a
 * pointless en-passant square, which must be exactly where the oracle
 * (`capturable`) finds no legal capture.
 */
function assertReachable(
  fen: string,
  capturable: boolean,
  seen: Record<string, number>,
  chess960 = false,
): Position {
  const position = parseFen(fen, { chess960 });
  const problems = checkPosition(position, { chess960 });
  const pointless = problems.some((p) => p.code === "pointless-en-passant");
  assert.deepEqual(
    problems.filter((p) => p.code !== "pointless-en-passant"),
    [],
    fen,
  );
  if (position.enPassant !== null) {
    assert.equal(pointless, !capturable, fen);
    tally(seen, pointless ? "ep pointless" : "ep capturable");
  }
  const pos = Chess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap();
  assert.equal(isImpossibleCheck(pos), false, fen);
  assert.equal(isStandardMaterial(pos), true, fen);
  const checkers = pos.ctx().checkers.size();
  if (checkers > 0) tally(seen, `check by ${checkers}`);
  return position;
}

Deno.test("positions from random legal games (chess.js) are legal", () => {
  const random = mulberry32(SEED);
  const seen: Record<string, number> = {};
  let positions = 0;
  for (let game = 0; game < 45; game++) {
    const chess = new ChessJs();
    for (let ply = 0; ply < 100; ply++) {
      // SAN, not verbose moves: chess.js makes each verbose move's SAN from
      // all legal moves again (1.6 ms a position, 8 s of this test).
      const moves = chess.moves();
      if (moves.length === 0) break;
      // Favour checks, en passant, promotions and double pushes: they make
      // the rare positions (double checks, en passant, promoted pieces)
      // common.
      const sharp = moves.filter((san) =>
        san.includes("+") || san.includes("=") || isEnPassant(chess, san) ||
        isDoublePush(chess, san)
      );
      const pool = sharp.length > 0 && random() < 0.6 ? sharp : moves;
      const played = chess.move(pool[Math.floor(random() * pool.length)]);
      // chess.js writes the square only when a capture is legal.
      const fen = chess.fen();
      const capturable = fen.split(" ")[3] !== "-";
      const pgn = withEnPassant(
        fen,
        played.isBigPawn()
          ? `${played.to[0]}${played.color === "w" ? 3 : 6}`
          : null,
      );
      assert.equal(validateFen(pgn).ok, true, pgn);
      assertReachable(pgn, capturable, seen);
      if (played.isEnPassant() && chess.inCheck()) {
        tally(seen, "check by en passant");
      }
      positions++;
    }
  }
  console.log("chess.js game positions:", positions, JSON.stringify(seen));
  assert.ok(positions > 4000);
  assert.ok((seen["ep pointless"] ?? 0) > 100);
  assert.ok((seen["ep capturable"] ?? 0) > 20);
});

/** A pawn's capture on the square chess.js gives for en passant. */
function isEnPassant(chess: ChessJs, san: string): boolean {
  return /^[a-h]x/.test(san) &&
    san.slice(2, 4) === chess.fen().split(" ")[3];
}

/** A pawn's move two squares forward (the square it passes is not its). */
function isDoublePush(chess: ChessJs, san: string): boolean {
  const found = /^([a-h])([45])$/.exec(san.replace(/[+#]$/, ""));
  if (found === null) return false;
  const white = chess.turn() === "w";
  if ((found[2] === "4") !== white) return false;
  const passed = `${found[1]}${white ? 3 : 6}` as Parameters<ChessJs["get"]>[0];
  return chess.get(passed) === undefined;
}

interface Played {
  fen: string;
  capturable: boolean;
}

/**
 * Plays a random legal game with chessops from `start`, calling `visit`
 * after each move with the record (en passant written after every double
 * push). With `sharp`, looks for double checks first.
 */
function playChessops(
  start: string,
  plies: number,
  random: () => number,
  sharp: boolean,
  visit: (played: Played, pos: Chess) => void,
): void {
  let pos = Chess.fromSetup(chessopsParseFen(start).unwrap()).unwrap();
  for (let ply = 0; ply < plies && !pos.isEnd(); ply++) {
    const moves: {
      from: number;
      to: number;
      promotion?: "queen" | "knight";
    }[] = [];
    for (const [from, dests] of pos.allDests()) {
      const pawn = pos.board.get(from)?.role === "pawn";
      for (const to of dests) {
        const last = to < 8 || to >= 56;
        if (pawn && last) {
          moves.push({ from, to, promotion: "queen" });
          moves.push({ from, to, promotion: "knight" });
        } else moves.push({ from, to });
      }
    }
    let move = moves[Math.floor(random() * moves.length)];
    if (sharp && random() < 0.8) {
      // Prefer a move that gives double check, else one that gives check.
      let best = 0;
      for (const candidate of moves) {
        const next = pos.clone();
        next.play(candidate);
        const n = next.ctx().checkers.size();
        if (n > best || (n === best && n > 0 && random() < 0.3)) {
          best = n;
          move = candidate;
        }
      }
    }
    const pawn = pos.board.get(move.from)?.role === "pawn";
    pos = pos.clone();
    pos.play(move);
    const fen = makeFen(pos.toSetup());
    const capturable = fen.split(" ")[3] !== "-";
    const doublePush = pawn && Math.abs(move.to - move.from) === 16;
    visit({
      fen: withEnPassant(
        fen,
        doublePush ? makeSquare((move.from + move.to) / 2) : null,
      ),
      capturable,
    }, pos);
  }
}

Deno.test("positions from random legal games (chessops) are legal", () => {
  const random = mulberry32(SEED + 1);
  const seen: Record<string, number> = {};
  let positions = 0;
  for (let game = 0; game < 1500; game++) {
    playChessops(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      120,
      random,
      true,
      ({ fen, capturable }) => {
        assertReachable(fen, capturable, seen);
        positions++;
      },
    );
  }
  console.log("chessops game positions:", positions, JSON.stringify(seen));
  assert.ok(positions > 100000);
  assert.ok((seen["check by 2"] ?? 0) > 150, "too few double checks");
  assert.ok((seen["ep pointless"] ?? 0) > 20);
});

// Chess960: random start positions, random games with chessops, which
// writes X-FEN castling.

function chess960Start(n: number): string {
  const rank: (string | null)[] = new Array(8).fill(null);
  const free = () => rank.flatMap((p, i) => (p === null ? [i] : []));
  rank[2 * (n % 4) + 1] = "b";
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = "b";
  n = Math.floor(n / 4);
  rank[free()[n % 6]] = "q";
  n = Math.floor(n / 6);
  const knights = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
  ][n];
  const f = free();
  rank[f[knights[0]]] = "n";
  rank[f[knights[1]]] = "n";
  const [a, k, h] = free();
  rank[a] = "r";
  rank[k] = "k";
  rank[h] = "r";
  const black = rank.join("");
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

Deno.test("Chess960 games (chessops) are legal and round-trip", () => {
  const random = mulberry32(SEED + 960);
  const seen: Record<string, number> = {};
  let positions = 0;
  let inner = 0;
  for (let game = 0; game < 80; game++) {
    const start = chess960Start(Math.floor(random() * 960));
    playChessops(start, 100, random, false, ({ fen, capturable }, pos) => {
      const position = assertReachable(fen, capturable, seen, true);
      assert.deepEqual(
        new Set(position.castling),
        new Set([...pos.castles.castlingRights].map(makeSquare)),
        fen,
      );
      for (const castling of ["x-fen", "shredder"] as const) {
        const written = stringifyFen(position, { castling });
        assert.deepEqual(parseFen(written, { chess960: true }), position, fen);
      }
      if (position.castling.some((s) => s[0] !== "a" && s[0] !== "h")) {
        inner++;
        // Unset, the option follows the rights; standard rules reject them.
        assert.deepEqual(errorCodes(position), [], fen);
        assert.ok(errorCodes(position, false).includes("bad-castling-rights"));
      }
      positions++;
    });
  }
  console.log("chess960 game positions:", positions, "with b-g rooks:", inner);
  assert.ok(positions > 5000);
  assert.ok(inner > 500);
});
