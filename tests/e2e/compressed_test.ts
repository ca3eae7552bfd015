// Compressed input through the real program, made at test time by the real
// tools (Debian's `zstd`, which ships `pzstd`): the two shapes lichess's
// dumps and other zstd files have (frames one after another; pzstd's
// skippable frames), and the faults, each of which ends the run with exit 4
// after every record decoded before it. Skipped, saying why, without zstd.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { runFen } from "../cli/_harness.ts";

const RW = ["--allow-read", "--allow-write"];
const SAMPLE = new URL("../testdata/sample.fen", import.meta.url);
const GAMES = new URL("../testdata/stockfish_games.pgn", import.meta.url);

function hasTool(name: string): boolean {
  try {
    return new Deno.Command(name, {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .outputSync().success;
  } catch {
    return false;
  }
}

const tools = hasTool("zstd") && hasTool("pzstd");
if (!tools) {
  console.log(
    "skipped: the compressed-input tests, because zstd and pzstd are not installed (apt-get install zstd)",
  );
}

/** Runs a tool, failing the test if it fails. */
async function tool(name: string, args: string[]): Promise<void> {
  const { success, stderr } = await new Deno.Command(name, {
    args,
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.ok(
    success,
    `${name} ${args.join(" ")}: ${new TextDecoder().decode(stderr)}`,
  );
}

/** `text` repeated until it is at least `bytes` long. */
function repeated(text: string, bytes: number): string {
  return text.repeat(Math.ceil(bytes / text.length));
}

async function inTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name:
    "zstd input: several frames on stdin, pzstd's skippable frames from a file, the same records as plain text",
  ignore: !tools,
  fn: () =>
    inTemp(async (dir) => {
      // 5 MB: pzstd -1 cuts its input into frames of 2 MB
      await Deno.writeTextFile(
        `${dir}/all.fen`,
        repeated(await Deno.readTextFile(SAMPLE), 5_000_000),
      );
      const plain = await runFen(
        ["--format", "key", "--input", `${dir}/all.fen`],
        { permissions: RW },
      );
      assert.equal(plain.code, 0);
      await tool("pzstd", [
        "-q",
        "-1",
        "-p",
        "2",
        `${dir}/all.fen`,
        "-o",
        `${dir}/p.zst`,
      ]);
      const head = (await Deno.readFile(`${dir}/p.zst`)).subarray(0, 4);
      assert.deepEqual([...head], [0x50, 0x2a, 0x4d, 0x18], "pzstd's layout");
      assert.deepEqual(
        await runFen(["--format", "key", "--input", `${dir}/p.zst`], {
          permissions: RW,
        }),
        plain,
        "pzstd",
      );
      // two zstd streams one after the other, cut mid-line
      const bytes = await Deno.readFile(`${dir}/all.fen`);
      await Deno.writeFile(`${dir}/a`, bytes.subarray(0, 1_000_003));
      await Deno.writeFile(`${dir}/b`, bytes.subarray(1_000_003));
      await tool("zstd", ["-q", "-3", `${dir}/a`, `${dir}/b`]);
      const frames = new Uint8Array([
        ...await Deno.readFile(`${dir}/a.zst`),
        ...await Deno.readFile(`${dir}/b.zst`),
      ]);
      assert.deepEqual(
        await runFen(["--format", "key", "-"], { stdin: frames }),
        plain,
        "two frames on stdin",
      );
    }),
});

Deno.test({
  name:
    "zstd input: a .pgn.zst from pzstd gives the positions of the plain PGN",
  ignore: !tools,
  fn: () =>
    inTemp(async (dir) => {
      await Deno.writeTextFile(
        `${dir}/games.pgn`,
        repeated(await Deno.readTextFile(GAMES), 2_500_000),
      );
      await tool("pzstd", [
        "-q",
        "-1",
        "-p",
        "2",
        `${dir}/games.pgn`,
        "-o",
        `${dir}/games.pgn.zst`,
      ]);
      const args = [
        "--from",
        "pgn",
        "--ply",
        "all",
        "--format",
        "epd",
        "--input",
      ];
      const plain = await runFen([...args, `${dir}/games.pgn`], {
        permissions: RW,
      });
      assert.equal(plain.code, 0);
      assert.ok(plain.stdout.length > 1_000_000);
      assert.deepEqual(
        await runFen([...args, `${dir}/games.pgn.zst`], { permissions: RW }),
        plain,
      );
    }),
});

Deno.test({
  name:
    "zstd input: a frame of more than 8 MiB compressed, then another frame: every game of both",
  ignore: !tools,
  fn: () =>
    inTemp(async (dir) => {
      // The frame the runtime's decoder is not given whole (streamed
      // through fzstd) ended with a read of no bytes, which was taken for
      // the end of the file: the games of every later frame were lost
      // without a word (lichess's dumps are pzstd frames of 32 MiB of
      // text, about 8 MiB compressed).
      const random = new Uint8Array(750);
      const game = (n: number): string => {
        crypto.getRandomValues(random);
        const comment = btoa(String.fromCharCode(...random));
        return `[Event "${n}"]\n\n1. e4 {${comment}} e5 *\n\n`;
      };
      const big: string[] = [];
      for (let n = 0; n < 12_000; n++) big.push(game(n)); // 12 MB
      const small: string[] = [];
      for (let n = 0; n < 50; n++) small.push(game(12_000 + n));
      await Deno.writeTextFile(`${dir}/a.pgn`, big.join(""));
      await Deno.writeTextFile(`${dir}/b.pgn`, small.join(""));
      await Deno.writeTextFile(`${dir}/all.pgn`, big.join("") + small.join(""));
      await tool("zstd", ["-q", "-1", `${dir}/a.pgn`, `${dir}/b.pgn`]);
      const first = await Deno.readFile(`${dir}/a.pgn.zst`);
      assert.ok(first.length > 8 << 20, `a frame of ${first.length} bytes`);
      await Deno.writeFile(
        `${dir}/all.pgn.zst`,
        new Uint8Array([...first, ...await Deno.readFile(`${dir}/b.pgn.zst`)]),
      );
      const args = ["--from", "pgn", "--ply", "all", "--format", "epd"];
      const plain = await runFen([...args, "--input", `${dir}/all.pgn`], {
        permissions: RW,
      });
      assert.equal(plain.code, 0, plain.stderr);
      assert.equal(plain.stdout.split("\n").length - 1, 3 * 12_050);
      assert.deepEqual(
        await runFen([...args, "--input", `${dir}/all.pgn.zst`], {
          permissions: RW,
        }),
        plain,
      );
    }),
});

Deno.test({
  name:
    "zstd input faults: trailing garbage, a cut file and a corrupt block end with exit 4 after every record before them",
  ignore: !tools,
  fn: () =>
    inTemp(async (dir) => {
      // 300 KB: three blocks of 128 KB, so a cut one leaves two to read
      const sample = repeated(await Deno.readTextFile(SAMPLE), 300_000);
      await Deno.writeTextFile(`${dir}/all.fen`, sample);
      await tool("zstd", ["-q", "-19", `${dir}/all.fen`]);
      const good = await Deno.readFile(`${dir}/all.fen.zst`);
      const plain = await runFen(["--format", "key", "-"], { stdin: sample });

      await Deno.writeFile(
        `${dir}/garbage.zst`,
        new Uint8Array([...good, ...new TextEncoder().encode("garbage\n")]),
      );
      assert.deepEqual(
        await runFen(["--format", "key", "--input", `${dir}/garbage.zst`], {
          permissions: RW,
        }),
        {
          code: EXIT.ioError,
          stdout: plain.stdout,
          stderr:
            `fen: cannot read ${dir}/garbage.zst: not zstd data at byte ${good.length} after frame 1 (trailing garbage?)\n`,
        },
        "trailing garbage",
      );

      // Cut: the records of the complete lines zstd itself recovers.
      const cut = good.subarray(0, good.length - 5);
      await Deno.writeFile(`${dir}/cut.zst`, cut);
      const recovered = await new Deno.Command("zstd", {
        args: ["-dc", `${dir}/cut.zst`],
        stdout: "piped",
        stderr: "null",
      }).output();
      assert.equal(recovered.success, false, "zstd refuses the cut file too");
      const text = new TextDecoder().decode(recovered.stdout);
      const lines = text.slice(0, text.lastIndexOf("\n") + 1);
      assert.ok(lines.length > 200_000);
      const expected = await runFen(["--format", "key", "-"], {
        stdin: lines,
      });
      assert.deepEqual(
        await runFen(["--format", "key", "-"], { stdin: cut }),
        {
          code: EXIT.ioError,
          stdout: expected.stdout,
          stderr:
            "fen: cannot read input: truncated zstd data: the input ends inside frame 1\n",
        },
        "cut short",
      );

      // A block's bytes changed: the decoder (or the frame's checksum) says so.
      const corrupt = good.slice();
      for (let i = 2000; i < 2100; i++) corrupt[i] ^= 0x5a;
      const run = await runFen(["--format", "key", "-"], { stdin: corrupt });
      assert.equal(run.code, EXIT.ioError);
      assert.match(
        run.stderr,
        /^fen: cannot read input: corrupt zstd data in frame 1: .+\n$/,
      );
      assert.ok(
        plain.stdout.startsWith(run.stdout),
        "only records before the fault",
      );
    }),
});
