/**
 * The playground's committed bundle (lib/serve/playground/playground.js,
 * which `fen serve` compiles in) is the bundle of the page's current
 * source: `deno task playground` has been run since app.ts last changed.
 */

import assert from "node:assert/strict";

const SCRIPT = new URL("../../scripts/playground.ts", import.meta.url).pathname;

Deno.test("the playground's committed bundle is built from the current source", async () => {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-run",
      "--allow-read",
      "--allow-write",
      SCRIPT,
      "--check",
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
});
