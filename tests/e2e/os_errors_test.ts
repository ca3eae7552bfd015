// What the runtime says when a file or stream fails, worded for people,
// through the real program (a process: its stdout a full device, its
// permissions flags); tests/cli/os_errors_test.ts holds the words in-process.

import assert from "node:assert/strict";
import { CLI, spawnFen } from "../cli/_harness.ts";

const KINGS = "8/8/8/8/8/8/8/K6k";
const RW = ["--allow-read", "--allow-write"];
const ALL = ["--allow-all"];
const decoder = new TextDecoder();

/** Runs the real program with stdout into `target` (a shell redirection). */
async function spawnInto(
  target: string,
  args: string[],
): Promise<{ code: number; stderr: string }> {
  const quoted = [Deno.execPath(), "run", "--no-config", ...ALL, CLI, ...args]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const { code, stderr } = await new Deno.Command("sh", {
    args: ["-c", `${quoted} > ${target}`],
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return { code, stderr: decoder.decode(stderr) };
}

Deno.test("OS errors through the real program: one line each, the failure in plain words", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // a full disk: the temporary file of --out-dir is /dev/full
    await Deno.mkdir(`${dir}/full`);
    await Deno.symlink("/dev/full", `${dir}/full/000001.svg.part`);
    await Deno.writeTextFile(`${dir}/file`, "");
    const cases: [string[], string[], string][] = [
      [
        RW,
        ["--input", `${dir}/missing.fen`],
        `fen: cannot read ${dir}/missing.fen: no such file or directory`,
      ],
      [
        RW,
        ["--check", `${dir}/missing.fen`],
        `fen: cannot read ${dir}/missing.fen: no such file or directory`,
      ],
      [RW, ["--input", dir], `fen: cannot read ${dir}: it is a directory`],
      [
        RW,
        ["--input", `${dir}/file/x`],
        `fen: cannot read ${dir}/file/x: a part of the path is not a directory`,
      ],
      [
        RW,
        ["--input", "/proc/self/mem"],
        "fen: cannot read /proc/self/mem: a device or system file, which fen may not open",
      ],
      [
        ALL,
        ["--input", "/proc/self/mem"],
        "fen: cannot read /proc/self/mem: input/output error",
      ],
      [
        ALL,
        ["--out-dir", `${dir}/full`, KINGS],
        `fen: cannot write ${dir}/full/000001.svg: no space left on the device`,
      ],
      [
        RW,
        ["--out-dir", `${dir}/full`, KINGS],
        `fen: cannot write ${dir}/full/000001.svg: a device or system file, which fen may not open`,
      ],
      [
        RW,
        ["--out-dir", `${dir}/file/x`, KINGS],
        `fen: cannot make folder ${dir}/file/x: a part of the path is not a directory`,
      ],
      [RW, ["tree", dir], `fen: tree: cannot read "${dir}": it is a directory`],
      [
        RW,
        ["md", `${dir}/missing.md`],
        `fen: md: cannot open "${dir}/missing.md": no such file or directory`,
      ],
      [
        RW,
        ["merge", `${dir}/missing.json`],
        `fen: merge: cannot open "${dir}/missing.json": no such file or directory`,
      ],
    ];
    for (const [permissions, args, said] of cases) {
      // a failed write removes its temporary file: the full disk again
      await Deno.symlink("/dev/full", `${dir}/full/000001.svg.part`)
        .catch(() => {});
      const run = await spawnFen(args, { permissions });
      assert.deepEqual(
        { code: run.code, stderr: run.stderr },
        { code: 4, stderr: `${said}\n` },
        `${permissions} ${args.join(" ")}`,
      );
    }
    // stdout on a full disk
    assert.deepEqual(await spawnInto("/dev/full", ["--format", "fen", KINGS]), {
      code: 4,
      stderr: "fen: cannot write output: no space left on the device\n",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
