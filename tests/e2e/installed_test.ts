// The command `deno task install` puts on the PATH, as its user meets it:
// installed through npm's `deno` (a Node.js script that starts the binary
// as its child), it runs the Deno binary itself, so Ctrl-C and kill reach
// fen; it prints none of the runtime's download lines; and `fen analyse`
// runs the default engines, while any other engine's refusal says how to
// allow it, which works.

import assert from "node:assert/strict";
import { PLAIN_FAKE_ENGINE } from "../_fake_engine.ts";
import { ServerProcess } from "../serve/_server.ts";
import { spawnProcess } from "../cli/_harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const DENO = Deno.realPathSync(Deno.execPath());
const decoder = new TextDecoder();

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

async function execute(
  command: string,
  args: string[],
  { env = {}, stdin = "" }: { env?: Record<string, string>; stdin?: string },
): Promise<Output> {
  const run = await spawnProcess(command, args, { env, stdin, cwd: ROOT });
  return { ...run, stdout: decoder.decode(run.stdout) };
}

/**
 * A folder whose `deno` is npm's Node.js wrapper of this binary (bin.cjs
 * beside it, where npm puts both) or, where deno is not npm's, a shell
 * script that does what it does: starts the binary as its child and waits.
 */
async function wrapperBin(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "fen-wrapper-" });
  const npm = DENO.replace(/deno$/, "bin.cjs");
  const node = await new Deno.Command("node", { args: ["--version"] })
    .output().then((o) => o.success, () => false);
  if (npm !== DENO && node && (await Deno.stat(npm).catch(() => null))) {
    await Deno.symlink(npm, `${dir}/deno`);
  } else {
    await Deno.writeTextFile(`${dir}/deno`, `#!/bin/sh\n"${DENO}" "$@"\n`);
    await Deno.chmod(`${dir}/deno`, 0o755);
  }
  return dir;
}

const WRAPPER = await wrapperBin();
/** The PATH of a user whose `deno` is npm's wrapper. */
const PATH = `${WRAPPER}:${Deno.env.get("PATH")}`;

/** `deno task install ARGS` through the wrapper, into `root`. */
async function install(root: string, args: string[] = []): Promise<string> {
  const done = await execute(`${WRAPPER}/deno`, ["task", "install", ...args], {
    env: { PATH, DENO_INSTALL_ROOT: root },
  });
  assert.equal(done.code, 0, done.stderr);
  return `${root}/bin/fen`;
}

const root = await Deno.makeTempDir({ prefix: "fen-installed-" });
const FEN = await install(root);
globalThis.addEventListener("unload", () => {
  Deno.removeSync(root, { recursive: true });
  Deno.removeSync(WRAPPER, { recursive: true });
});

/** The processes running now: id and command line. */
async function processes(): Promise<{ pid: number; args: string }[]> {
  const ps = await execute("ps", ["-eo", "pid=,args="], {});
  return ps.stdout.split("\n").flatMap((line) => {
    const match = /^\s*(\d+) (.*)$/.exec(line);
    return match === null ? [] : [{ pid: Number(match[1]), args: match[2] }];
  });
}

/** Kills what is left of a run of the command installed in `root`. */
async function killStrays(root: string): Promise<string[]> {
  const strays = (await processes())
    .filter(({ args }) => args.includes(`${root}/bin/.fen/`));
  for (const { pid } of strays) Deno.kill(pid, "SIGKILL");
  return strays.map(({ args }) => args);
}

/** Whether a server answers at `url`. */
function answers(url: string): Promise<boolean> {
  return fetch(url).then(async (response) => {
    await response.body?.cancel();
    return true;
  }, () => false);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test(`the installed fen is deno's binary itself, not npm's wrapper: ${signal} stops fen serve`, async () => {
    const server = await ServerProcess.start([], [FEN], { env: { PATH } });
    // The process the shell waits for, and signals, is to be fen's.
    const fen = (await processes()).find(({ pid }) => pid === server.pid);
    let listening: boolean;
    let strays: string[];
    // A fen left running would hold the server's stderr open, and with it
    // the end of stop(): a time limit, then it is killed.
    assert.ok(await answers(server.url));
    const stopping = server.stop(signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        stopping,
        new Promise((done) => timer = setTimeout(done, 15_000)),
      ]);
      listening = await answers(server.url);
    } finally {
      clearTimeout(timer);
      strays = await killStrays(root);
    }
    const stopped = await stopping;
    assert.equal(listening, false, "fen serve listens after it was stopped");
    assert.deepEqual(strays, [], "a fen process outlived its launcher");
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.match(stopped.stderr, /\nfen: stopped\n$/);
    const program = fen?.args.split(" ")[0] ?? "";
    assert.equal(await Deno.realPath(program).catch(() => program), DENO);
  });
}

