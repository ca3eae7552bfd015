import assert from "node:assert/strict";
import { DIAGRAMS, LIBRARY_PICTURES, render } from "../../docs/make_docs.ts";
import { readGif } from "../_gif.ts";
import { readPng } from "../_pixels.ts";

Deno.test("the pictures in docs/ are what the current command draws", async () => {
  assert.ok(DIAGRAMS.length >= 6);
  for (const [name, args] of DIAGRAMS) {
    const committed = await Deno.readFile(
      new URL(`../../docs/${name}`, import.meta.url),
    );
    assert.deepEqual(
      committed,
      await render(args),
      `docs/${name} is stale: run deno task docs`,
    );
  }
});

Deno.test("the library's pictures in docs/ are what the current code draws", async () => {
  for (const [name, draw] of LIBRARY_PICTURES) {
    const committed = await Deno.readFile(
      new URL(`../../docs/${name}`, import.meta.url),
    );
    assert.deepEqual(
      committed,
      await draw(),
      `docs/${name} is stale: run deno task docs`,
    );
  }
  const gif = readGif(
    await Deno.readFile(new URL("../../docs/scholar.gif", import.meta.url)),
  );
  assert.deepEqual([gif.width, gif.height, gif.frames.length], [240, 280, 8]);
});

Deno.test("the pictures in docs/ cover both styles, the annotations and PNG", async () => {
  const read = (name: string) =>
    Deno.readFile(new URL(`../../docs/${name}`, import.meta.url));
  const text = async (name: string) =>
    new TextDecoder().decode(await read(name));
  assert.ok((await text("chess.01.svg")).includes('<text class="piece"'));
  const vector = await text("vector.svg");
  assert.ok(!vector.includes("<text") && vector.includes("<use "));
  const annotated = await text("annotated.svg");
  for (const mark of ["<circle", 'fill="#15781bb3"', "Black to move"]) {
    assert.ok(annotated.includes(mark), mark);
  }
  const png = readPng(await read("annotated.png"));
  assert.deepEqual([png.width, png.height], [320, 320]);
});

Deno.test("the README shows the pictures", async () => {
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  for (const [name] of [...DIAGRAMS, ...LIBRARY_PICTURES]) {
    assert.ok(readme.includes(`docs/${name}`), name);
  }
});
