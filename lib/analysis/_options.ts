// What a run of `fen analyse` is asked to do, as its front end
// (lib/subcommands/analyse.ts) reads it from the command line.

import type { SearchLimit } from "../engine/uci.ts";
import type { JudgementRules } from "./judgement.ts";
import type { ProgressMode } from "../program/progress.ts";

/** Output formats, the first for games. */
export const ANALYSE_FORMATS = ["pgn", "epd", "json"] as const;
export type AnalyseFormat = typeof ANALYSE_FORMATS[number];

/** What a run of `fen analyse` was asked to do. */
export interface AnalyseSettings {
  inputs: string[];
  from: "fen" | "epd" | "pgn" | null;
  format: AnalyseFormat | null;
  engine: string | null;
  engineOptions: [string, string][];
  limit: SearchLimit;
  multipv: number;
  jobs: number;
  timeoutMs: number;
  rules: JudgementRules;
  cache: string | null;
  reanalyse: boolean;
  uci: boolean;
  repair: boolean;
  graph: string | null;
  graphFormat: "svg" | "png";
  name: string;
  /** `--progress`, `--no-progress` (which wins), or at a terminal. */
  progress: ProgressMode;
}

/**
 * How long a search may take before the engine counts as hung: well
 * beyond the limit (20 s, plus the movetime twice, plus a millisecond per
 * 20 nodes; depth searches get two minutes).
 */
export function defaultTimeout(limit: SearchLimit): number {
  if (limit.depth !== undefined) return 120_000;
  return 20_000 + 2 * (limit.movetime ?? 0) + (limit.nodes ?? 0) / 20;
}
