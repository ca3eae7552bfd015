// Runs the command for the command's tests three ways: the sources
// in-process with fake streams and a fake file system (runMain), the built
// program in-process over the real files (runFen), or as a real process
// (spawnFen).

// runMain runs the sources (cli.ts runs the modules built from them, which
// runFen and the spawned runs use), so that a test sees a change at once
// and may stand in for a part of them.
import { main } from "../../lib/cli/main.ts";
import type { CliIo, Source } from "../../lib/cli/main.ts";
// What the real program runs: build/ as built, or the sources where it has
// not been (cli.ts chooses, as for a process).
import { main as command } from "../../cli.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What a run left behind. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** How an in-process run is set up. */
export interface FakeOptions {
  /** Bytes or text on stdin. */
  stdin?: string | Uint8Array;
  /** Whether permissions are granted. */
  granted?: boolean;
  /** Files `--input` can open. */
  files?: Record<string, string>;
  /** Which streams claim to be terminals. */
  terminal?: { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** Called before every read of stdin with what stdout holds so far. */
  onRead?: (stdoutSoFar: string) => void;
  /**
   * A read of no bytes before every read of stdin and of files: not the
   * end, as Deno's readers may return one.
   */
  emptyReads?: boolean;
}

/** Runs `main` in-process with fake streams and file system. */
export async function runMain(
  args: string[],
  options: FakeOptions = {},
): Promise<Run & { files: Map<string, string> }> {
  const { stdout, ...run } = await runMainBytes(args, options);
  return { ...run, stdout: decoder.decode(stdout) };
}

/** {@linkcode runMain}, stdout as bytes (a PNG, a GIF). */
export async function runMainBytes(
  args: string[],
  options: FakeOptions = {},
): Promise<
  {
    code: number;
    stdout: Uint8Array;
    stderr: string;
    files: Map<string, string>;
  }
> {
  const out: number[] = [];
  const err: number[] = [];
  const written = new Map<string, string>();
  const files = new Map(Object.entries(options.files ?? {}));
  const terminal = options.terminal ?? {};
  const sink = (into: number[], isTerminal: boolean) => ({
    writeSync(data: Uint8Array): number {
      const n = Math.min(data.length, 1000); // as a pipe may
      for (let i = 0; i < n; i++) into.push(data[i]);
      return n;
    },
    isTerminal: () => isTerminal,
  });
  const source = (bytes: Uint8Array, onRead?: () => void) => {
    let offset = 0;
    let empty = false;
    return {
      read(buffer: Uint8Array): Promise<number | null> {
        if (options.emptyReads === true && (empty = !empty)) {
          return Promise.resolve(0);
        }
        onRead?.();
        if (offset >= bytes.length) return Promise.resolve(null);
        const n = Math.min(buffer.length, bytes.length - offset, 7000);
        buffer.set(bytes.subarray(offset, offset + n));
        offset += n;
        return Promise.resolve(n);
      },
      isTerminal: () => terminal.stdin === true,
      close() {},
    };
  };
  const stdin = typeof options.stdin === "string"
    ? encoder.encode(options.stdin)
    : options.stdin ?? new Uint8Array();
  const io: CliIo = {
    stdin: source(
      stdin,
      () => options.onRead?.(decoder.decode(new Uint8Array(out))),
    ),
    stdout: sink(out, terminal.stdout === true),
    stderr: sink(err, terminal.stderr === true),
    writeFileSync(path: string, data: Uint8Array) {
      written.set(path, decoder.decode(data));
    },
    renameSync(from: string, to: string) {
      written.set(to, written.get(from)!);
      written.delete(from);
    },
    mkdirSync() {},
    open(path: string) {
      const text = files.get(path);
      return text === undefined
        ? Promise.reject(new Deno.errors.NotFound(`No such file: ${path}`))
        : Promise.resolve(source(encoder.encode(text)));
    },
    statSync(path: string) {
      if (files.has(path)) return { isFile: true };
      throw new Deno.errors.NotFound(`No such file: ${path}`);
    },
    permissions: {
      requestSync: () => ({
        state: options.granted === false ? "denied" : "granted",
      }),
      querySync: () => ({
        state: options.granted === false ? "denied" : "granted",
      }),
    },
  };
  const code = await main(args, io);
  return {
    code,
    stdout: new Uint8Array(out),
    stderr: decoder.decode(new Uint8Array(err)),
    files: written,
  };
}

/** The command as a real process. */
export const CLI: string = new URL("../../cli.ts", import.meta.url).pathname;

/** How a real process is started. */
export interface SpawnOptions {
  /** Text or bytes on stdin (none: stdin is closed). */
  stdin?: string | Uint8Array;
  /** Deno permission flags, such as `--allow-read`. */
  permissions?: string[];
  cwd?: string;
}

/**
 * `deno run` and its flags before the permissions. `--quiet`, as the
 * installed command has it: the runtime's line when it first fetches an npm
 * package that the command loads on first use (the rasterizer, the GIF
 * coder, the zstd decoder) is not the command's stderr, which would
 * otherwise depend on what the Deno cache holds.
 */
const RUN: readonly string[] = [
  "run",
  "--quiet",
  "--no-config",
  "--no-prompt",
];

/**
 * `deno run`'s flags for the command under `permissions`, up to the script.
 * Where they let it read its own files, the run loads modules as the
 * installed command does (`--unstable-lazy-dynamic-imports`): only those it
 * needs. Without that flag Deno reads every module the script's `import()`
 * calls name before the first line runs, which includes the sources cli.ts
 * falls back to in a clone that has not built `build/` (about 200 modules:
 * 60 ms of a classic diagram's 175 ms of CPU, and the suite starts ~400
 * such processes). Without read permission the run stays as a user's
 * `deno run cli.ts` is, which must work with no flag at all.
 */
export function runArgs(permissions: readonly string[]): string[] {
  const reads = permissions.some((flag) =>
    flag === "--allow-read" || flag === "-A" || flag === "--allow-all"
  );
  return [
    ...RUN,
    ...(reads ? ["--unstable-lazy-dynamic-imports"] : []),
    ...permissions,
  ];
}

/**
 * Runs the real program, as a user would, with stdout as bytes (a PNG, a
 * GIF).
 */
export function spawnFenBytes(
  args: string[],
  options: SpawnOptions = {},
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  const { permissions = [], ...rest } = options;
  return spawnProcess(Deno.execPath(), [
    ...runArgs(permissions),
    CLI,
    ...args,
  ], rest);
}

/** How {@linkcode spawnProcess} starts a process. */
export interface ProcessOptions {
  /** Text or bytes on stdin (none: stdin is closed). */
  stdin?: string | Uint8Array;
  /** Variables besides `NO_COLOR=1`. */
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * Runs a program with pipes and waits for it, stdout as bytes: the one
 * spawn the tests share (the command, a shell line, an installed `fen`).
 */
export async function spawnProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  const { stdin, env = {}, cwd } = options;
  const child = new Deno.Command(command, {
    args: [...args],
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
    ...(cwd === undefined ? {} : { cwd }),
  }).spawn();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    // The program may stop reading early (a usage error): that is no fault.
    await writer.write(
      typeof stdin === "string" ? encoder.encode(stdin) : stdin,
    )
      .catch(() => {});
    await writer.close().catch(() => {});
  }
  const { code, stdout, stderr } = await child.output();
  return { code, stdout, stderr: decoder.decode(stderr) };
}

