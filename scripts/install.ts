// `deno task install`: the `fen` command on the PATH. It builds build/
// (scripts/build.ts), the modules cli.ts runs, then runs `deno install`
// with the flags below (docs/install.md says why each is there), then makes
// the launcher that `deno install` writes run this Deno's binary
// (Deno.execPath()) instead of the `deno` the PATH finds when `fen` starts.
// npm's `deno` is a Node.js script (bin.cjs) that starts the binary as its
// child and dies at once of a signal: through it, Ctrl-C gave the prompt back
// before fen had stopped (and fen's last progress line was drawn over the
// prompt), and a killed `fen serve` went on listening with no parent. With
// the binary's path, the process the shell waits for and signals is fen.
//
//   deno run --allow-run --allow-read --allow-write --allow-env \
//     scripts/install.ts [--root DIR] [--engine PATH]...
//
// --root DIR: where bin/fen goes (else DENO_INSTALL_ROOT, else ~/.deno), as
// deno install has it. --engine PATH: a UCI engine the installed
// `fen analyse` may run besides the default ones (a name on the PATH, or a
// path, taken from where the task was started).

import { DEFAULT_ENGINES } from "../lib/analysis/mod.ts";

const ROOT = new URL("../", import.meta.url).pathname;

/** The V8 flags of the installed command, as cli.ts's shebang has them. */
export const V8_FLAGS =
  "--v8-flags=--max-semi-space-size=2,--no-concurrent-recompilation";

/** The addresses `fen serve` may listen on: this machine's, no other host. */
export const SERVE_HOSTS: readonly string[] = [
  "127.0.0.1",
  "localhost",
  "[::1]",
  "0.0.0.0",
  "[::]",
];

/**
 * `deno install`'s arguments for the `fen` command, whose `fen analyse` may
 * run the default engines and `engines`.
 */
export function installArgs(engines: readonly string[]): string[] {
  return [
    "install",
    V8_FLAGS,
    "--unstable-lazy-dynamic-imports",
    "--quiet",
    "--global",
    "--force",
    "--no-config",
    "--allow-read",
    "--allow-write",
    `--allow-net=${SERVE_HOSTS.join(",")}`,
    `--allow-run=${[...DEFAULT_ENGINES, ...engines].join(",")}`,
    "--name",
    "fen",
    "cli.ts",
  ];
}

/** `text` in single quotes, for any shell of the Bourne family. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** What the task was asked: the install root, and the engines to allow. */
function options(args: readonly string[]): { root: string; engines: string[] } {
  const from = Deno.env.get("INIT_CWD") ?? Deno.cwd();
  let root = Deno.env.get("DENO_INSTALL_ROOT") ??
    `${Deno.env.get("HOME")}/.deno`;
  const engines: string[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (value === undefined || !["--root", "--engine"].includes(name)) {
      throw new TypeError(
        `usage: deno task install [--root DIR] [--engine PATH]... (not ${
          JSON.stringify(args.slice(i).join(" "))
        })`,
      );
    }
    if (value.includes(",")) {
      throw new TypeError(`a path with a comma cannot be allowed: ${value}`);
    }
    // A name is looked up on the PATH each time fen starts; a path is
    // the file, wherever the task was started.
    const path = value.startsWith("/") ? value : `${from}/${value}`;
    if (name === "--root") root = path;
    else engines.push(value.includes("/") ? path : value);
  }
  return { root, engines };
}

/** Runs `deno` with `args` in the root; its messages are the error. */
async function run(args: string[]): Promise<void> {
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "inherit",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(new TextDecoder().decode(stderr).trim());
}

/** Builds and installs `fen`; its launcher's path. */
async function install(args: readonly string[]): Promise<string> {
  const { root, engines } = options(args);
  const deno = Deno.execPath();
  // The installed command runs from build/ (cli.ts), made here as current.
  await run([
    "run",
    "--allow-run",
    "--allow-read",
    "--allow-write",
    "scripts/build.ts",
  ]);
  await run(installArgs(engines).toSpliced(1, 0, "--root", root));
  const launcher = `${root}/bin/fen`;
  const script = await Deno.readTextFile(launcher);
  const exec = /^exec deno /m;
  if (!exec.test(script)) {
    throw new Error(`${launcher} does not start with "exec deno": ${script}`);
  }
  await Deno.writeTextFile(
    launcher,
    script.replace(exec, `exec ${shellQuote(deno)} `),
  );
  return launcher;
}

if (import.meta.main) {
  try {
    const launcher = await install(Deno.args);
    const deno = Deno.execPath();
    console.error(`install: ${launcher}, run by ${deno}`);
    // npx's copy of deno is in npm's cache, which npm may clear.
    if (deno.includes("/_npx/")) {
      console.error(
        "install: this deno is npx's copy, which npm may remove from its cache (fen then stops working): install deno (npm install -g deno) and run deno task install again",
      );
    }
  } catch (error) {
    console.error(`install: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
