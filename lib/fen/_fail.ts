// How the private readers report a problem. They scan a record inside a
// longer text (a batch chunk), so they know only absolute indices; FenReader
// catches the failure and throws the public FenSyntaxError with an offset
// counted from the record's start. Nothing else ever sees a ReadFailure.

import type { FenField } from "../errors.ts";
import type { Rules } from "../types.ts";

/** A problem at index `at` of the text being read. */
export class ReadFailure {
  constructor(
    readonly field: FenField,
    readonly detail: string,
    readonly at: number,
    readonly rules?: Rules,
  ) {}
}

/** Throws a {@linkcode ReadFailure}: built out of line so hot loops stay small. */
export function fail(
  field: FenField,
  detail: string,
  at: number,
  rules?: Rules,
): never {
  throw new ReadFailure(field, detail, at, rules);
}
