// What the runtime says when a file or stream fails, worded for people: one
// style, `fen: [program: ]what failed: why`, lower case, with no runtime
// words (`(os error 28): writefile '….part'`) and no advice the user cannot
// act on (`run again with the --allow-all flag`).

import assert from "node:assert/strict";
import { main } from "../../lib/cli/main.ts";
import { osReason } from "../../lib/program/messages.ts";

const decoder = new TextDecoder();

/** What no message may carry: the runtime's words and its advice. */
const RUNTIME = /os error|Requires |--allow-all|writefile|readfile|open '/;

Deno.test("OS errors in-process: a permission the system denies, a read that fails", async () => {
  const err: number[] = [];
  const sink = {
    writeSync(data: Uint8Array): number {
      err.push(...data);
      return data.length;
    },
    isTerminal: () => false,
  };
  const io = {
    ...Deno,
    stdout: sink,
    stderr: sink,
    open: () =>
      Promise.reject(
        new Deno.errors.PermissionDenied(
          "Permission denied (os error 13): open 'secret.fen'",
        ),
      ),
  };
  const code = await main(["--format", "fen", "--input", "secret.fen"], io);
  assert.equal(code, 4);
  assert.equal(
    decoder.decode(new Uint8Array(err)),
    "fen: cannot read secret.fen: permission denied\n",
  );
});

Deno.test("osReason words each kind of OS error, and never the runtime's words", () => {
  const coded = (code: string, message: string) =>
    Object.assign(new Error(message), { code });
  const cases: [unknown, string][] = [
    [
      coded(
        "ENOSPC",
        "No space left on device (os error 28): writefile 'a.part'",
      ),
      "no space left on the device",
    ],
    [
      coded("EDQUOT", "Disk quota exceeded (os error 122)"),
      "the disk quota is used up",
    ],
    [
      coded("EROFS", "Read-only file system (os error 30): open 'a'"),
      "the file system is read-only",
    ],
    [coded("EIO", "Input/output error (os error 5)"), "input/output error"],
    [
      new Deno.errors.NotFound(
        "No such file or directory (os error 2): open 'x'",
      ),
      "no such file or directory",
    ],
    [
      new Deno.errors.PermissionDenied("Permission denied (os error 13)"),
      "permission denied",
    ],
    [
      new Deno.errors.IsADirectory("Is a directory (os error 21)"),
      "it is a directory",
    ],
    [
      new Deno.errors.NotADirectory("Not a directory (os error 20)"),
      "a part of the path is not a directory",
    ],
    [
      new Deno.errors.BrokenPipe("Broken pipe (os error 32)"),
      "the reader has gone (broken pipe)",
    ],
    [
      new Deno.errors.NotCapable(
        'Requires all access to "/dev/full", run again with the --allow-all flag',
      ),
      "a device or system file, which fen may not open",
    ],
    [
      new Deno.errors.NotCapable(
        'Requires read access to "a.fen", run again with the --allow-read flag',
      ),
      "no permission (run deno with --allow-read)",
    ],
    [
      coded("EWHATEVER", "Something odd (os error 99): open '\u001b[2J'"),
      "something odd",
    ],
    [new TypeError("Corrupt gzip stream"), "corrupt gzip stream"],
    ["a string", "a string"],
  ];
  for (const [error, words] of cases) {
    const said = osReason(error);
    assert.equal(said, words);
    assert.doesNotMatch(said, RUNTIME);
  }
});
