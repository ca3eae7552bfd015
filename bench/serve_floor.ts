// The floors under bench/serve.sh's SVG figure: a bare Deno.serve with the
// headers `fen serve` sends, that answers every request with the same SVG
// document drawn once (`fixed`: the HTTP stack's own cost on this machine),
// or draws it for each request with renderSvg and nothing else (`render`:
// what `fen serve` adds is the difference). Writes `port N` on stderr.
//
//   deno run --allow-net bench/serve_floor.ts fixed|render

import { parseFen } from "../lib/fen/mod.ts";
import { renderSvg, type RenderSvgOptions } from "../lib/svg/mod.ts";
import { CACHE_HEADERS, headers } from "../lib/serve/_http.ts";

/** web-boardimage's README example, as `fen serve` reads its query. */
const FEN = "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8";
const OPTIONS: RenderSvgOptions = {
  style: "vector",
  size: 360,
  lastMove: "f4g6",
  highlight: ["a3", "c3", "Bh7"],
  arrows: ["Ge6g8"],
};
const render = Deno.args[0] === "render";
const fixed = renderSvg(parseFen(FEN), OPTIONS);
const answer = headers("image/svg+xml; charset=utf-8", [
  ...CACHE_HEADERS,
  ["ETag", '"0123456789abcdef"'],
]);
Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.error(`port ${port}`),
}, () =>
  new Response(render ? renderSvg(parseFen(FEN), OPTIONS) : fixed, {
    headers: answer,
  }));
