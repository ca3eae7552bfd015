// Variant games against python-chess, position by position: every mainline
// position of each game read by the real program (`--from pgn --ply all
// --format fen`, in python-chess's conventions: en passant when legal,
// three-check's remaining checks) and by the library's reader, its legal
// moves (`--format moves`, by the game's rules) against python-chess's, then
// the games our `stringifyPgn` writes read back by python-chess. The games:
//
// - random games of all nine rules played and written by python-chess
//   (its `Variant` tag names are lichess's);
// - games played on lichess.org kept in tests/testdata/lichess_variants.pgn
//   (three-check, racing kings, crazyhouse and antichess, from lichess's
//   CC0 database);
// - games played on lichess.org and kept as test data by its peers, read in
//   place from the git mirrors the project's tools fetch and never copied:
//   python-chess's data/pgn (crazyhouse games from lichess, an antichess
//   game; GPL), scalachess's PGN fixtures and antichess tests (crazyhouse,
//   atomic and antichess games from lichess's production; MIT), and the
//   horde game of lichess's PGN viewer demo (GPL).
//
// Two known differences of python-chess's are set aside: it does not zero
// the halfmove clock after a pawn drop (chessops and lichess do, and so do
// we), so the crazyhouse halfmove clock is not compared; and in atomic its
// FEN names an en-passant square its own legal moves cannot capture on
// (the capture would explode the capturer's king), so the script writes the
// square only when one of python-chess's legal moves captures there.
// Skipped with the reason printed when python3 or python-chess's source is
// missing; the mirrored games each when their mirror is missing.

import assert from "node:assert/strict";
import { parsePgn, stringifyPgn } from "../../lib/pgn/mod.ts";
import { parseFen, stringifyFen } from "../../lib/fen/mod.ts";
import { variantNamed } from "../../lib/chess/variant_names.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import { runFen } from "../cli/_harness.ts";

const SEED = 20261127;
const GAMES_PER_VARIANT = 12;
const SCRIPT =
  new URL("./_python_chess_variant_games.py", import.meta.url).pathname;
const MIRRORS = "/work/.mirror";

/** One game as python-chess read (or wrote) it. */
interface PeerGame {
  pgn?: string;
  variant?: string;
  fens: string[];
  errors?: string[];
}

async function python(path: string, args: string[]): Promise<PeerGame[]> {
  const stdout = await runPython([SCRIPT, ...args], { path });
  return stdout.trim().split("\n").filter((line) => line !== "").map((
    line,
  ) => JSON.parse(line));
}

/** A file of a mirrored repository, or null when the mirror is missing. */
async function mirrored(repo: string, path: string): Promise<string | null> {
  try {
    const out = await new Deno.Command("git", {
      args: [`--git-dir=${MIRRORS}/${repo}/repo`, "show", `HEAD:${path}`],
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout) : null;
  } catch {
    return null;
  }
}

/** The rules of a game's Variant tag, "chess" without one. */
function rulesOfTag(pgn: string): string {
  const tag = /\[Variant "([^"]*)"\]/i.exec(pgn)?.[1];
  return tag === undefined ? "chess" : variantNamed(tag)?.rules ?? "?";
}

/**
 * The lichess variant games quoted in a source file (scalachess's Scala
 * fixtures, a JavaScript demo): each quoted text with a Variant tag naming
 * a variant other than standard chess.
 */
