// How the programs word what the runtime or a library says, for a
// `fen: [program: ]what failed: why` line: in plain, lower-case words,
// never the runtime's own (`(os error 28): writefile '….part'`) nor advice
// its user cannot act on (`run again with the --allow-all flag`).

import { escapeText } from "../_quote.ts";

/** An OS error's words by its code (Deno gives `code` for most of them). */
const BY_CODE: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EFBIG: "the file is too large",
  EROFS: "the file system is read-only",
  EIO: "input/output error",
  EPIPE: "the reader has gone (broken pipe)",
  EEXIST: "it already exists",
  ENAMETOOLONG: "the file name is too long",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  ELOOP: "too many symbolic links",
  ENXIO: "no such device",
  ENODEV: "no such device",
  EBUSY: "the device or file is busy",
  ETXTBSY: "the file is busy",
  EXDEV: "it is on another file system",
  EAGAIN: "not ready to be read (try again)",
  ECONNRESET: "the connection was reset",
};

/** The same for Deno's error classes that carry no code. */
const BY_CLASS: Readonly<Record<string, string>> = {
  NotFound: BY_CODE.ENOENT,
  PermissionDenied: BY_CODE.EACCES,
  IsADirectory: BY_CODE.EISDIR,
  NotADirectory: BY_CODE.ENOTDIR,
  AlreadyExists: BY_CODE.EEXIST,
  BrokenPipe: BY_CODE.EPIPE,
  FilesystemLoop: BY_CODE.ELOOP,
  Busy: BY_CODE.EBUSY,
  UnexpectedEof: "it ended unexpectedly",
  WriteZero: "nothing could be written",
  TimedOut: "it timed out",
  Interrupted: "interrupted",
  AddrInUse: "the address is in use",
  AddrNotAvailable: "the address is not one of this machine's",
  ConnectionRefused: "the connection was refused",
};

/**
 * Why an operation on a file or stream failed, in plain words for
 * `fen: cannot read FILE: <why>`: an OS error by its kind (no space, no
 * such file, a directory, permission...), Deno's refusal of a permission
 * it was not given as what the user can do about it, and anything else as
 * its own message, lower case, with the runtime's `(os error N): ...`
 * left out. Echoed paths are escaped.
 *
 * @example Wording a full disk
 * ```ts
 * import { osReason } from "./messages.ts";
 * import assert from "node:assert/strict";
 *
 * const full = Object.assign(
 *   new Error("No space left on device (os error 28): writefile 'a.part'"),
 *   { code: "ENOSPC" },
 * );
 * assert.equal(osReason(full), "no space left on the device");
 * assert.equal(
 *   osReason(new Deno.errors.NotFound("No such file (os error 2): open 'x'")),
 *   "no such file or directory",
 * );
 * ```
 *
 * @param error What the operation threw.
 * @returns The reason, lower case, without a trailing period.
 */
export function osReason(error: unknown): string {
  if (!(error instanceof Error)) return escapeText(lowered(String(error)));
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && Object.hasOwn(BY_CODE, code)) {
    return BY_CODE[code];
  }
  if (error.name === "NotCapable") return notCapable(error.message);
  if (Object.hasOwn(BY_CLASS, error.name)) return BY_CLASS[error.name];
  // Deno's "Words (os error N): open 'path'": the words alone.
  const words = error.message.replace(/\s*\(os error \d+\)[^]*$/, "");
  return escapeText(lowered(words === "" ? error.name : words));
}

/**
 * Deno's "Requires read access to "x", run again with the --allow-read
 * flag": a read or write the run was not granted can be granted (`deno
 * run --allow-read`), but "all access" (a device, /proc) is only had by
 * granting everything, which is no advice to give.
 */
function notCapable(message: string): string {
  const kind = /^Requires (\w+) access/.exec(message)?.[1] ?? "all";
  return kind === "all"
    ? "a device or system file, which fen may not open"
    : `no permission (run deno with --allow-${kind})`;
}

/**
 * A sentence as a `fen: ...` message goes on: lower case (a library's
 * "Cannot parse FEN: ..." is "cannot parse FEN: ..." there).
 *
 * @param message The sentence.
 * @returns It with its first letter in lower case.
 */
export function lowered(message: string): string {
  return message === "" ? message : message[0].toLowerCase() + message.slice(1);
}
