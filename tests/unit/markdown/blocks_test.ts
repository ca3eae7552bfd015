import assert from "node:assert/strict";
import { InfoError, pandocInfo, readInfo } from "../../../lib/markdown/info.ts";
import { BlockOptionError } from "../../../lib/markdown/options.ts";
import {
  BLOCK_OPTIONS,
  PICTURE_OPTIONS,
  SERVICE_SPELLINGS,
} from "../../../lib/cli/option_blocks.ts";
import type { BlockOption } from "../../../lib/markdown/info.ts";
import { blockBoard, BlockError } from "../../../lib/markdown/block.ts";
import { readQuery } from "../../../lib/serve/_query.ts";
import { EXIT } from "../../../lib/program/exit.ts";

const NONE: string[] = [];

/** A block's options read as fen md reads them, over the command line's `argv`. */
function blockSettings(options: readonly BlockOption[], argv: string[]) {
  return PICTURE_OPTIONS.reader(argv)(options);
}

Deno.test("an info string's words and Pandoc's attributes give the same options", () => {
  const words = readInfo('fen flip size=300 arrow="e2e4 d2d4" #d1')!;
  const braces = readInfo('{.fen .flip size=300 arrow="e2e4 d2d4" #d1}')!;
  const pandoc = pandocInfo(["d1", ["fen", "flip"], [["size", "300"], [
    "arrow",
    "e2e4 d2d4",
  ]]])!;
  const shape = (info: typeof words) =>
    [info.id, info.options.map((o) => [o.name, o.value])] as const;
  assert.deepEqual(shape(words), ["d1", [["flip", null], ["size", "300"], [
    "arrow",
    "e2e4 d2d4",
  ]]]);
  assert.deepEqual(shape(braces), shape(words));
  const both = readInfo('fen {.flip size=300 arrow="e2e4 d2d4" #d1}')!;
  assert.deepEqual(shape(both), shape(words));
  assert.deepEqual(shape(pandoc), shape(words));
  // Columns point into the info string, for messages.
  assert.deepEqual(words.options.map((o) => o.column), [4, 9, 18]);
});

Deno.test("only fen blocks are read: other languages and classes are not", () => {
  for (const info of ["", "js", "fenx", "fen-source", "{.js}", "{.fenx}"]) {
    assert.equal(readInfo(info), null, info);
  }
  assert.equal(pandocInfo(["", ["js"], []]), null);
  assert.throws(() => readInfo("{.fen size=3"), InfoError);
});

Deno.test("block options are the command's picture options, by the same names, values and messages", () => {
  const settings = blockSettings(
    readInfo("fen flip size=240 theme=blue arrow=e2e4,Rd1d8 lastmove=e2e4")!
      .options,
    NONE,
  );
  assert.deepEqual(settings.svg, {
    style: "vector",
    flip: true,
    size: 240,
    theme: "blue",
    arrows: ["e2e4", "Rd1d8"],
    lastMove: "e2e4",
  });
  assert.throws(
    () => blockSettings(readInfo("fen size=0")!.options, NONE),
    (e) =>
      e instanceof BlockOptionError && e.option?.name === "size" &&
      /^size "0" must be a whole number of pixels/.test(e.message),
  );
  assert.throws(
    () => blockSettings(readInfo("fen flpi")!.options, NONE),
    /unknown option "flpi"; did you mean flip\?/,
  );
  // The GIF's own options are not a picture's.
  assert.ok(!BLOCK_OPTIONS.some((o) => o.name === "delay"));
});

