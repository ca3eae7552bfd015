// `GET /check?fen=`: the object `fen --check --format json` writes for a
// record, written by the same function (lib/program/check_report.ts), for
// bots that check a position before they hand it to an engine.

import { checkFacts, checkJson } from "../program/check_report.ts";
import { RequestError, safeJson, shown } from "./_http.ts";
import { unknownParameter } from "./_query.ts";
import { readFen } from "./_images.ts";
import { type Rules, VARIANT_RULES } from "../types.ts";
import { variantNamed } from "../chess/variant_names.ts";

/** `/check`'s query: the record, and the rules of `variant` (default standard). */
export interface CheckQuery {
  fen: string;
  rules: Rules;
}

/** Reads `/check`'s query: `fen`, an optional `variant`, nothing else. */
export function readCheckQuery(query: URLSearchParams): CheckQuery {
  const found = new Map<string, string>();
  for (const [parameter, value] of query) {
    if (parameter !== "fen" && parameter !== "variant") {
      throw unknownParameter(parameter, ["fen", "variant"]);
    }
    if (found.has(parameter)) {
      throw new RequestError(`${parameter} was given twice`, { parameter });
    }
    found.set(parameter, value);
  }
  const fen = found.get("fen");
  if (fen === undefined) {
    throw new RequestError("fen is missing", { parameter: "fen" });
  }
  const name = found.get("variant");
  if (name === undefined) return { fen, rules: "chess" };
  const variant = variantNamed(name);
  if (variant === undefined) {
    throw new RequestError(
      `variant ${shown(name)} is not one of ${VARIANT_RULES.join(", ")}`,
      { parameter: "variant" },
    );
  }
  return { fen, rules: variant.rules };
}

/** The check's answer as JSON text, or a RequestError for a malformed FEN. */
export function checkFen({ fen, rules }: CheckQuery): string {
  return safeJson(
    checkJson(checkFacts(readFen(fen, "fen", rules), fen, rules)),
  );
}
