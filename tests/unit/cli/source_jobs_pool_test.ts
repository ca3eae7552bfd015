import assert from "node:assert/strict";
import { Pool } from "../../../lib/cli/source_jobs_pool.ts";
import {
  PartConverter,
  type StreamPart,
} from "../../../lib/cli/source_jobs_io.ts";
import type { ParsedArgs } from "../../../lib/cli/option_table.ts";
import type { CliIo } from "../../../lib/program/io.ts";
import { EXIT } from "../../../lib/program/exit.ts";

/** The io a pool writes its parts' output to: stdout kept as text. */
function collectingIo(): { io: CliIo; written: () => string } {
  const chunks: Uint8Array[] = [];
  const sink = {
    writeSync: (data: Uint8Array) => (chunks.push(data.slice()), data.length),
  };
  const refuse = (): never => {
    throw new Error("not in this test");
  };
  const io: CliIo = {
    stdin: { read: () => Promise.resolve(null) },
    stdout: sink,
    stderr: sink,
    writeFileSync: refuse,
    renameSync: refuse,
    mkdirSync: refuse,
    open: refuse,
    permissions: { requestSync: () => ({ state: "granted" }) },
  };
  const text = () =>
    new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  return { io, written: text };
}

/**
 * A converter that copies its part to stdout and notes which lane did,
 * after `gate` when it is given (a lane that is behind).
 */
function copier(
  lane: string,
  seen: string[],
  gate: Promise<void> | null,
): PartConverter {
  return new PartConverter((io) => async () => {
    const buffer = new Uint8Array(64);
    const n = await io.stdin.read(buffer) ?? 0;
    const text = new TextDecoder().decode(buffer.subarray(0, n));
    seen.push(`${lane}:${text.trim()}`);
    if (gate !== null) await gate;
    io.stdout.writeSync(buffer.subarray(0, n));
    return EXIT.ok;
  }, { copied: true });
}

Deno.test("--jobs' pool: a worker that is behind holds back no other, and the output stays in input order", async () => {
  let open = () => {};
  const gate = new Promise<void>((resolve) => open = resolve);
  const seen: string[] = [];
  const lanes = [copier("slow", seen, gate), copier("fast", seen, null)];
  const { io, written } = collectingIo();
  const pool = new Pool(0, {
    parsed: {} as ParsedArgs,
    io,
    local: () => lanes.shift()!,
    inThread: 2,
    slot: 1024,
  });
  const at = { lines: 0, games: 0 };
  for (let i = 1; i <= 6; i++) {
    const part: StreamPart = pool.part({ label: "", file: "" }, at, i > 1);
    await pool.submit(new TextEncoder().encode(`${i}\n`), part);
    at.lines++;
  }
  // let every part that can be converted be converted
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  // the slow lane took the first part and one more (a part converting and
  // one waiting); every later part went to the lane with room
  assert.deepEqual(seen, ["slow:1", "fast:2", "fast:4", "fast:5", "fast:6"]);
  assert.deepEqual(written(), "", "nothing is written before the first part");
  open();
  await pool.drain();
  pool.close();
  assert.ok(seen.includes("slow:3"));
  assert.deepEqual(written(), "1\n2\n3\n4\n5\n6\n");
  assert.deepEqual(pool.code, EXIT.ok);
});
