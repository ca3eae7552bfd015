// What ends a field: blanks (and, read leniently, a no-break space). The
// lowest of the codec's private modules, so that the placement, the fields
// and the variants' fields all read fields' ends by one definition.

/** No-break space: lenient input takes it for a space (pasted records). */
export const NBSP = 0xa0;

/** Whether `code` is a space, tab, or line break: what ends a field. */
export function isBlank(code: number): boolean {
  // one comparison for the usual printable character
  return code <= 32 &&
    (code === 32 || code === 9 || code === 10 || code === 13);
}

/** Whether `code` ends a field (lenient input also takes a no-break space). */
export function endsField(code: number, strict: boolean): boolean {
  return isBlank(code) || (code === NBSP && !strict);
}

/** Where the field starting at `start` ends: the next blank, or `limit`. */
export function fieldEnd(text: string, start: number, limit: number): number {
  let i = start;
  while (i < limit && !endsField(text.charCodeAt(i), false)) i++;
  return i;
}

/** Whether the field ends at `i`: a blank, or the record's end. */
export function endsAt(text: string, i: number, limit: number): boolean {
  return i === limit || endsField(text.charCodeAt(i), false);
}
