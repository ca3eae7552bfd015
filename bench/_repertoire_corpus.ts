/**
 * A repertoire for the repertoire benchmark (bench/repertoire.sh): the named
 * openings' lines (tests/testdata/chess_openings, the lines
 * bench/_db_corpus.ts opens its games with, most often the first ones) as
 * a study's chapters, in order, until it holds about `--positions`
 * positions.
 *
 * ```sh
 * deno run -A bench/_repertoire_corpus.ts --positions 2000 > repertoire.pgn
 * ```
 *
 * @module
 */

import { openingLines } from "../tests/_books.ts";
import { Repertoire } from "../lib/tree/repertoire.ts";

const at = Deno.args.indexOf("--positions");
const target = at < 0 ? 2000 : Number(Deno.args[at + 1]);
const chapters: string[] = [];
let size = 0;
for (const [i, line] of openingLines().entries()) {
  const chapter = `[Event "Chapter ${i + 1}"]\n[Result "*"]\n\n${line} *\n`;
  const grown = Repertoire.fromPgn([...chapters, chapter].join("\n"));
  if (grown.nodes.length > target && chapters.length > 0) break;
  chapters.push(chapter);
  size = grown.nodes.length;
}
console.error(`${chapters.length} chapters, ${size} positions`);
console.log(chapters.join("\n"));
