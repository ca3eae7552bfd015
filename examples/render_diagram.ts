// Renders a FEN as an SVG diagram with labels, in a colour scheme of your
// own: deno run examples/render_diagram.ts [FEN] > diagram.svg
import { parseFen, renderSvg } from "@fen/fen";

const fen = Deno.args[0] ?? "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const position = parseFen(fen);
console.log(
  renderSvg(position, { labels: true, light: "#eeeed2", dark: "#769656" })
    .trimEnd(),
);
