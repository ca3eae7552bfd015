/**
 * `fen serve` in a clone that has not run `deno task build`: the page's
 * script is the one file the service cannot serve from the sources.
 */

import assert from "node:assert/strict";
import { unbuiltClone } from "../cli/_harness.ts";
import { ServerProcess } from "./_server.ts";

Deno.test("the service of a clone that has not built its page script answers the rest, and 503 for the script", async () => {
  const dir = await unbuiltClone();
  const server = await ServerProcess.start([], [
    Deno.execPath(),
    "run",
    "--quiet",
    "--allow-net",
    `${dir}/cli.ts`,
  ]);
  try {
    const script = await fetch(`${server.url}playground.js`);
    assert.equal(script.status, 503);
    assert.match(
      (await script.json()).error.message,
      /not been built: run deno task build/,
    );
    const page = await fetch(server.url);
    assert.equal(page.status, 200);
    assert.match(
      await page.text(),
      /<script type="module" src="playground.js">/,
    );
    const check = await fetch(`${server.url}check?fen=8/8/8/8/8/8/8/8`);
    assert.equal(check.status, 200);
    await check.body?.cancel();
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
