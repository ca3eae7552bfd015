// Files written one per record or game (`fen --out-dir`, `fen analyse
// --graph`): names made from a pattern ({line}, {n}, {id}, {game}, {ply},
// tags) so that they sort, never one name twice in a run, each file written
// under a temporary name and renamed, so that an interrupted run never
// leaves a partial one. Shared by the programs.

import { escapeText } from "../_quote.ts";
import { type CliIo, programPrefix, writeText } from "./io.ts";
import { osReason } from "./messages.ts";

/**
 * The placeholders a `--name` pattern may use: `{line}`, `{n}`, `{id}`, and
 * for games `{game}`, `{ply}` and any tag by its name (`{White}`).
 */
const PLACEHOLDER = /\{(line|n|id|game|ply|[A-Z][A-Za-z0-9_]*)\}/g;

/** What a file name is made from. */
export interface NameValues {
  line: number;
  n: number;
  id: string | null;
  /** For a game's position: its game number, ply and tags. */
  game?: number;
  ply?: number;
  tags?: ReadonlyMap<string, string>;
}

/**
 * A file name: `{line}`, `{n}` and `{game}` zero-padded to 6 digits so the
 * files sort, `{ply}` to 3, `{id}` and tags made safe for a file name.
 */
export function fileName(pattern: string, values: NameValues): string {
  return pattern.replace(PLACEHOLDER, (_, key: string) => {
    switch (key) {
      case "id":
        // An empty id is no id (an empty name would make a hidden ".svg").
        return safe(values.id || String(values.line));
      case "line":
      case "n":
        return String(values[key]).padStart(6, "0");
      case "game":
        return String(values.game ?? values.line).padStart(6, "0");
      case "ply":
        return String(values.ply ?? 0).padStart(3, "0");
      default:
        return safe(values.tags?.get(key) ?? "");
    }
  });
}

/** Text as a file name: unsafe runs as `_`, no leading dot, never empty. */
function safe(text: string): string {
  return text.replace(/[^A-Za-z0-9._+-]+/g, "_").replace(/^\.+/, "_") || "_";
}

/**
 * The names a run has written, so that it never overwrites its own file:
 * a name met again gets `-2`, `-3`, ... before its extension.
 */
export class NamesWritten {
  readonly #names = new Set<string>();

  /** `name` if this run has not written it yet, else the next free `name-N`. */
  claim(name: string): string {
    let claimed = name;
    for (let n = 2; this.#names.has(claimed); n++) claimed = `${name}-${n}`;
    this.#names.add(claimed);
    return claimed;
  }
}

/** Whether a `--name` pattern can make a file name. */
export function checkPattern(pattern: string): string | null {
  if (!PLACEHOLDER.test(pattern)) {
    return "must contain {line}, {n}, {id}, {game}, {ply} or a tag such as {White}";
  }
  PLACEHOLDER.lastIndex = 0;
  if (pattern.includes("/") || pattern.includes("\\")) {
    return "must not contain a path separator";
  }
  return null;
}

/** Whether `name` access to `path` is granted (asking if Deno may ask). */
export function granted(
  io: CliIo,
  name: "read" | "write",
  path: string,
): boolean {
  try {
    return io.permissions.requestSync({ name, path }).state === "granted";
  } catch {
    return false;
  }
}

/**
 * Asks for permission to read and write `dir` (a file is renamed into
 * place, which needs both) and makes it; false on failure.
 */
export function prepareOutDir(dir: string, io: CliIo): boolean {
  const shown = escapeText(dir, 0, dir.length, 80);
  if (!granted(io, "write", dir) || !granted(io, "read", dir)) {
    writeText(
      io.stderr,
      `${
        programPrefix(io)
      }--out-dir needs permission to read and write ${shown} (run deno with --allow-read=${shown} --allow-write=${shown})\n`,
    );
    return false;
  }
  try {
    io.mkdirSync(dir, { recursive: true });
  } catch (error) {
    writeText(
      io.stderr,
      `${programPrefix(io)}cannot make folder ${shown}: ${osReason(error)}\n`,
    );
    return false;
  }
  return true;
}

/**
 * Writes `bytes` to `path` through a temporary file (`path.part`, renamed
 * into place): a reader never sees half a file, and a failed write leaves
 * none (the temporary file is removed). Throws what the write threw.
 */
export function writeThroughPart(
  io: Pick<CliIo, "writeFileSync" | "renameSync" | "removeSync">,
  path: string,
  bytes: Uint8Array,
): void {
  const temporary = `${path}.part`;
  try {
    io.writeFileSync(temporary, bytes);
    io.renameSync(temporary, path);
  } catch (error) {
    // Half a file under its temporary name is nobody's: it goes.
    try {
      io.removeSync?.(temporary);
    } catch {
      // never written, or already gone
    }
    throw error;
  }
}

/**
 * Writes `bytes` to `dir/name` through a temporary file
 * ({@linkcode writeThroughPart}); false on failure, said on stderr.
 */
export function writeOutFile(
  io: CliIo,
  path: string,
  bytes: Uint8Array,
): boolean {
  try {
    writeThroughPart(io, path, bytes);
    return true;
  } catch (error) {
    writeText(
      io.stderr,
      `${programPrefix(io)}cannot write ${
        escapeText(path, 0, path.length, 80)
      }: ${osReason(error)}\n`,
    );
    return false;
  }
}