/** Runs the real program, as a user would; stdout as text. */
export async function spawnFen(
  args: string[],
  options: SpawnOptions = {},
): Promise<Run> {
  const { code, stdout, stderr } = await spawnFenBytes(args, options);
  return { code, stdout: decoder.decode(stdout), stderr };
}

/**
 * What {@linkcode spawnFenBytes} gives, from the real program's modules
 * (cli.ts: build/, as a process runs them) in this process, over the real
 * file system: the permission flags are what `io.permissions` answers (a
 * path not granted is denied, as `--no-prompt` has it), stdin is the bytes
 * given or an empty pipe. The command's tests run this way (a process costs
 * ~0.2 s of CPU); a test of the process itself (its exit, its signals, its
 * working folder) spawns.
 */
export async function runFenBytes(
  args: string[],
  options: SpawnOptions & InProcessOptions = {},
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  if (options.cwd !== undefined) {
    throw new Error("runFen: a working folder is a process's: spawn");
  }
  const out = new Collected();
  const err = new Collected();
  const granted = grantsOf(options.permissions ?? []);
  const answer = (
    { name, path }: { name: "read" | "write"; path: string },
  ) => ({ state: granted(name, path) ? "granted" : "denied" });
  const io: CliIo = {
    stdin: pipedStdin(options.stdin, options.emptyReads),
    stdout: out,
    stderr: err,
    writeFileSync: (path, data) => Deno.writeFileSync(path, data),
    removeSync: (path) => Deno.removeSync(path),
    renameSync: (from, to) => Deno.renameSync(from, to),
    mkdirSync: (path, o) => Deno.mkdirSync(path, o),
    open: (path, o) => Deno.open(path, o),
    statSync: (path) => Deno.statSync(path),
    permissions: { requestSync: answer, querySync: answer },
  };
  const code = await command(args, io);
  return { code, stdout: out.bytes(), stderr: decoder.decode(err.bytes()) };
}

