/**
 * Whether a program's worker threads can start: their code is a module
 * beside the program's, which needs read permission, and which a build of
 * fen that is one file (`deno task bundle`'s dist/fen.js) does not have.
 * The command's `--jobs` and `fen db import --jobs` ask the same.
 *
 * @module
 */

import type { CliIo } from "./io.ts";
import { granted } from "./out_files.ts";

/**
 * Why no worker of `worker`'s module can start, or `null`.
 *
 * @param io The streams and permissions of the run.
 * @param worker The workers' module.
 * @returns What to say before working on one core, or `null`.
 */
export function whyNoWorkers(io: CliIo, worker: URL): string | null {
  if (worker.protocol !== "file:") return null;
  const path = decodeURIComponent(worker.pathname);
  if (!granted(io, "read", path)) {
    return "--jobs needs --allow-read to start its workers (their code is read from a file)";
  }
  try {
    Deno.statSync(path);
    return null;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) return null; // said when they start
    return "--jobs: this build of fen has no workers' module beside it (run cli.ts, or the installed or compiled command, for several cores)";
  }
}
