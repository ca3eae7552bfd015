// `--explain`: what `--format fen` changed in a record beyond spacing, so
// that normalizing is never silent. Loaded only when asked for; it reads the
// record a second time, by fields, and compares with the written one.

import { parseFen, stringifyFen } from "./mod.ts";
import type { ParseFenOptions, StringifyFenOptions } from "../types.ts";

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

/** Makes the explainer for records read and written with `options`. */
export function explainer(
  options: ParseFenOptions & StringifyFenOptions,
): (text: string, start: number, end: number) => string[] {
  return (text, start, end) => explain(text.slice(start, end), options);
}

/** The changes `--format fen` makes to `record`, in words. */
export function explain(
  record: string,
  options: ParseFenOptions & StringifyFenOptions,
): string[] {
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
  const written = stringifyFen(parseFen(record, options), options).split(" ");
  if (options.rules === "threecheck") {
    const note = checksNote(given, written);
    if (note !== null) notes.push(note);
  }
  if (options.rules === "crazyhouse") {
    const note = pocketsNote(given, written);
    if (note !== null) notes.push(note);
  }
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

/**
 * Three-check's counters taken out of both records' fields (so the six
 * line up), and what their writing changed: the other convention, or the
 * counters a record without them starts with.
 */
function checksNote(given: string[], written: string[]): string | null {
  const take = (fields: string[]): string | null => {
    const at = fields.findIndex((f, i) => i >= 4 && f.includes("+"));
    return at < 0 ? null : fields.splice(at, 1)[0];
  };
  const before = take(given);
  const after = take(written)!;
  if (before === after) return null;
  const form = after.startsWith("+")
    ? "the checks given, after the clocks (lichess)"
    : "the checks remaining, before the clocks";
  return before === null
    ? `missing three-check counters: written ${after}`
    : `three-check counters ${before} written as ${after}: ${form}`;
}

/** Crazyhouse's pockets taken off both placements, and what changed. */
function pocketsNote(given: string[], written: string[]): string | null {
  const take = (fields: string[]): string | null => {
    const placement = fields[0] ?? "";
    const bracket = placement.indexOf("[");
    const cut = bracket >= 0
      ? bracket
      : placement.split("/").length > 8
      ? placement.split("/", 8).join("/").length
      : -1;
    if (cut < 0) return null;
    fields[0] = placement.slice(0, cut);
    return placement.slice(cut);
  };
  const before = take(given);
  const after = take(written)!;
  if (before === after) return null;
  return before === null
    ? `missing crazyhouse pockets: written ${after}`
    : `crazyhouse pockets ${before} written as ${after}`;
}
