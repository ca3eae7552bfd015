// `GET /check?fen=`: the object `fen --check --format json` writes for a
// record, built by the same function (lib/program/check_report.ts), for
// bots that check a position before they hand it to an engine.

import { checkReport } from "../program/check_report.ts";
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
  return jsonText(checkReport(readFen(input, "fen"), input));
}
