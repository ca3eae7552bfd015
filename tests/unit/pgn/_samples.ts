// PGN texts written in the ways readers part on, shared by the tests that
// hold one scanner of games against another (mainline_test.ts,
// scanners_test.ts).

/** Texts by what makes them hard to read, each a few games. */
export const TRICKY: Record<string, string> = {
  "a FEN tag":
    '[Event "a"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 2. e5 1-0\n\n[Event "b"]\n\n1. d4 d5 0-1\n',
  "variations":
    '[Result "1-0"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 (2. Bc4 {x} Nc6) Nc6 3. Bb5 1-0\n\n[Result "0-1"]\n\n1. d4 d5 0-1\n',
  "an illegal move":
    '[Event "x"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Ke3 Nf6 *\n\n[Event "y"]\n\n1. e4 *\n',
  "no tags":
    '1. e4 e5 2. Nf3 *\n\n1. d4 d5 1/2-1/2\n\n{a comment game}\n\n[Result "1-0"]\n1. c4 1-0\n',
  "no blank line":
    '[Result "1-0"]\n1. e4 e5 1-0\n[Result "0-1"]\n1. d4 d5 0-1\n',
  "a token after the result":
    '[Result "1-0"]\n\n1. e4 e5 1-0 1. d4 d5 * 3. c4 $1 e5 ( d4 ) 1-0 *\n',
  "a blank line in the moves":
    '[Result "1-0"]\n\n1. e4 e5 2. Nf3\n\n2... Nc6 3. Bb5 1-0\n',
  "comments that hide tags":
    '[Result "1-0"]\n\n1. e4 {\n\n[Event "not a tag"]\n\n} e5 ; [Event "nor this"]\n2. Nf3 1-0\n\n[Result "0-1"]\n\n1. d4 0-1\n',
  "a % line": '[Result "1-0"]\n\n1. e4\n% [Event "hidden"]\ne5 1-0\n',
  "tags written otherwise":
    '[Event "a \\"quoted\\" name"]\n[Site  "two spaces"] \n[Result "1-0"][Round "1"]\n\n1. e4 1-0\n\n[Event "b"]\n\n[Site "after a blank line"]\n\n1. d4 *\n\n[Event "b"]\n\n[Event "again"]\n\n1. c4 *\n',
  "null moves and lenient spellings":
    '[Result "*"]\n\n1. e4 -- 2. d4 Z0 3. Nf3 Nf6 4. Be2 e6 5. 0-0 Be7 6. e8(Q) *\n\n1. e4 d5 2. exd5 e5 3. dxe6 e.p. *\n',
  "NAGs":
    '[Result "1-0"]\n\n$1 1. e4 $ e5 !? 2. Nf3 ! $14 1-0\n\n[Result "1-0"]\n\n! 1. d4 1-0\n',
  "letters of several bytes":
    '\ufeff[Event "caf\u00e9"]\n[Result "1\u20130"]\n\n1. e4\u00a0e5 2. Nf3 1\u20130\n\n[Event "b"]\n\n1. d4 {\u00e9t\u00e9} d5 *\n',
  "castling, promotion, en passant":
    '[Result "1-0"]\n\n1. e4 d5 2. e5 f5 3. exf6 g6 4. fxg7 Nf6 5. gxh8=Q Bg7 6. Nf3 O-O 7. Bc4 Nc6 8. O-O Bf5 9. Re1 Qd7 10. d3 O-O-O 1-0\n',
  "CRLF":
    '[Event "a"]\r\n[Result "0-1"]\r\n\r\n1. e4 e5 2. Nf3 0-1\r\n\r\n[Event "b"]\r\n\r\n1. d4 *\r\n',
  "an unclosed comment":
    '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Result "0-1"]\n\n1. d4 { never closed\n',
  "a tag cut by the end": '[Result "1-0"]\n\n1. e4 1-0\n\n[Event "cut',
  "a long token": `[Result "1-0"]\n\n1. e4 ${"x".repeat(300)} e5 1-0\n`,
  "parentheses and stray characters":
    '[Result "1-0"]\n\n1. e4 ) e5 1-0\n\n[Event "b"]\n\n1. d4 @ d5 *\n\n1-0 \u00a7\n[Event "c"]\n\n1. c4 *\n',
  "numbers alone": '1.\n\n[Event "a"]\n\n1. e4 12 e5 2.\n\n3... *\n',
  "an error after games read fast":
    '[Result "1-0"]\n\n1. e4 {a\nmulti-line\ncomment} e5 ; rest\n2. Nf3 1-0\n\n[Result "0-1"]\n\n1. d4 d5\n2. Bg5 Nf6 3. Ke3 *\n\n[Result "1-0"]\n\n1. e4 1-0 1. d4 Kd7 *\n',
  "results and dashes in the moves skipped":
    '[Result "1-0"]\n\n1. e4 e5 2. O-O-O 11-0 a1-0 1/2 2-1 {1-0\n0-1} 3. Nf3 e1-0 1/2-1/2\n\n[Result "0-1"]\n\n1. d4 d5 2. c4 -- / 0-10 0-1 [Event "b"]\n\n1. e4 e5 2. Nf3 3.1-0\n\n[Event "c"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n{\n\n}\n[Event "d"]\n\n1. e4 Ke7 2. Ke3 *\n',
  "a $ without a number among the tags":
    '[Event "a"]\n[Site "x"]$[Date "2024.01.01"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n[Site "y"] $\n[Result "0-1"]\n\n1. d4 d5 0-1\n\n$ [Event "c"]\n\n1. c4 *\n',
  "% lines that hide tags, at the text's start and a game's":
    '%c {} [Event "hidden"]\n\n1. e4 *\n\n%d [Event "hidden"]\n[Event "b"]\n\n1. d4 * %e [Event "c"]\n\n1. c4 *\n',
  "an empty game and a lone result":
    '[Event "a"]\n\n*\n\n[Event "b"]\n[Result "1-0"]\n\n1-0 *\n',
};
