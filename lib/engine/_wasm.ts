// A WASM engine's script, such as the npm `stockfish` package's builds
// (`bin/stockfish-19-lite-single.js` beside its `.wasm`), run as a UCI
// engine in a process of its own: the same Deno that runs fen, reading
// nothing but the script's folder, loads the script as the main module
// of a CommonJS program (how it runs under Node: its UCI loop on stdin and
// stdout). The script is never imported into fen nor bundled with it; the
// user names it with --engine. `--location` gives it the `self.location`
// its browser test reads.

/**
 * The loader the engine's process runs: the script, as Node's main module.
 * Written encoded, `import Module from "node:module";
 * Module._load(Deno.args[0], null, true);`, so that no bundle of the
 * command holds what reads as a static import of a node: module (its
 * start-up stays free of Deno's Node layer; command_bundle_test).
 */
const LOADER = "data:application/javascript," +
  "import%20Module%20from%20%22node%3Amodule%22%3B%20Module._load(Deno.args%5B0%5D%2C%20null%2C%20true)%3B";

/** Whether `path` names a script (a WASM engine's `.js`), not a binary. */
export function isScriptEngine(path: string): boolean {
  return /\.(c?js|mjs)$/i.test(path);
}

/**
 * The command that runs the engine `path`: itself for a binary, Deno on the
 * loader for a script.
 */
export function engineCommand(
  path: string,
): { command: string; args: string[] } {
  if (!isScriptEngine(path)) return { command: path, args: [] };
  const slash = path.lastIndexOf("/");
  const folder = slash < 0 ? "." : slash === 0 ? "/" : path.slice(0, slash);
  return {
    command: Deno.execPath(),
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      "--location=http://localhost/",
      `--allow-read=${folder}`,
      LOADER,
      path,
    ],
  };
}
