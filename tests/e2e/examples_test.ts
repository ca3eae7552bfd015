// Every example runs as a user would run it, and says what it should.
import assert from "node:assert/strict";
import { fen2grid, renderSvg } from "../../mod.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function example(
  name: string,
  ...args: string[]
): Promise<[number, string, string]> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", `examples/${name}`, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return [code, decoder.decode(stdout), decoder.decode(stderr)];
}

Deno.test("examples/render_diagram.ts draws the classic example board in its colors", async () => {
  const [code, stdout] = await example("render_diagram.ts");
  assert.equal(code, 0);
  assert.equal(
    stdout,
    renderSvg("4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2", {
      labels: true,
      light: "#eeeed2",
      dark: "#769656",
    }),
  );
});

Deno.test("examples/fen_file_to_boards.ts prints the FEN-to-board exercise's boards and names bad lines", async () => {
  const [code, stdout, stderr] = await example("fen_file_to_boards.ts");
  assert.equal(code, 0);
  assert.equal(stdout.split("\n\n").length, 4);
  assert.ok(
    stdout.startsWith(
      fen2grid("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ".") + "\n\n",
    ),
  );
  assert.match(
    stderr,
    /^line 6: Cannot parse FEN: unexpected seventh field "extra"/,
  );
});

Deno.test("examples/validate_positions.ts gives one verdict per record", async () => {
  const [code, stdout] = await example("validate_positions.ts");
  assert.equal(code, 0);
  assert.deepEqual(stdout.trimEnd().split("\n"), [
    "1: legal",
    "2: legal",
    "4: legal",
    "5: illegal: empty-board, no-king, no-king",
    '6: invalid: Cannot parse FEN: unexpected seventh field "extra" (a FEN record has six fields) at column 58',
    "3 legal, 1 illegal, 1 invalid",
  ]);
});

Deno.test("examples/grid_round_trip.ts comes back to the same placement", async () => {
  const [code, stdout] = await example(
    "grid_round_trip.ts",
    "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2",
    "·",
  );
  assert.equal(code, 0);
  const lines = stdout.trimEnd().split("\n");
  assert.equal(lines[0], "····r···");
  assert.equal(lines[8], "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2");
  assert.equal(lines[9], "round trip: same");
});
