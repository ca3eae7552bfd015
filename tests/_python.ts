// The python3 runs of the oracles (python-chess, lichess-puzzler's tagger),
// kept by what they read. An oracle's answer is a function of its script, its
// arguments, the files and folders they name, its stdin, python-chess's source
// and python3 itself: a run whose inputs are all the same as a previous run's
// reads that run's answer from build/oracle/ (git-ignored) instead of starting
// python3 again. The python runs are about 91 s of the full suite's ~445 s of
// CPU with nothing kept; what the test compares its answer with is computed
// afresh every time, and an input that changes (our own output read back by
// python-chess, a script edited, another python-chess) is a new key, so the
// oracle runs.
// FEN_ORACLE_CACHE=0 runs every oracle; a fresh clone (CI) has no answers kept.

import assert from "node:assert/strict";

/** How one oracle run is made. */
export interface PythonRun {
  /** python-chess's import path ("" when python3 imports it already). */
  path: string;
  /** What python3 reads on stdin. */
  stdin?: string;
  /**
   * Whether answers are kept and read back (default: unless
   * FEN_ORACLE_CACHE=0); the cache's own test asks for it, rather than
   * setting the variable every suite reads.
   */
  cache?: boolean;
}

const CACHE = new URL("../build/oracle/", import.meta.url);

// Per process, unexported: python3's and python-chess's identity, hashed once
// for all the runs of a suite (one python3 start and a read of the sources).
const identities = new Map<string, Promise<string>>();

/**
 * python3 with `args`, python-chess on its path: its stdout. A failed run
 * fails the test with python's stderr and is not kept.
 */
export async function runPython(
  args: readonly string[],
  run: PythonRun,
): Promise<string> {
  const stdin = new TextEncoder().encode(run.stdin ?? "");
  const key = await hashText(JSON.stringify([
    await identity(run.path),
    await Promise.all(args.map(argumentKey)),
    await hashBytes(stdin),
  ]));
  const kept = new URL(`${key}.out`, CACHE);
  const useCache = run.cache ?? Deno.env.get("FEN_ORACLE_CACHE") !== "0";
  if (useCache) {
    try {
      return await Deno.readTextFile(kept);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  const child = new Deno.Command("python3", {
    args: [...args],
    env: { PYTHONPATH: run.path },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = child.output();
  const writer = child.stdin.getWriter();
  await writer.write(stdin);
  await writer.close();
  const { success, stdout, stderr } = await output;
  const text = new TextDecoder().decode(stdout);
  assert.ok(
    success,
    `python3 ${args.join(" ")}: ${new TextDecoder().decode(stderr)}`,
  );
  if (useCache) {
    await Deno.mkdir(CACHE, { recursive: true });
    // Written whole, then renamed: suites run side by side.
    const part = new URL(`${key}.${Deno.pid}.part`, CACHE);
    await Deno.writeTextFile(part, text);
    await Deno.rename(part, kept);
  }
  return text;
}

/** python3's version and python-chess's version and sources. */
function identity(path: string): Promise<string> {
  let found = identities.get(path);
  if (found === undefined) {
    found = (async () => {
      const { stdout, success } = await new Deno.Command("python3", {
        args: [
          "-c",
          "import sys, os, chess; print(sys.version); print(chess.__version__); print(os.path.dirname(chess.__file__))",
        ],
        env: { PYTHONPATH: path },
        stdout: "piped",
        stderr: "null",
      }).output();
      assert.ok(success, "python3 cannot import chess");
      const [version, chess, folder] = new TextDecoder().decode(stdout)
        .trim().split("\n");
      return `${version} ${chess} ${await folderKey(folder)}`;
    })();
    identities.set(path, found);
  }
  return found;
}

/** An argument as a key: a file or folder by its content, else itself. */
async function argumentKey(arg: string): Promise<string> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(arg);
  } catch {
    return arg;
  }
  if (info.isFile) return `file ${await hashBytes(await Deno.readFile(arg))}`;
  return `folder ${await folderKey(arg)}`;
}

/** Every file below `folder`, by relative name and content. */
async function folderKey(folder: string): Promise<string> {
  const entries: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    for await (const entry of Deno.readDir(dir)) {
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name !== "__pycache__") {
          await walk(`${dir}/${entry.name}`, `${name}/`);
        }
      } else if (entry.isFile) {
        const bytes = await Deno.readFile(`${dir}/${entry.name}`);
        entries.push(`${name} ${await hashBytes(bytes)}`);
      }
    }
  }
  await walk(folder, "");
  return hashText(entries.sort().join("\n"));
}

function hashText(text: string): Promise<string> {
  return hashBytes(new TextEncoder().encode(text));
}

async function hashBytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(
    new Uint8Array(digest),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
}
