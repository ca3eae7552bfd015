// The one door from the data modules (lib/unique/, lib/epd_moves.ts) into
// the codec's internals, for speed: the byte writers a stream uses, so a
// key is written with the same rules as `--format fen` and no string. When
// the codec moves (lib/fen/), only these lines change.

export { writeFenBytes, writeFourFieldBytes } from "./_fen_bytes.ts";
export { fitsTurn } from "./_fields.ts";
