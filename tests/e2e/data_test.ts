// Data and engine work through the real program (in-process; a shell pipe
// where a pipe is the point): keys from a pipe, and the gate
// before the engine as a script uses it (exit codes, a repaired stream that
// --check passes), over the FENs that crash Stockfish in its own tracker.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { CLI, runFen, spawnProcess } from "../cli/_harness.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const decoder = new TextDecoder();

/** The FENs that crash Stockfish, from its issue tracker. */
const CRASHES: { fen: string; problem: string }[] = JSON.parse(
  await Deno.readTextFile(
    new URL("../testdata/engine_crash_fens.json", import.meta.url),
  ),
);

/** Runs a shell line with `$FEN` the command (for pipes between two runs). */
async function sh(
  line: string,
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = await spawnProcess("bash", ["-c", line], {
    stdin,
    env: { FEN: `${Deno.execPath()} run --no-config ${CLI}` },
  });
  return { ...run, stdout: decoder.decode(run.stdout) };
}

Deno.test("keys from a pipe: --format key -", async () => {
  const stdin =
    `${START}\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n`;
  assert.deepEqual(await runFen(["--format", "key", "-"], { stdin }), {
    code: 0,
    stdout: "463b96181691fc9c\n823c9b50fd114196\n",
    stderr: "",
  });
});

Deno.test("the gate before the engine: --check flags every crash, --repair passes only what --check accepts", async () => {
  const stdin = CRASHES.map(({ fen }) => fen).join("\n") + "\n";
  const checked = await runFen(["--check", "--quiet", "-"], { stdin });
  assert.equal(checked.code, EXIT.illegalPosition);
  const flagged = new Set(
    checked.stdout.split("\n").filter((l) => / error /.test(l)).map((l) =>
      l.split(":")[0]
    ),
  );
  assert.equal(flagged.size, CRASHES.length, checked.stdout);
  assert.match(
    checked.stderr,
    new RegExp(
      `^fen: ${CRASHES.length} records checked: 0 legal, ${CRASHES.length} illegal, 0 invalid\n$`,
    ),
  );
  // repaired records pass the check; refused ones are told, exit 3
  const gate = await sh(
    'refused=$(mktemp); $FEN --repair --format fen - 2>"$refused" | $FEN --check --quiet -; echo "repair=${PIPESTATUS[0]} check=${PIPESTATUS[1]}"; grep -c "cannot repair" "$refused"; rm -f "$refused"',
    stdin,
  );
  const [status, refused] = gate.stdout.trimEnd().split("\n").slice(-2);
  assert.equal(status, `repair=${EXIT.illegalPosition} check=0`, gate.stderr);
  const passed = Number(gate.stderr.match(/(\d+) records checked/)?.[1]);
  assert.equal(passed + Number(refused), CRASHES.length);
  assert.ok(passed > 0 && Number(refused) > 0, gate.stderr);
});

Deno.test("--perft 2 --divide as a process: the table engines print", async () => {
  const result = await runFen(["--perft", "2", "--divide", START]);
  assert.equal(result.code, 0);
  assert.equal(result.stderr, "");
  const lines = result.stdout.trimEnd().split("\n");
  assert.equal(lines.at(-1), "Nodes searched: 400");
  const rows = lines.slice(0, -2).map((line) => line.split(": "));
  assert.equal(rows.length, 20);
  assert.equal(rows.reduce((sum, [, n]) => sum + Number(n), 0), 400);
});
