// SAN as people write it and Notation does not read: long algebraic with a
// dash or an x (`Nb1-c3`, `e2-e4`), a pawn capture without its x (`ed5`),
// a colon for x, a P in front, promotions in parentheses or after a slash.
// Each is rewritten to a form Notation reads that names the same squares
// and piece, so it is never read as another move.

/** Long algebraic and other spellings people write, as groups to rebuild. */
const LONG_FORM =
  /^([NBRQK]?)([a-h][1-8])[-x:]?([a-h][1-8])(?:=?\(?([QRBNqrbn])\)?)?([+#]?[!?]*)$/;
/** A pawn capture without its `x` (`ed5`), or with `:` for it. */
const BARE_CAPTURE = /^([a-h]):?([a-h][1-8].*)$/;
/** A piece capture with `:` for `x` (`N:e5`, `Nf3:e5`). */
const COLON_CAPTURE = /^([NBRQK][a-h]?[1-8]?):([a-h][1-8].*)$/;
/** A promotion in parentheses or after a slash: `e8(Q)`, `e8/Q`. */
const ODD_PROMOTION = /^([a-h]x?[a-h]?[18])[(/]([QRBNqrbn])\)?([+#]?[!?]*)$/;

/** The text as Notation reads it, for the lenient spellings; or null. */
export function lenientForm(text: string): string | null {
  const t = text.charCodeAt(0) === 80 /* P */ ? text.slice(1) : text;
  let m = LONG_FORM.exec(t);
  if (m) {
    const [, piece, from, to, promotion = ""] = m;
    return piece === ""
      ? from + to + promotion.toLowerCase()
      : piece + from + to;
  }
  m = ODD_PROMOTION.exec(t);
  if (m) return `${m[1]}=${m[2].toUpperCase()}`;
  m = COLON_CAPTURE.exec(t) ?? BARE_CAPTURE.exec(t);
  if (m) return `${m[1]}x${m[2]}`;
  return t === text ? null : t;
}
