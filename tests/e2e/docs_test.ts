import assert from "node:assert/strict";
import { DIAGRAMS, render } from "../../docs/make_docs.ts";

Deno.test("the diagrams in docs/ are what the current code renders", async () => {
  assert.ok(DIAGRAMS.length >= 3);
  for (const [name, args] of DIAGRAMS) {
    const committed = await Deno.readTextFile(
      new URL(`../../docs/${name}`, import.meta.url),
    );
    assert.equal(
      committed,
      await render(args),
      `docs/${name} is stale: run deno task docs`,
    );
  }
});

Deno.test("the README shows the diagrams", async () => {
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  for (const [name] of DIAGRAMS) {
    assert.ok(readme.includes(`docs/${name}`), name);
  }
});