function quotedGames(source: string, quote: RegExp): string[] {
  const games: string[] = [];
  for (const [, text] of source.matchAll(quote)) {
    const rules = rulesOfTag(text);
    if (rules !== "chess" && rules !== "?") {
      games.push(text.trim().replace(/^\s+(?=\[)/gm, "") + "\n");
    }
  }
  return games;
}

/** The lichess games kept in tests/testdata (see the README there). */
const KEPT = new URL("../testdata/lichess_variants.pgn", import.meta.url);

/** The lichess games kept here and mirrored, by where they come from. */
async function lichessGames(): Promise<[string, string][]> {
  const corpora: [string, string][] = [
    ["tests/testdata/lichess_variants.pgn", await Deno.readTextFile(KEPT)],
  ];
  for (
    const name of [
      "knightvuillaume-jannlee-zh-lichess.pgn",
      "saturs-jannlee-zh-lichess.pgn",
      "antichess-programfox.pgn",
    ]
  ) {
    const text = await mirrored("niklasf+python-chess", `data/pgn/${name}`);
    if (text !== null) corpora.push([`python-chess ${name}`, text]);
  }
  for (
    const path of [
      "test-kit/src/test/scala/format/pgn/Fixtures.scala",
      "test-kit/src/test/scala/AntichessVariantTest.scala",
    ]
  ) {
    const text = await mirrored("lichess-org+scalachess", path);
    if (text === null) continue;
    const games = quotedGames(text, /"""([\s\S]*?)"""/g);
    corpora.push([`scalachess ${path.split("/").at(-1)}`, games.join("\n")]);
  }
  const demo = await mirrored("lichess-org+pgn-viewer", "demo/demo.js");
  if (demo !== null) {
    const games = quotedGames(demo, /`([\s\S]*?)`/g);
    corpora.push(["lichess pgn-viewer demo", games.join("\n")]);
  }
  return corpora;
}

/**
 * Every mainline position's legal moves (`--format moves`, by each game's
 * rules) against python-chess's, sorted.
 */
async function compareMoves(
  label: string,
  { text, file, python }: { text: string; file: string; python: string },
): Promise<void> {
  const expected = (await runPython([SCRIPT, "moves", file], { path: python }))
    .split("\n");
  const run = await runFen(
    ["--from", "pgn", "--ply", "all", "--format", "moves", "-"],
    { stdin: text },
  );
  assert.deepEqual([run.code, run.stderr], [0, ""], `${label}: moves`);
  const ours = run.stdout.split("\n").map((line) =>
    line.split(" ").sort().join(" ")
  );
  assert.equal(ours.length, expected.length, `${label}: moves' lines`);
  for (let i = 0; i < expected.length; i++) {
    assert.equal(ours[i], expected[i], `${label}: moves of position ${i}`);
  }
}

/** `fen` with the halfmove clock blanked: see the comment at the top. */
function masked(fen: string, rules: string): string {
  if (rules !== "crazyhouse") return fen;
  const fields = fen.split(" ");
  fields[4] = "_";
  return fields.join(" ");
}

/** Our FENs of every mainline position, in python-chess's conventions. */
function readFens(text: string): { fens: string[]; errors: string[] } {
  const fens: string[] = [], errors: string[] = [];
  for (const game of parsePgn(text)) {
    if (game.error !== null) errors.push(game.error.message);
    for (const position of game.positions({ enPassant: "legal" })) {
      const rules = game.rules;
      fens.push(
        stringifyFen(parseFen(position.fen, { rules }), {
          checks: "remaining",
        }),
      );
    }
  }
  return { fens, errors };
}

/** Compares ours with python-chess's, game by game; returns the positions. */
async function compare(
  label: string,
  { text, peer }: { text: string; peer: PeerGame[] },
): Promise<number> {
  const expected: string[] = [], rules: string[] = [];
  for (const game of peer) {
    assert.deepEqual(game.errors ?? [], [], `${label}: python-chess errors`);
    const variant = rulesOfTag(game.pgn ?? `[Variant "${game.variant}"]`);
    for (const fen of game.fens) {
      expected.push(fen);
      rules.push(variant);
    }
  }
  const run = await runFen([
    "--from",
    "pgn",
    "--ply",
    "all",
    "--format",
    "fen",
    "--en-passant",
    "legal",
    "--checks",
    "remaining",
    "-",
  ], { stdin: text });
  assert.deepEqual([run.code, run.stderr], [0, ""], `${label}: the command`);
  const command = run.stdout.trimEnd().split("\n");
  const library = readFens(text);
  assert.deepEqual(library.errors, [], `${label}: the reader`);
  for (const [who, fens] of [["command", command], ["reader", library.fens]]) {
    assert.equal(fens.length, expected.length, `${label}: ${who}'s positions`);
    for (let i = 0; i < expected.length; i++) {
      assert.equal(
        masked(fens[i] as string, rules[i]),
        masked(expected[i], rules[i]),
        `${label}: ${who}, position ${i}`,
      );
    }
  }
  return expected.length;
}

Deno.test("variant games: the same positions and legal moves as python-chess, ply by ply, and our PGN read back by it", async (t) => {
  const py = await pythonChess();
  if ("skip" in py) {
    console.log(`variant games against python-chess skipped: ${py.skip}`);
    return;
  }
  const dir = await Deno.makeTempDir({ prefix: "fen-variant-games-" });
  const report: string[] = [];
  try {
    const random = await python(py.path, [
      "random",
      String(GAMES_PER_VARIANT),
      String(SEED),
    ]);
    const corpora: [string, string][] = [[
      "random games of the nine rules, written by python-chess",
      random.map((game) => game.pgn).join("\n\n") + "\n",
    ], ...await lichessGames()];
    for (const [label, text] of corpora) {
      await t.step(label, async () => {
        const file = `${dir}/games.pgn`;
        await Deno.writeTextFile(file, text);
        const peer = await python(py.path, ["read", file]);
        const positions = await compare(label, { text, peer });
        await compareMoves(label, { text, file, python: py.path });
        // Our PGN of the same games, read back by python-chess.
        const written = parsePgn(text).map((g) => stringifyPgn(g)).join("\n");
        await Deno.writeTextFile(file, written);
        const back = await python(py.path, ["read", file]);
        assert.deepEqual(
          back.map((game) => game.fens),
          peer.map((game) => game.fens),
          `${label}: our PGN read back by python-chess`,
        );
        const variants = new Set(
          peer.map((g) =>
            g.variant ? rulesOfTag(`[Variant "${g.variant}"]`) : "chess"
          ),
        );
        report.push(
          `${label}: ${peer.length} games (${
            [...variants].join(", ")
          }), ${positions} positions`,
        );
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  console.log(report.join("\n"));
  assert.ok(report.length > 0);
});
