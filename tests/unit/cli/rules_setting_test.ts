// The command settles its rules once: `--variant` and `--chess960` become
// one rules value in the settings (and whether they were named, which only
// --check's castling judgement asks), which every stage reads as it is,
// and no internal layer carries a `chess960` boolean beside the rules.

import assert from "node:assert/strict";
import { parseArgv } from "../../../lib/cli/option_argv.ts";
import { settle } from "../../../lib/cli/option_settings.ts";

const LIB = new URL("../../../lib/", import.meta.url);
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Every hand-written .ts source under `dir` (relative to lib/). */
async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, LIB))) {
    const path = dir + entry.name;
    if (entry.isDirectory) found.push(...await sources(path + "/"));
    else if (entry.name.endsWith(".ts")) found.push(path);
  }
  return found.sort();
}

Deno.test("the settings hold one rules value, whichever option named it", () => {
  const cases: [string[], string, string][] = [
    [[], "chess", "letters"],
    [["--chess960"], "chess960", "rules"],
    [["--variant", "chess960"], "chess960", "rules"],
    [["--variant", "Chess960", "--chess960"], "chess960", "rules"],
    [["--variant", "chess"], "chess", "rules"],
    [["--variant", "King of the Hill"], "kingofthehill", "rules"],
    [["--variant", "zh"], "crazyhouse", "rules"],
  ];
  for (const [options, rules, castlingBy] of cases) {
    const settings = settle(parseArgv([...options, START]));
    assert.equal(settings.rules, rules, options.join(" "));
    assert.equal(settings.castlingBy, castlingBy, options.join(" "));
    assert.ok(!("rules" in settings.parse), options.join(" "));
    assert.ok(!("chess960" in settings.parse), options.join(" "));
  }
});

Deno.test("no stage of the command derives the rules again from a chess960 flag", async () => {
  const rederived: string[] = [];
  for (const path of await sources("cli/")) {
    const text = await Deno.readTextFile(new URL(path, LIB));
    if (/parse\.(rules|chess960)|chess960 === true|rulesOfRun/.test(text)) {
      rederived.push(path);
    }
  }
  assert.deepEqual(rederived, []);
});

Deno.test("a chess960 boolean is kept only where the public API or the UCI protocol has one", async () => {
  // The public options (`RulesOptions.chess960`, `PgnGame.chess960` and its
  // init, both deprecated), the engine's UCI_Chess960 option, the castling
  // rules themselves (the one place the castling mode decides anything),
  // and where a `fen md` block's `chess960` option is read into rules.
  const allowed = new Set([
    "types.ts",
    "pgn/game.ts",
    "pgn/_model.ts",
    "engine/uci.ts",
    "fen/_castling.ts",
    "legality/_castling.ts",
    "cli/option_blocks.ts",
  ]);
  const found: string[] = [];
  for (const path of await sources("")) {
    if (allowed.has(path)) continue;
    const text = await Deno.readTextFile(new URL(path, LIB));
    if (/chess960\??: boolean|\.chess960\b/.test(text)) found.push(path);
  }
  assert.deepEqual(found, []);
});
