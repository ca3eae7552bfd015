// A UCI `info` line read into numbers: the tokens the analysis uses
// (depth, nodes, multipv, score, pv); the others (seldepth, nps, time,
// hashfull, tbhits, currmove, string...) are skipped.

/** A score from the side to move: centipawns, or moves to mate (negative: being mated). */
export type Score = { cp: number } | { mate: number };

/** One line of a search: its multipv index, score and moves. */
export interface EngineLine {
  /** 1 for the best line, 2 for the next... */
  multipv: number;
  /** Depth of the search that gave the line. */
  depth: number;
  /** The score, from the side to move. */
  score: Score;
  /** Whether the score is only a bound (`lowerbound`, `upperbound`). */
  bound: boolean;
  /** The moves in UCI (may be empty). */
  pv: string[];
}

/** What one `info` line says; `line` is set when it has a score. */
export interface Info {
  depth: number | null;
  nodes: number | null;
  line: EngineLine | null;
}

const INTEGER = /^-?\d+$/;
/** Tokens followed by one value the analysis does not need. */
const SKIP_ONE = new Set([
  "seldepth",
  "time",
  "nps",
  "hashfull",
  "tbhits",
  "cpuload",
  "currmovenumber",
  "currmove",
  "sbhits",
]);

/**
 * Reads an `info` line; `null` when it is malformed (a number that is
 * not one, a score without its value), which is the engine answering
 * garbage. `info string ...` and lines without a score give `line: null`.
 */
export function parseInfo(text: string): Info | null {
  const tokens = text.split(/\s+/);
  const info: Info = { depth: null, nodes: null, line: null };
  let multipv = 1, score: Score | null = null, bound = false;
  let pv: string[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === "string") return info;
    if (token === "depth" || token === "nodes" || token === "multipv") {
      const value = tokens[++i];
      if (value === undefined || !INTEGER.test(value)) return null;
      const n = Number(value);
      if (token === "depth") info.depth = n;
      else if (token === "nodes") info.nodes = n;
      else multipv = n;
    } else if (token === "score") {
      const kind = tokens[++i], value = tokens[++i];
      if (value === undefined || !INTEGER.test(value)) return null;
      if (kind === "cp") score = { cp: Number(value) };
      else if (kind === "mate") score = { mate: Number(value) };
      else return null;
    } else if (token === "lowerbound" || token === "upperbound") {
      bound = true;
    } else if (token === "pv") {
      pv = tokens.slice(i + 1).filter((t) => t !== "");
      break;
    } else if (SKIP_ONE.has(token)) {
      i++;
    } else if (token === "refutation" || token === "currline") {
      break;
    }
  }
  if (score !== null) {
    if (multipv < 1) return null;
    info.line = { multipv, depth: info.depth ?? 0, score, bound, pv };
  }
  return info;
}
