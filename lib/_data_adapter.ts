// The one door from the data modules (polyglot/, unique/, openings/,
// repair.ts, epd_moves.ts, perft_divide.ts) into the rest of the library:
// the public codec and chess functions they use, and, for speed, the byte
// writers a stream uses, so a key is written with the same rules as
// `--format fen` and no string. When the codec (lib/fen/) and the chess
// rules (lib/chess/) move, only these lines change.

export { writeFenBytes, writeFourFieldBytes } from "./fen/bytes.ts";
export { fitsTurn } from "./fen/_fields.ts";
export { FenReader } from "./fen/reader.ts";
export { stringifyFen } from "./fen/mod.ts";
export { parseEpd, stringifyEpd } from "./fen/epd.ts";
export {
  checkPosition,
  type CheckPositionOptions,
  PositionChecker,
  type Problem,
  PROBLEM_CODES,
  type ProblemCode,
  type Severity,
} from "./legality/mod.ts";
export { StatusChecker } from "./legality/_status_checker.ts";
export {
  enPassantSquare,
  legalMoves,
  MoveError,
  perft,
  playMoves,
  positionStatus,
  UnplayablePositionError,
} from "./moves/mod.ts";
