// puzzleThemes against lichess-puzzler's tagger itself (tagger/cook.py,
// run by _lichess_tagger.py with python-chess): theme for theme on puzzle
// lines cut from the test games (every twentieth position, two to eight moves
// on, and the last two to ten moves of each game that ends in mate), with
// the cp turning through the eval classes, and on every mate in one from
// every third position of the Stockfish games (each move of the side to
// move, then each mating reply), where the named mates show. Skipped, with the reason, when
// python3, python-chess or lichess-puzzler's source is missing (set
// LICHESS_PUZZLER_SRC to its tagger folder).

import assert from "node:assert/strict";
import { parsePgn } from "../../lib/pgn/mod.ts";
import {
  legalMoves,
  parseFen,
  playMoves,
  type PuzzleLine,
  puzzleThemes,
} from "../../mod.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";

const SCRIPT = new URL("./_lichess_tagger.py", import.meta.url).pathname;
const MIRROR = "/work/.mirror/ornicar+lichess-puzzler/repo";
const GAMES = ["stockfish_games.pgn", "lichess_style.pgn"];
/** A mate puzzle's cp, a mate at the end's, then crushing, advantage, equality. */
const CPS = [999999999, 999999998, 700, 300, 100];

/** The lines: cut from the standard games of the test files. */
async function corpus(): Promise<PuzzleLine[]> {
  const lines: PuzzleLine[] = [];
  for (const name of GAMES) {
    const text = await Deno.readTextFile(
      new URL(`../testdata/${name}`, import.meta.url),
    );
    for (const game of parsePgn(text)) {
      if (game.rules !== "chess" || game.chess960) continue;
      const walk = Array.from(game.positions(), (p) => ({
        fen: p.fen,
        uci: p.move?.uci ?? "",
      }));
      const cut = (start: number, length: number) =>
        lines.push({
          fen: walk[start].fen,
          moves: walk.slice(start + 1, start + 1 + length).map((p) => p.uci),
          cp: CPS[lines.length % CPS.length],
        });
      const plies = walk.length - 1;
      for (let start = 0; start < plies; start += 20) {
        for (const length of [2, 4, 6, 8]) {
          if (start + length <= plies) cut(start, length);
        }
      }
      if (game.mainline.moves.at(-1)?.san.endsWith("#")) {
        for (let length = 2; length <= 10 && length <= plies; length += 2) {
          cut(plies - length, length);
        }
      }
    }
  }
  return lines;
}

/** Each move of the side to move at `fen`, then each reply that mates. */
function matesInOne(fen: string): PuzzleLine[] {
  const lines: PuzzleLine[] = [];
  const start = parseFen(fen);
  for (const move of legalMoves(start)) {
    const after = playMoves(start, [move]).position;
    const replies = legalMoves(after);
    const sans = legalMoves(after, { notation: "san" });
    for (let i = 0; i < replies.length; i++) {
      if (!sans[i].endsWith("#")) continue;
      lines.push({ fen, moves: [move, replies[i]], cp: CPS[0] });
    }
  }
  return lines;
}

/** The mates in one from every third position of the Stockfish games. */
async function mates(): Promise<PuzzleLine[]> {
  const text = await Deno.readTextFile(
    new URL(`../testdata/${GAMES[0]}`, import.meta.url),
  );
  const lines: PuzzleLine[] = [];
  for (const game of parsePgn(text)) {
    const fens = Array.from(game.positions(), (p) => p.fen);
    // The last position may be the mate itself: no move to start from.
    for (let i = 0; i < fens.length - 1; i += 3) {
      lines.push(...matesInOne(fens[i]));
    }
  }
  return lines;
}

/**
 * Where lichess-puzzler's tagger files are, or why they are not; `made`
 * when they were unpacked into a folder of ours, to remove afterwards.
 */
async function tagger(): Promise<
  { path: string; made?: string } | { skip: string }
> {
  const source = Deno.env.get("LICHESS_PUZZLER_SRC");
  if (source !== undefined) return { path: source };
  try {
    await Deno.stat(MIRROR);
  } catch {
    return {
      skip: "lichess-puzzler's source not found (set LICHESS_PUZZLER_SRC " +
        "to its tagger folder)",
    };
  }
  const dir = await Deno.makeTempDir({ prefix: "lichess-puzzler-" });
  const archive = await new Deno.Command("sh", {
    args: [
      "-c",
      `git --git-dir='${MIRROR}' archive HEAD tagger | tar x -C '${dir}'`,
    ],
  }).output();
  if (!archive.success) {
    return { skip: "lichess-puzzler's mirror is unreadable" };
  }
  return { path: `${dir}/tagger`, made: dir };
}

/** Where python-chess and the tagger are, or why they are not. */
async function tools(): Promise<
  { python: string; tagger: { path: string; made?: string } } | {
    skip: string;
  }
> {
  const chess = await pythonChess();
  if ("skip" in chess) return chess;
  const found = await tagger();
  if ("skip" in found) return found;
  return { python: chess.path, tagger: found };
}

/** cook.py's themes for each line. */
async function judged(
  lines: PuzzleLine[],
  { python, tagger }: { python: string; tagger: { path: string } },
): Promise<(string[] | { error: string })[]> {
  const input = lines.map((line) => JSON.stringify(line) + "\n").join("");
  const stdout = await runPython([SCRIPT, tagger.path], {
    path: python,
    stdin: input,
  });
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}

const found = await tools();

Deno.test({
  name:
    "puzzleThemes: cook.py's themes on lines cut from the test games and on their mates in one",
  ignore: "skip" in found,
  async fn() {
    if ("skip" in found) return;
    const lines = [...await corpus(), ...await mates()];
    let answers;
    try {
      answers = await judged(lines, found);
    } finally {
      if (found.tagger.made !== undefined) {
        await Deno.remove(found.tagger.made, { recursive: true });
      }
    }
    assert.equal(answers.length, lines.length);
    const wrong: string[] = [];
    const tagged = new Set<string>();
    for (let i = 0; i < lines.length; i++) {
      const want = answers[i];
      assert.ok(Array.isArray(want), `cook.py failed: ${JSON.stringify(want)}`);
      const got = puzzleThemes(lines[i]);
      for (const theme of got) tagged.add(theme);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        wrong.push(`${JSON.stringify(lines[i])}: ${got} (cook.py: ${want})`);
      }
    }
    assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} lines differ`);
    // The corpus reaches most themes, so that agreeing says something.
    assert.ok(tagged.size >= 45, [...tagged].sort().join(" "));
  },
});

if ("skip" in found) console.log(`skipped: ${found.skip}`);
