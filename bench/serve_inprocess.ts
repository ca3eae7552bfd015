// The renderers' own rate for the requests bench/serve.sh sends to
// `fen serve`: the same FEN and options, drawn in-process for a fixed time,
// as requests per second (one line per kind: `svg 12345`); and distinct
// positions with varying marks, each drawn once (`png-distinct 300 3.33`:
// pictures per second, milliseconds a picture).
//
//   deno run bench/serve_inprocess.ts [SECONDS]

import { parseFen } from "../lib/fen/mod.ts";
import { createGifRenderer } from "../lib/gif/mod.ts";
import { createPngRenderer } from "../lib/raster/png.ts";
import { renderSvg, type RenderSvgOptions } from "../lib/svg/mod.ts";
import { IMAGE_ENDPOINTS } from "../lib/serve/_dialects.ts";
import { Renderers } from "../lib/serve/_images.ts";
import { readQuery } from "../lib/serve/_query.ts";
import { distinctQueries } from "./_distinct.ts";

const seconds = Number(Deno.args[0] ?? "3");
/** web-boardimage's README example, as `fen serve` reads its query. */
const FEN = "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8";
const OPTIONS: RenderSvgOptions = {
  style: "vector",
  size: 360,
  lastMove: "f4g6",
  highlight: ["a3", "c3"],
};

function rate(draw: () => unknown): number {
  for (let i = 0; i < 50; i++) draw(); // warm up
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    draw();
    count++;
  }
  return count / ((performance.now() - start) / 1000);
}

// As the service does it: the query's FEN parsed, then drawn.
const svgArrows = {
  ...OPTIONS,
  arrows: ["Ge6g8"],
  highlight: ["a3", "c3", "Bh7"],
};
console.log(
  `svg ${rate(() => renderSvg(parseFen(FEN), svgArrows)).toFixed(0)}`,
);
const png = await createPngRenderer({ sprites: true });
const { style: _, ...raster } = OPTIONS;
console.log(`png ${rate(() => png.render(parseFen(FEN), raster)).toFixed(0)}`);
const gif = await createGifRenderer();
console.log(`gif ${rate(() => gif.render(parseFen(FEN), raster)).toFixed(0)}`);

// Distinct positions with varying marks (bench/_distinct.ts), each drawn
// once, through the service's own reading and drawing of a request: what
// a new picture costs, not a kept one. After the first 20 (the looks'
// sprites).
const queries = distinctQueries().map((query) =>
  readQuery(new URLSearchParams(query), IMAGE_ENDPOINTS["/board.png"])
);
const renderers = new Renderers(() => {});
for (const request of queries.slice(0, 20)) await renderers.draw(request);
const start = performance.now();
for (const request of queries.slice(20)) await renderers.draw(request);
const each = (performance.now() - start) / (queries.length - 20);
console.log(`png-distinct ${(1000 / each).toFixed(0)} ${each.toFixed(2)}`);
