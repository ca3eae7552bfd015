// Games for the book tests: the lichess openings (tests/testdata/
// chess_openings, CC0) as PGN, repeated with results in turn (1-0, 0-1,
// 1/2-1/2, *, and no Result tag), some with a comment, a variation and a
// NAG; and polyglot's binary, if installed. No game starts from a FEN:
// polyglot 2.0.4 ignores the FEN tag (it plays the moves from the standard
// start).

const OPENINGS = new URL("./testdata/chess_openings/", import.meta.url);
const RESULTS = ["1-0", "0-1", "1/2-1/2", "*", ""] as const;

/** The openings' movetexts, in file order. */
export function openingLines(): string[] {
  const lines: string[] = [];
  for (const letter of "abcde") {
    const text = Deno.readTextFileSync(new URL(`${letter}.tsv`, OPENINGS));
    for (const row of text.trim().split("\n").slice(1)) {
      lines.push(row.split("\t")[2]);
    }
  }
  return lines;
}

/**
 * The openings as games, `repeat` times over (at 12, the start position's
 * 1. e4 passes 16,384 games: polyglot's halving is exercised).
 */
export function openingGames(repeat: number): string {
  const lines = openingLines();
  const games: string[] = [];
  let i = 0;
  for (let r = 0; r < repeat; r++) {
    for (const line of lines) {
      const result = RESULTS[(i * 7 + r) % RESULTS.length];
      i++;
      const tags = result === "" ? [] : [`[Result "${result}"]`];
      let moves = line;
      if (line.startsWith("1. e4 ") && i % 5 === 0) {
        moves = `1. e4 {a comment} (1. d4 d5 2. c4) 1... ${line.slice(6)} $1`;
      }
      games.push(
        `[Event "openings"]\n${tags.join("\n")}\n\n${moves} ${result || "*"}\n`,
      );
    }
  }
  return games.join("\n");
}

/** The Stockfish games from the standard start (polyglot ignores FEN tags). */
export function stockfishStandardGames(): string {
  const text = Deno.readTextFileSync(
    new URL("./testdata/stockfish_games.pgn", import.meta.url),
  );
  return text.trim().split(/\n\n(?=\[Event)/)
    .filter((game) => !game.includes("[FEN "))
    .join("\n\n") + "\n";
}

/** polyglot's path, or why the tests comparing with it are skipped. */
export function polyglotBinary(): { path: string } | { skip: string } {
  for (const path of ["/usr/games/polyglot", "/usr/bin/polyglot"]) {
    try {
      Deno.statSync(path);
      return { path };
    } catch {
      // next
    }
  }
  return { skip: "polyglot is not installed (Debian package polyglot)" };
}

/** Runs polyglot with `args` in `cwd`; throws with its output if it fails. */
export function polyglot(path: string, args: string[], cwd: string): void {
  const { success, stdout } = new Deno.Command(path, { args, cwd })
    .outputSync();
  if (!success) {
    throw new Error(
      `polyglot ${args.join(" ")}: ${new TextDecoder().decode(stdout)}`,
    );
  }
}

/**
 * The Stockfish games with players, ratings and dates for the explorer's
 * filters: three players in turn, Elo from 1500 to 2399 (none in every
 * seventh game), a date a month apart from 2019.01.01.
 */
export function stockfishGamesWithPlayers(): string {
  const text = Deno.readTextFileSync(
    new URL("./testdata/stockfish_games.pgn", import.meta.url),
  );
  const names = ["Ann", "Bob", "Cid"];
  return text.trim().split(/\n\n(?=\[Event)/).map((game, i) => {
    const tags = [
      `[White "${names[i % 3]}"]`,
      `[Black "${names[(i + 1) % 3]}"]`,
      `[Date "${2019 + Math.floor(i / 12)}.${
        String(i % 12 + 1).padStart(2, "0")
      }.01"]`,
    ];
    if (i % 7 !== 0) {
      tags.push(`[WhiteElo "${1500 + (i * 37) % 900}"]`);
      tags.push(`[BlackElo "${1500 + (i * 53) % 900}"]`);
    }
    return game.replace(
      /\[White "[^"]*"\]\n\[Black "[^"]*"\]\n/,
      tags.join("\n") + "\n",
    )
      .replace(/\[Date "[^"]*"\]\n/, "");
  }).join("\n\n") + "\n";
}