Deno.test("the installed fen prints none of the runtime's download lines: a GIF from an empty Deno cache", async () => {
  const cache = await Deno.makeTempDir({ prefix: "fen-deno-dir-" });
  try {
    const run = await execute(FEN, ["--moves", "e4 e5", "--format", "gif"], {
      env: { PATH, DENO_DIR: cache },
    });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.equal(run.stdout.slice(0, 6), "GIF89a");
  } finally {
    await Deno.remove(cache, { recursive: true });
  }
});

const GAME = "1. e4 e5 *\n";

Deno.test("the installed fen analyse runs stockfish on the PATH", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-path-" });
  try {
    // The fake engine under Stockfish's name, found on the PATH.
    await Deno.writeTextFile(
      `${dir}/stockfish`,
      `#!/bin/sh\nexec "${PLAIN_FAKE_ENGINE}" "$@"\n`,
    );
    await Deno.chmod(`${dir}/stockfish`, 0o755);
    const run = await execute(FEN, ["analyse", "--nodes", "1", "-"], {
      env: { PATH: `${dir}:${PATH}` },
      stdin: GAME,
    });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^1\. e4 \{ \[%eval -?\d+\.\d\d\] \} 1\.\.\. e5 /m,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const DEBIAN = "/usr/games/stockfish";
const debian = await Deno.stat(DEBIAN).then((s) => s.isFile, () => false);
if (!debian) {
  console.log(
    `skipped: the installed fen analyse with Debian's Stockfish, because ${DEBIAN} is not there (apt-get install stockfish)`,
  );
}

Deno.test({
  name: "the installed fen analyse runs Debian's /usr/games/stockfish" +
    (debian ? "" : " (skipped: no /usr/games/stockfish)"),
  ignore: !debian,
  async fn() {
    // No stockfish on the PATH: the runtime's note that it found none for
    // the grant is not the command's to print.
    const path = PATH.split(":").filter((dir) => {
      try {
        Deno.statSync(`${dir}/stockfish`);
        return false;
      } catch {
        return true;
      }
    });
    const run = await execute(FEN, ["analyse", "--depth", "1", "-"], {
      env: { PATH: path.join(":") },
      stdin: GAME,
    });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^1\. e4 \{ \[%eval -?\d+\.\d\d\] \} 1\.\.\. e5 /m,
    );
  },
});

Deno.test("another engine is refused with the way to allow it, which works", async () => {
  const args = ["analyse", "--engine", PLAIN_FAKE_ENGINE, "--nodes", "1", "-"];
  const refused = await execute(FEN, args, { env: { PATH }, stdin: GAME });
  assert.equal(refused.code, 4);
  assert.equal(refused.stdout, "");
  assert.equal(
    refused.stderr,
    `fen: analyse: cannot run the engine: "${PLAIN_FAKE_ENGINE}": not allowed to run it; allow it with deno run --allow-run=${PLAIN_FAKE_ENGINE}, or install fen with it allowed: deno task install --engine ${PLAIN_FAKE_ENGINE} (in fen's clone)\n`,
  );
  // Both ways, as the message gives them.
  const again = await Deno.makeTempDir({ prefix: "fen-installed-" });
  try {
    const allowed = await install(again, ["--engine", PLAIN_FAKE_ENGINE]);
    const run = await execute(allowed, args, { env: { PATH }, stdin: GAME });
    assert.deepEqual([run.code, run.stderr], [0, ""]);
    assert.match(run.stdout, /\[%eval /);
  } finally {
    await Deno.remove(again, { recursive: true });
  }
  const fromClone = await execute(DENO, [
    "run",
    "--allow-read",
    `--allow-run=${PLAIN_FAKE_ENGINE}`,
    "cli.ts",
    ...args,
  ], { stdin: GAME });
  assert.deepEqual([fromClone.code, fromClone.stderr], [0, ""]);
  assert.match(fromClone.stdout, /\[%eval /);
});
