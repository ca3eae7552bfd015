// The sink of --check: a legal record whose status cannot be had (which its
// legality report promises never happens) is an internal error of that
// record alone; the records after it are still judged.

import assert from "node:assert/strict";
import { FenReader } from "../../../lib/fen/reader.ts";
import {
  PositionChecker,
  type PositionStatus,
  type PositionStatusOptions,
  UnplayablePositionError,
} from "../../../mod.ts";
import type { CliIo } from "../../../lib/program/io.ts";
import { Output } from "../../../lib/cli/io.ts";
import { Diagnostics } from "../../../lib/cli/diagnostics.ts";
import { Current } from "../../../lib/cli/record.ts";
import { CheckSink } from "../../../lib/cli/sink_check.ts";
import { EXIT } from "../../../lib/program/exit.ts";

/** A checker whose status fails while `failing` is set. */
class FailingChecker extends PositionChecker {
  failing = false;
  override status(options?: PositionStatusOptions): PositionStatus {
    if (this.failing) throw new UnplayablePositionError("opposite-check", "w");
    return super.status(options);
  }
}

Deno.test("--check's sink: a status that cannot be had is an internal error of its record, and the stream goes on", () => {
  const decoder = new TextDecoder();
  let stdout = "", stderr = "";
  const sink = (write: (text: string) => void) => ({
    writeSync(data: Uint8Array): number {
      write(decoder.decode(data));
      return data.length;
    },
  });
  const io = {
    stdout: sink((text) => stdout += text),
    stderr: sink((text) => stderr += text),
  } as unknown as CliIo;
  const out = new Output(io.stdout);
  const diagnostics = new Diagnostics(io, out, {
    json: false,
    verbose: false,
    interactive: false,
  });
  const checker = new FailingChecker({ rules: "atomic" });
  const checkSink = new CheckSink(out, {
    checker,
    json: false,
    rules: "atomic",
    checkerFor: () => checker,
    diagnostics,
    quiet: false,
    epdMoves: null,
  });
  const reader = new FenReader({ rules: "atomic" });
  const record = new Current(reader);
  const lines = [
    "4k3/p7/8/8/8/8/P7/4K2R b - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/p7/8/8/8/8/P7/4R1K1 b - - 0 1",
  ];
  for (const [i, line] of lines.entries()) {
    reader.read(line);
    record.next(
      { number: i + 1, prefix: `line ${i + 1}: `, stream: true, file: "" },
      { input: line, start: 0, end: line.length },
    );
    checker.failing = i === 1;
    checkSink.write(record);
  }
  checkSink.finish();
  out.flush();
  assert.equal(
    stdout,
    "line 1: legal\nline 3: legal\nline 3: info check: Black is in check from e1\n",
  );
  assert.equal(
    stderr,
    "fen: line 2: internal error: the position was judged legal, but cannot be played from: White to move, but Black is in check (please report it)\n",
  );
  assert.equal(diagnostics.status, EXIT.internal);
  assert.equal(diagnostics.stopped, false);
});
