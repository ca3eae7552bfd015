/**
 * A game's evaluation chart as SVG, the picture lichess shows beside an
 * analysed game: White's winning chances move by move (the judgement's
 * formula, a mate counting as a won or lost game), the area between the
 * curve and the middle shaded white above and dark below, each
 * inaccuracy, mistake and blunder marked in lichess's colour, and the
 * players and the result as the caption.
 *
 * @module
 */

import type { PgnGame } from "../pgn/mod.ts";
import {
  type Evaluation,
  type Judgement,
  winningChances,
} from "./judgement.ts";
import { type MoveVerdict, START_EVAL } from "./moves.ts";

/** lichess's colours for the three grades. */
export const JUDGEMENT_COLORS: Readonly<Record<Judgement, string>> = {
  inaccuracy: "#56b4e9",
  mistake: "#e69f00",
  blunder: "#db3031",
};

const WIDTH = 720, HEIGHT = 260, LEFT = 40, RIGHT = 12, TOP = 14, BOTTOM = 46;

function chances(value: Evaluation): number {
  return "cp" in value ? winningChances(value.cp) : value.mate >= 0 ? 1 : -1;
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/**
 * The chart of one game.
 *
 * @example A chart with a blunder marked
 * ```ts
 * import { evaluationChart } from "./chart.ts";
 * import { parsePgn } from "../pgn/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[White "Ann"]\n[Black "Bob"]\n\n1. f3 e5 *');
 * const svg = evaluationChart(game, [
 *   { eval: { cp: -300 }, before: { cp: 15 }, advice: { judgement: "blunder", mate: null }, line: [] },
 *   { eval: { cp: -310 }, before: { cp: -300 }, advice: null, line: [] },
 * ], true);
 * assert.match(svg, /<circle [^>]*fill="#db3031"/);
 * assert.ok(svg.includes("Ann – Bob, *"));
 * ```
 *
 * @param game The game (its tags give the caption).
 * @param verdicts The verdict on each mainline move.
 * @param whiteFirst Whether White made the first move.
 * @returns The SVG document.
 */
export function evaluationChart(
  game: PgnGame,
  verdicts: readonly MoveVerdict[],
  whiteFirst: boolean,
): string {
  const plot = { w: WIDTH - LEFT - RIGHT, h: HEIGHT - TOP - BOTTOM };
  const plies = Math.max(1, verdicts.length);
  const x = (ply: number) => LEFT + (ply / plies) * plot.w;
  const y = (c: number) => TOP + ((1 - c) / 2) * plot.h;
  const mid = y(0);
  const points: [number, number][] = [[x(0), y(chances(START_EVAL))]];
  verdicts.forEach((v, i) => {
    if (v.eval !== null) points.push([x(i + 1), y(chances(v.eval))]);
  });
  const path = points.map(([px, py], i) =>
    `${i === 0 ? "M" : "L"}${px.toFixed(1)},${py.toFixed(1)}`
  ).join("");
  const last = points[points.length - 1];
  const area = `${path}L${last[0].toFixed(1)},${mid.toFixed(1)}L${
    points[0][0].toFixed(1)
  },${mid.toFixed(1)}Z`;
  const marks = verdicts.flatMap((v, i) => {
    if (v.advice === null || v.eval === null) return [];
    const white = (i % 2 === 0) === whiteFirst;
    const color = JUDGEMENT_COLORS[v.advice.judgement];
    return [
      `<circle cx="${x(i + 1).toFixed(1)}" cy="${
        y(chances(v.eval)).toFixed(1)
      }" r="4" fill="${color}" stroke="#262421" stroke-width="1">` +
      `<title>${Math.floor(i / 2) + 1}${white ? "." : "..."} ${
        escapeXml(game.mainline.moves[i]?.san ?? "")
      }: ${v.advice.judgement}</title></circle>`,
    ];
  });
  const white = game.tags.get("White") ?? "?",
    black = game.tags.get("Black") ?? "?";
  const result = game.result ?? game.tags.get("Result") ?? "*";
  const caption = `${white} – ${black}, ${result}`;
  const clip =
    `<clipPath id="above"><rect x="${LEFT}" y="${TOP}" width="${plot.w}" height="${
      (mid - TOP).toFixed(1)
    }"/></clipPath><clipPath id="below"><rect x="${LEFT}" y="${
      mid.toFixed(1)
    }" width="${plot.w}" height="${
      (TOP + plot.h - mid).toFixed(1)
    }"/></clipPath>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${
    escapeXml(`Evaluation chart: ${caption}`)
  }">
<title>${escapeXml(caption)}</title>
<defs>${clip}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#bababa"/>
<rect x="${LEFT}" y="${TOP}" width="${plot.w}" height="${plot.h}" fill="#8d8d8d"/>
<path d="${area}" fill="#ffffff" fill-opacity="0.9" clip-path="url(#above)"/>
<path d="${area}" fill="#262421" fill-opacity="0.9" clip-path="url(#below)"/>
<line x1="${LEFT}" y1="${mid.toFixed(1)}" x2="${LEFT + plot.w}" y2="${
    mid.toFixed(1)
  }" stroke="#555" stroke-width="1"/>
<path d="${path}" fill="none" stroke="#d85000" stroke-width="1.5"/>
${marks.join("\n")}
<text x="${WIDTH / 2}" y="${
    HEIGHT - 16
  }" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#262421">${
    escapeXml(caption)
  }</text>
</svg>
`;
}
