// The test tasks' suites (scripts/test_suites.ts): every test module once,
// every TypeScript example of the documentation as a test, and an example
// whose assertion fails failing its test, as `deno test --doc` has it.

import assert from "node:assert/strict";
import {
  costsOf,
  deal,
  exampleModule,
  examplesOf,
  WORKERS,
  writeSuites,
} from "../../scripts/test_suites.ts";
import { spawnProcess } from "../cli/_harness.ts";

const ROOT = new URL("../../", import.meta.url);

/** The test modules below `dir` (from the root), by `find`. */
async function found(dir: string): Promise<string[]> {
  const { stdout } = await spawnProcess("find", [dir, "-name", "*_test.ts"], {
    cwd: ROOT.pathname,
  });
  return new TextDecoder().decode(stdout).split("\n").filter((line) =>
    line !== "" && !line.startsWith("tests/testdata/")
  ).sort();
}

/** What the modules of a suite's folder import, from the root. */
async function imported(dir: URL): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const text = await Deno.readTextFile(new URL(entry.name, dir));
    for (const [, specifier] of text.matchAll(/^import "([^"]+)";$/gm)) {
      paths.push(new URL(specifier, dir).href.slice(ROOT.href.length));
    }
  }
  return paths.sort();
}

Deno.test("the test tasks' suites: each test module once, each example once", async () => {
  const out = new URL("build/tests/_suites_check/", ROOT);
  try {
    await writeSuites(out);
    assert.deepEqual(
      await imported(new URL("unit/", out)),
      [...await found("tests/unit"), ...await found("tests/cli")].sort(),
    );
    const all = await imported(new URL("all/", out));
    const examples = all.filter((path) => !path.startsWith("tests/"));
    assert.deepEqual(
      all.filter((path) => path.startsWith("tests/")),
      await found("tests"),
    );
    // The front page's example and the module's are among them.
    const texts = await Promise.all(
      examples.map((path) => Deno.readTextFile(new URL(path, ROOT))),
    );
    for (const place of ['Deno.test("README.md$', 'Deno.test("mod.ts$']) {
      assert.ok(texts.some((text) => text.includes(place)), place);
    }
    assert.ok(examples.length >= 200, `${examples.length} examples`);
  } finally {
    await Deno.remove(out, { recursive: true }).catch(() => {});
  }
});

const JSDOC = `/**
 * Not run:
 * \`\`\`ts ignore
 * throw new Error("ignored");
 * \`\`\`
 *
 * @example Kings
 * \`\`\`ts
 * import {
 *   parseFen,
 * } from "./lib/fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseFen("8/8/8/8/8/8/8/K6k w - - 0 1").turn, "w");
 * assert.equal(parseFen("8/8/8/8/8/8/8/K6k w - - 0 1").turn, WRONG);
 * \`\`\`
 */
export const x = 1;
`;

Deno.test("an example is a test: its imports hoisted and renamed, its failing assertion failing it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-suites-" });
  try {
    const [example, ...more] = examplesOf("probe.ts", JSDOC);
    assert.deepEqual([more.length, example.line], [0, 9]);
    const probe = new URL(`file://${dir}/probe_test.ts`);
    for (const [wrong, code] of [['"w"', 0], ['"b"', 1]] as const) {
      await Deno.writeTextFile(
        probe,
        exampleModule(example, new URL(`file://${dir}/`)).replace(
          "WRONG",
          wrong,
        ),
      );
      // What runs is under test, not its types (type-checking the probe
      // was most of this test's time).
      const run = await spawnProcess(Deno.execPath(), [
        "test",
        "--no-check",
        "--config",
        new URL("deno.json", ROOT).pathname,
        probe.pathname,
      ]);
      const said = new TextDecoder().decode(run.stdout) + run.stderr;
      assert.equal(run.code, code, said);
      assert.match(said, /probe\.ts\$9-15/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the suites are dealt by the seconds each module took, a module the table lacks by its size", () => {
  const junit = `<testsuites>
    <testsuite name="./tests/e2e/slow_test.ts" tests="2">
      <testcase name="a" time="30.25"></testcase>
      <testcase name="b" time="9.75"></testcase>
      <testcase name="b &gt; a step" time="9.5"></testcase>
      <testcase name="b &gt; a step &gt; its step" time="9"></testcase>
      <testcase name="b &gt; a step named x &gt; y" time="0.5"></testcase>
    </testsuite>
    <testsuite name="./tests/unit/quick_test.ts" tests="1">
      <testcase name="c" time="0.04"></testcase>
    </testsuite>
    <testsuite name="./build/tests/examples/001_mod_ts.ts" tests="1">
      <testcase name="mod.ts$3-9" time="0.5"></testcase>
    </testsuite>
  </testsuites>`;
  const costs = costsOf(junit);
  assert.deepEqual(costs, {
    "tests/e2e/slow_test.ts": 40,
    "tests/unit/quick_test.ts": 0,
  });
  // By cost the slow one is alone, and the new module is costed at the
  // median rate (0.1 s a byte: 20 s); dealt by size it would not be.
  const modules = [
    { path: "tests/e2e/slow_test.ts", size: 100 },
    { path: "tests/e2e/big_test.ts", size: 200 },
    { path: "tests/unit/quick_test.ts", size: 4000 },
    { path: "tests/unit/other_test.ts", size: 10 },
  ];
  assert.deepEqual(
    deal(modules, {
      costs: { ...costs, "tests/unit/other_test.ts": 1 },
      shards: 2,
    }),
    [
      ["tests/e2e/slow_test.ts"],
      [
        "tests/e2e/big_test.ts",
        "tests/unit/other_test.ts",
        "tests/unit/quick_test.ts",
      ],
    ],
  );
  assert.deepEqual(deal(modules, { costs: {}, shards: 2 }), [
    ["tests/unit/quick_test.ts"],
    [
      "tests/e2e/big_test.ts",
      "tests/e2e/slow_test.ts",
      "tests/unit/other_test.ts",
    ],
  ]);
});

Deno.test("the test tasks run one suite more than the cores at once, the number --jobs prints", async () => {
  const { code, stdout } = await spawnProcess(
    Deno.execPath(),
    ["run", "scripts/test_suites.ts", "--jobs"],
    { cwd: ROOT.pathname },
  );
  assert.equal(code, 0);
  assert.equal(new TextDecoder().decode(stdout), `${WORKERS}\n`);
  assert.equal(WORKERS, navigator.hardwareConcurrency + 1);
  const { tasks } = JSON.parse(
    await Deno.readTextFile(new URL("deno.json", ROOT)),
  ) as { tasks: Record<string, string> };
  for (const task of ["test", "test:unit"]) {
    assert.match(
      tasks[task],
      / && DENO_JOBS=\$\(deno run scripts\/test_suites\.ts --jobs\) .*deno test --parallel /,
      task,
    );
  }
});