Deno.test("the image service's spellings read as the service reads them", () => {
  const samples: Record<string, string> = {
    arrows: "e2e4,Bh7",
    squares: "d4,Re5",
    lastMove: "e2e4",
    orientation: "black",
  };
  assert.deepEqual(
    Object.keys(samples).sort(),
    Object.keys(SERVICE_SPELLINGS).sort(),
  );
  const endpoint = {
    kind: "svg",
    size: 400,
    coordinates: "outside",
    coordinatesByDefault: false,
    fenRequired: false,
  } as never;
  for (const [name, value] of Object.entries(samples)) {
    const service = readQuery(new URLSearchParams({ [name]: value }), endpoint)
      .options;
    const block = blockSettings([{ name, value, column: 0 }], NONE).svg;
    for (const key of ["arrows", "highlight", "lastMove", "flip"] as const) {
      assert.deepEqual(block[key], service[key], `${name}: ${key}`);
    }
  }
  const settings = blockSettings(
    readInfo("fen orientation=black arrows=e2e4,Bh7 squares=d4 lastMove=e2e4")!
      .options,
    NONE,
  );
  assert.equal(settings.svg.flip, true);
  assert.deepEqual(settings.svg.arrows, ["e2e4"]);
  // web-boardimage's circle (one square) is a tinted square.
  assert.deepEqual(settings.svg.highlight, ["Bh7", "d4"]);
  assert.equal(settings.svg.lastMove, "e2e4");
});

Deno.test("the command line's options are defaults: a block overrides them, adds to lists, turns flags off", () => {
  const defaults = [
    "--flip",
    "--size=200",
    "--arrow=a2a4",
    "--style=classic",
  ];
  const settings = blockSettings(
    readInfo("{.fen flip=false size=300 arrow=h2h4}")!.options,
    defaults,
  );
  assert.equal(settings.svg.flip, undefined);
  assert.equal(settings.svg.size, 300);
  assert.equal(settings.svg.style, "classic");
  assert.deepEqual(settings.svg.arrows, ["a2a4", "h2h4"]);
});

Deno.test("a block holds a FEN, an EPD record or a game; a game's final position unless ply says", () => {
  const epd = blockBoard('8/8/8/8/8/8/8/K6k w - - bm Ka2; id "x";', {
    ply: "last",
  });
  assert.equal(epd.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
  const placement = blockBoard("  8/8/8/8/8/8/8/K6k\n", { ply: "last" });
  assert.equal(placement.fen, "8/8/8/8/8/8/8/K6k");
  const game = '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 *\n';
  assert.equal(blockBoard(game, { ply: "last" }).lastMove, "b8c6");
  assert.equal(blockBoard(game, { ply: 1 }).lastMove, "e2e4");
  assert.equal(blockBoard(game, { ply: 0 }).lastMove, null);
});

Deno.test("a block's problems name their line and column in the block, and their exit code", () => {
  const at = (text: string, ply: number | "last" = "last") => {
    try {
      blockBoard(text, { ply });
    } catch (error) {
      assert.ok(error instanceof BlockError);
      return [error.line, error.column, error.exit, error.message];
    }
    assert.fail("no error");
  };
  assert.deepEqual(at("\n  8/8/8/8/8/8/8/K6x w").slice(0, 3), [
    1,
    18,
    EXIT.invalidFen,
  ]);
  assert.deepEqual(at("1. e4 e5\n2. Ke3 *").slice(0, 3), [
    1,
    3,
    EXIT.illegalMove,
  ]);
  assert.match(
    String(at("1. e4 *", 5)[3]),
    /ply 5 is past the game's end: it has 1 half-moves/,
  );
  assert.match(
    String(at("8/8/8/8/8/8/8/K6k w", 2)[3]),
    /ply picks a position of a game/,
  );
  assert.match(String(at(" \n")[3]), /the block is empty/);
  assert.match(String(at("1. e4 *\n\n1. d4 *\n")[3]), /holds 2 games/);
});

Deno.test("docs/markdown.md's option table names exactly the options a block takes", async () => {
  const text = await Deno.readTextFile(
    new URL("../../../docs/markdown.md", import.meta.url),
  );
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^\| option\s/.test(l));
  const named = new Set<string>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    for (const [, name] of line.split("|")[1].matchAll(/`([^`]+)`/g)) {
      named.add(name);
    }
  }
  const known = new Set([
    ...BLOCK_OPTIONS.flatMap((o) => [o.name, ...(o.aliases ?? [])]),
    ...Object.keys(SERVICE_SPELLINGS),
  ]);
  assert.deepEqual([...named].sort(), [...known].sort());
});