/** {@linkcode runFenBytes}, stdout as text: {@linkcode spawnFen} in-process. */
export async function runFen(
  args: string[],
  options: SpawnOptions & InProcessOptions = {},
): Promise<Run> {
  const { code, stdout, stderr } = await runFenBytes(args, options);
  return { code, stdout: decoder.decode(stdout), stderr };
}

/** What only an in-process run can do to the command's streams. */
export interface InProcessOptions {
  /** A read of no bytes before every read of stdin: not the end. */
  emptyReads?: boolean;
}

/**
 * Standard input as a pipe holding `stdin` (text or bytes; none: empty),
 * with a read of no bytes before each read when `emptyReads`.
 */
export function pipedStdin(
  stdin?: string | Uint8Array,
  emptyReads = false,
): Source {
  const bytes = typeof stdin === "string"
    ? encoder.encode(stdin)
    : stdin ?? new Uint8Array();
  let offset = 0;
  let empty = false;
  return {
    read(buffer: Uint8Array): Promise<number | null> {
      if (emptyReads && (empty = !empty)) return Promise.resolve(0);
      if (offset >= bytes.length) return Promise.resolve(null);
      const n = Math.min(buffer.length, bytes.length - offset);
      buffer.set(bytes.subarray(offset, offset + n));
      offset += n;
      return Promise.resolve(n);
    },
    isTerminal: () => false,
  };
}

/** A sink that keeps what is written, as a pipe's reader would. */
export class Collected {
  #chunks: Uint8Array[] = [];
  /** Keeps a copy of `data`. */
  writeSync(data: Uint8Array): number {
    this.#chunks.push(data.slice());
    return data.length;
  }
  /** A pipe: no terminal. */
  isTerminal(): boolean {
    return false;
  }
  /** Everything written, in order. */
  bytes(): Uint8Array {
    const all = new Uint8Array(
      this.#chunks.reduce((n, chunk) => n + chunk.length, 0),
    );
    let at = 0;
    for (const chunk of this.#chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  }
}

/** Whether Deno's permission flags `flags` grant `name` for `path`. */
function grantsOf(
  flags: readonly string[],
): (name: "read" | "write", path: string) => boolean {
  const all = flags.includes("--allow-all") || flags.includes("-A");
  return (name, path) => {
    if (all) return true;
    return flags.some((flag) => {
      if (flag === `--allow-${name}`) return true;
      if (!flag.startsWith(`--allow-${name}=`)) return false;
      const full = new URL(path, `file://${Deno.cwd()}/`).pathname;
      return flag.slice(`--allow-${name}=`.length).split(",").some((p) => {
        const granted = new URL(p, `file://${Deno.cwd()}/`).pathname;
        return full === granted || full.startsWith(`${granted}/`);
      });
    });
  };
}

/** A copy of what a clone has of the command, without build/. */
export async function unbuiltClone(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "fen-unbuilt-" });
  const files = ["cli.ts", "mod.ts", "deno.json", "deno.lock", "NOTICE"];
  for (const file of files) {
    await Deno.copyFile(
      new URL(`../../${file}`, import.meta.url),
      `${dir}/${file}`,
    );
  }
  const copy = await spawnProcess("cp", ["-R", "lib", `${dir}/lib`], {
    cwd: new URL("../../", import.meta.url).pathname,
  });
  if (copy.code !== 0) throw new Error(`cp -R lib: ${copy.stderr}`);
  return dir;
}
