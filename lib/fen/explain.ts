// `--explain`: what `--format fen` changed in a record beyond spacing, so
// that normalizing is never silent. Loaded only when asked for; it reads the
// record a second time, by fields, and compares with the written one.

import { parseFen, stringifyFen } from "./mod.ts";
import type { ParseFenOptions } from "../types.ts";

/** The wrappers lenient input accepts around a record, in peeling order. */
const WRAPPERS: readonly [RegExp, string][] = [
  [/^\uFEFF/, "byte order mark removed"],
  [/^\[FEN "(.*)"\]$/s, 'PGN tag [FEN "..."] removed'],
  [/^"(.*)"$/s, "quotes around the record removed"],
  [/;$/, 'final ";" removed'],
];

const FIELD_NAMES = [
  "placement",
  "side to move",
  "castling",
  "en passant",
  "halfmove clock",
  "fullmove number",
] as const;

/** Makes the explainer for records read with `options`. */
export function explainer(
  options: ParseFenOptions,
): (text: string, start: number, end: number) => string[] {
  return (text, start, end) => explain(text.slice(start, end), options);
}

/** The changes `--format fen` makes to `record`, in words. */
export function explain(record: string, options: ParseFenOptions): string[] {
  const notes: string[] = [];
  let rest = record.replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, "");
  for (const [pattern, note] of WRAPPERS) {
    const match = pattern.exec(rest);
    if (match === null) continue;
    rest = (match[1] ?? rest.replace(pattern, "")).trim();
    notes.push(note);
  }
  const given = rest.split(/[\s\u00a0]+/);
  const comment = given.findIndex((field, i) => i > 0 && field.startsWith("#"));
  if (comment > 0) {
    given.length = comment;
    notes.push("comment removed");
  }
  const written = stringifyFen(parseFen(record, options)).split(" ");
  const operations = given.length > 4 && /^[A-Za-z]/.test(given[4]) ? 4 : -1;
  if (operations > 0 || (given.length > 6 && /^[A-Za-z]/.test(given[6]))) {
    const at = operations > 0 ? 4 : 6;
    const opcodes = given.slice(at).join(" ").match(/(?:^|;\s*)([A-Za-z]\w*)/g)
      ?.map((op) => op.replace(/^;\s*/, "")) ?? [];
    notes.push(`EPD operations dropped (${opcodes.join(", ")})`);
    given.length = at;
    if (at === 4) {
      const counters = (["hmvc", "fmvn"] as const).filter((op) =>
        opcodes.includes(op)
      );
      for (const op of counters) {
        const i = op === "hmvc" ? 4 : 5;
        given[i] = written[i];
      }
      if (counters.length > 0) {
        notes.push(`counters taken from ${counters.join(" and ")}`);
      }
    }
  }
  const missing: number[] = [];
  for (let i = 0; i < 6; i++) {
    if (given[i] === undefined) missing.push(i);
    else {
      const note = fieldNote(i, given[i], written[i], written[1]);
      if (note !== null) notes.push(note);
    }
  }
  if (missing.length > 0) {
    notes.push(
      `missing ${missing.map((i) => FIELD_NAMES[i]).join(", ")}: written ${
        missing.map((i) => written[i]).join(" ")
      }`,
    );
  }
  return notes;
}

function fieldNote(
  i: number,
  given: string,
  written: string,
  turn: string,
): string | null {
  const name = FIELD_NAMES[i];
  if (given === written) return null;
  if (i === 2 && sameLetters(given, written)) {
    return `castling ${given} reordered as ${written}`;
  }
  if (i === 3 && written === "-") {
    return `en passant ${given} written as -: ${
      turn === "w" ? "White" : "Black"
    } to move cannot capture on rank ${given[1]}`;
  }
  if (i === 0 && given.endsWith("/")) {
    return 'placement: "/" after the eighth rank removed';
  }
  return `${name} ${given} written as ${written}`;
}

function sameLetters(a: string, b: string): boolean {
  return [...a].sort().join("") === [...b].sort().join("");
}
