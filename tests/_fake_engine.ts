// The fake UCI engine (tests/_fake_uci.ts) as one executable path, the way
// --engine takes an engine: a shell script that runs it with this very
// deno, so that no `deno` needs to be on the PATH (CI runs deno from npx).

/** The path of an executable that runs tests/_fake_uci.ts; made once per test process. */
export const FAKE_ENGINE: string = await (async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-fake-uci-" });
  const path = `${dir}/fake-uci`;
  const script = new URL("./_fake_uci.ts", import.meta.url).pathname;
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\nexec ${quote(Deno.execPath())} run --quiet --allow-read ` +
      `--allow-write --allow-env --no-config ${quote(script)}\n`,
  );
  await Deno.chmod(path, 0o755);
  return path;
})();
