// `GET /check?fen=`: the object `fen --check --format json` writes for a
// record (the canonical FEN, the input, whether the position is legal, every
// problem, and the game's state when it is legal), for bots that check a
// position before they hand it to an engine.

import { stringifyFen } from "../fen/mod.ts";
import { checkPosition } from "../legality/mod.ts";
import { positionStatus } from "../moves/mod.ts";
import { jsonText, RequestError } from "./_http.ts";
import { unknownParameter } from "./_query.ts";
import { readFen } from "./_images.ts";

/** Reads `/check`'s query: `fen`, and nothing else. */
export function readCheckQuery(query: URLSearchParams): string {
  let fen: string | undefined;
  for (const [parameter, value] of query) {
    if (parameter !== "fen") throw unknownParameter(parameter, ["fen"]);
    if (fen !== undefined) {
      throw new RequestError("fen was given twice", { parameter });
    }
    fen = value;
  }
  if (fen === undefined) {
    throw new RequestError("fen is missing", { parameter: "fen" });
  }
  return fen;
}

/** The check's answer as JSON text, or a RequestError for a malformed FEN. */
export function checkFen(input: string): string {
  const position = readFen(input, "fen");
  const problems = checkPosition(position);
  const legal = problems.every((problem) => problem.severity !== "error");
  const answer: Record<string, unknown> = {
    fen: stringifyFen(position),
    input,
    legal,
    problems,
  };
  if (legal) answer.status = positionStatus(position);
  return jsonText(answer);
}
