// The fake UCI engine (tests/_fake_uci.ts) as one executable path, the way
// --engine takes an engine: a shell script that runs it with this very
// deno, so that no `deno` needs to be on the PATH (CI runs deno from npx).
// Its behaviour comes from FAKE_UCI* variables of the environment, which
// the test modules of a run share: a test that sets them holds
// tests/_env_lock.ts; one that wants the engine as it is by default runs
// PLAIN_FAKE_ENGINE, which clears them, and needs no lock.

/** An executable in a folder of its own: `prelude`, then the fake engine. */
async function engineScript(prelude: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "fen-fake-uci-" });
  const path = `${dir}/fake-uci`;
  const script = new URL("./_fake_uci.ts", import.meta.url).pathname;
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\n${prelude}exec ${quote(Deno.execPath())} run --quiet ` +
      `--allow-read --allow-write --allow-env --no-config ${quote(script)}\n`,
  );
  await Deno.chmod(path, 0o755);
  return path;
}

/**
 * The path of an executable that runs tests/_fake_uci.ts as the FAKE_UCI*
 * variables say (set them under tests/_env_lock.ts); made once per test
 * process.
 */
export const FAKE_ENGINE: string = await engineScript("");

/**
 * The fake engine as it is by default (it answers every search), whatever
 * FAKE_UCI* variables another test module has set meanwhile.
 */
export const PLAIN_FAKE_ENGINE: string = await engineScript(
  "for name in $(env | sed -n 's/^\\(FAKE_UCI[A-Z_]*\\)=.*/\\1/p'); do " +
    'unset "$name"; done\n',
);

/** Six short games, the first moves differing, for runs stopped midway. */
export const SIX_GAMES: string = ["a3", "a4", "b3", "b4", "c3", "c4"].map((
  move,
  i,
) => `[Round "${i + 1}"]\n\n1. ${move} e5 2. Nf3 Nc6 3. h3 *\n`).join("\n");

/**
 * `deno run --no-config -A CLI ...args` as a process reading `input`, sent
 * SIGINT once the fake engine has logged `searches` searches in `log`
 * (unless it has ended by then): its output.
 */
export async function interruptedAfter(
  args: readonly string[],
  { input, log, searches }: { input: string; log: string; searches: number },
): Promise<Deno.CommandOutput> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "-A", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  let exited = false;
  child.status.then(() => exited = true);
  const logged = async (): Promise<number> =>
    (await Deno.readTextFile(log).catch(() => "")).split("\n")
      .filter(Boolean).length;
  while (!exited && await logged() < searches) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!exited) child.kill("SIGINT");
  return await child.output();
}
