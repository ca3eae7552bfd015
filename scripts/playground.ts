// Copies the playground page to dist/playground/ for static hosting: the
// page, its script as `deno task build` made it (build/playground.js, which
// `fen serve` serves at /playground.js) and the notices of what it carries.
//
//   deno task playground   (builds first, then runs this)

const ROOT = new URL("../", import.meta.url).pathname;
const DIST = `${ROOT}dist/playground/`;

await Deno.mkdir(DIST, { recursive: true });
for (
  const file of [
    "build/playground.js",
    "lib/serve/playground/index.html",
    // The page carries the pieces and outlines: their licenses go with it.
    "NOTICE",
    "lib/svg/LICENSE-cburnett.txt",
    "lib/svg/LICENSE-DejaVu.txt",
  ]
) {
  await Deno.copyFile(`${ROOT}${file}`, `${DIST}${file.split("/").at(-1)}`);
}
console.error("playground: copied the page to dist/playground/");
