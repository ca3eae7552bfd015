// What several test files and benches share, written once: the seeded PRNG
// and the published perft table.

/** mulberry32: a small seeded 32-bit PRNG, floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random Chess960 starting position (`KQkq`, read as X-FEN): bishops on
 * squares of both colors, then the queen and knights, then rook, king, rook
 * on the three squares left, each drawn from `random`.
 */
export function chess960Start(random: () => number): string {
  const rank: string[] = new Array(8).fill("");
  const place = (piece: string, squares: number[]) => {
    const free = squares.filter((s) => rank[s] === "");
    rank[free[Math.floor(random() * free.length)]] = piece;
  };
  place("b", [0, 2, 4, 6]);
  place("b", [1, 3, 5, 7]);
  const all = [0, 1, 2, 3, 4, 5, 6, 7];
  for (const piece of "qnn") place(piece, all);
  const [a, k, h] = all.filter((s) => rank[s] === "");
  [rank[a], rank[k], rank[h]] = ["r", "k", "r"];
  const black = rank.join("");
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

/** One position of tests/testdata/perft.json and its published counts. */
export interface PerftEntry {
  name: string;
  /** Where the counts were published. */
  source?: string;
  chess960?: boolean;
  fen: string;
  /** Leaf nodes by depth. */
  perft: Record<string, number>;
}

/** The published perft table (tests/testdata/perft.json). */
export const PERFT: readonly PerftEntry[] = JSON.parse(
  await Deno.readTextFile(new URL("testdata/perft.json", import.meta.url)),
);

/** The git mirror of python-chess the project's tools fetch, if present. */
const PYTHON_CHESS_MIRROR = "/work/.mirror/niklasf+python-chess/repo";

// The answer, found once a process: the test modules of a suite share it
// (each finding it again cost a git archive and two python3 starts).
let pythonChessFound: Promise<{ path: string } | { skip: string }> | undefined;

/** Where python-chess can be imported from, or why it cannot. */
export function pythonChess(): Promise<{ path: string } | { skip: string }> {
  return pythonChessFound ??= findPythonChess();
}

async function findPythonChess(): Promise<
  { path: string } | { skip: string }
> {
  const probe = async (path: string): Promise<boolean> => {
    try {
      const { success } = await new Deno.Command("python3", {
        args: ["-c", "import chess.pgn, chess.polyglot"],
        env: { PYTHONPATH: path },
        stdout: "null",
        stderr: "null",
      }).output();
      return success;
    } catch {
      return false;
    }
  };
  const source = Deno.env.get("PYTHON_CHESS_SRC");
  if (source !== undefined && await probe(source)) return { path: source };
  if (await probe("")) return { path: "" };
  try {
    await Deno.stat(PYTHON_CHESS_MIRROR);
  } catch {
    return {
      skip: "python-chess not found (set PYTHON_CHESS_SRC to its source)",
    };
  }
  const dir = await Deno.makeTempDir({ prefix: "python-chess-" });
  const archive = await new Deno.Command("sh", {
    args: [
      "-c",
      `git --git-dir='${PYTHON_CHESS_MIRROR}' archive HEAD chess | tar x -C '${dir}'`,
    ],
  }).output();
  if (archive.success && await probe(dir)) return { path: dir };
  return { skip: "python3 or python-chess's source is missing" };
}

/**
 * `entry` at its deepest published depth whose total is at most `budget`
 * nodes: that depth and its total.
 */
export function deepestWithin(
  entry: PerftEntry,
  budget: number,
): [number, number] {
  let best: [number, number] = [1, entry.perft["1"]];
  for (const [depth, nodes] of Object.entries(entry.perft)) {
    if (nodes <= budget && Number(depth) > best[0]) {
      best = [Number(depth), nodes];
    }
  }
  return best;
}
