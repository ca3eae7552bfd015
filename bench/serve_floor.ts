// The floor under bench/serve.sh's SVG figure: a bare Deno.serve that
// answers every request with the same SVG document (drawn once, with the
// headers `fen serve` sends), so that the HTTP stack's own cost on this
// machine is measured in the same run. Writes `port N` on stderr.
//
//   deno run --allow-net bench/serve_floor.ts

import { renderSvg } from "../lib/svg/mod.ts";
import { CACHE_HEADERS, headers } from "../lib/serve/_http.ts";

const svg = renderSvg("5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8", {
  style: "vector",
  size: 360,
  lastMove: "f4g6",
  highlight: ["a3", "c3", "Bh7"],
  arrows: ["Ge6g8"],
});
Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.error(`port ${port}`),
}, () =>
  new Response(svg, {
    headers: headers("image/svg+xml; charset=utf-8", [
      ...CACHE_HEADERS,
      ["ETag", '"0123456789abcdef"'],
    ]),
  }));
