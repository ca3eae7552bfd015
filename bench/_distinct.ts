// Requests of distinct positions with marks that vary from one to the next
// (web-boardimage's README options: a last move, one or two tinted squares,
// an arrow on every third, in lichess's four colors), as a service's
// clients send them: one per position of tests/testdata/sample.fen. Run,
// it prints them as paths of `/board.png`, one a line, for wrk
// (bench/_distinct.lua); bench/serve_inprocess.ts draws the same.
//
//   deno run --allow-read bench/_distinct.ts > paths

const SAMPLE = new URL("../tests/testdata/sample.fen", import.meta.url);

/** Square `n` (mod 64) by name. */
function square(n: number): string {
  return "abcdefgh"[n % 8] + (Math.floor(n / 8) % 8 + 1);
}

/** The query strings, one per position. */
export function distinctQueries(): string[] {
  const lines = Deno.readTextFileSync(SAMPLE).split("\n").filter((l) => l);
  return lines.map((line, index) => {
    const n = index + 1;
    const i = n * 7;
    const squares = [square(i * 3 + 1)];
    if (n % 2) squares.push(square(i * 5 + 2));
    let query = `fen=${line.split(" ")[0]}&size=360&lastMove=${square(i)}${
      square(i + 9)
    }&squares=${squares.join(",")}`;
    if (n % 3 === 0) {
      query += `&arrows=${"GRYB"[n % 4]}${square(i + 3)}${square(i + 20)}`;
    }
    return query;
  });
}

if (import.meta.main) {
  console.log(distinctQueries().map((q) => `/board.png?${q}`).join("\n"));
}
