import assert from "node:assert/strict";
import { DIAGRAMS, LIBRARY_PICTURES, render } from "../../docs/make_docs.ts";
import { readGif } from "../_gif.ts";
import { readPng } from "../_pixels.ts";
import { runFenBytes } from "../cli/_harness.ts";

Deno.test("the pictures in docs/ are what the current command draws", async () => {
  assert.ok(DIAGRAMS.length >= 6);
  for (const [name, args] of DIAGRAMS) {
    const committed = await Deno.readFile(
      new URL(`../../docs/${name}`, import.meta.url),
    );
    assert.deepEqual(
      committed,
      await render(args),
      `docs/${name} is stale: run deno task docs`,
    );
  }
});

Deno.test("the library's pictures in docs/ are what the current code draws", async () => {
  for (const [name, draw] of LIBRARY_PICTURES) {
    const committed = await Deno.readFile(
      new URL(`../../docs/${name}`, import.meta.url),
    );
    assert.deepEqual(
      committed,
      await draw(),
      `docs/${name} is stale: run deno task docs`,
    );
  }
  const gif = readGif(
    await Deno.readFile(new URL("../../docs/scholar.gif", import.meta.url)),
  );
  assert.deepEqual([gif.width, gif.height, gif.frames.length], [240, 280, 8]);
});

Deno.test("the pictures in docs/ cover both styles, the annotations and PNG", async () => {
  const read = (name: string) =>
    Deno.readFile(new URL(`../../docs/${name}`, import.meta.url));
  const text = async (name: string) =>
    new TextDecoder().decode(await read(name));
  assert.ok((await text("chess.01.svg")).includes('<text class="piece"'));
  const vector = await text("vector.svg");
  assert.ok(!vector.includes("<text") && vector.includes("<use "));
  const annotated = await text("annotated.svg");
  for (const mark of ["<circle", 'fill="#15781bb3"', "Black to move"]) {
    assert.ok(annotated.includes(mark), mark);
  }
  const png = readPng(await read("annotated.png"));
  assert.deepEqual([png.width, png.height], [320, 320]);
});

Deno.test("the README or the manual shows every picture", async () => {
  const root = new URL("../../", import.meta.url);
  const shown = [await Deno.readTextFile(new URL("README.md", root))];
  for await (const entry of Deno.readDir(new URL("docs/", root))) {
    if (entry.name.endsWith(".md")) {
      shown.push(await Deno.readTextFile(new URL(`docs/${entry.name}`, root)));
    }
  }
  for (const [name] of [...DIAGRAMS, ...LIBRARY_PICTURES]) {
    assert.ok(
      shown.some((text) =>
        text.includes(`src="docs/${name}"`) || text.includes(`src="${name}"`)
      ),
      name,
    );
  }
});

/** Copies `count` games of the committed Stockfish games into `path`. */
async function someGames(path: string, count: number): Promise<void> {
  const text = await Deno.readTextFile(
    new URL("../testdata/stockfish_games.pgn", import.meta.url),
  );
  const starts = [...text.matchAll(/^\[Event /gm)].map((m) => m.index);
  assert.ok(starts.length > count);
  await Deno.writeTextFile(path, text.slice(0, starts[count]));
}

Deno.test("the README's ten commands run, and write what they say", async () => {
  const root = new URL("../../", import.meta.url);
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const section = readme.slice(readme.indexOf("## Ten commands"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  const commands = block.trimEnd().split("\n");
  assert.equal(commands.length, 10);
  assert.ok(commands.every((line) => line.startsWith("fen ")));
  // fen serve runs until stopped: the install test starts it.
  const [serve] = commands.splice(commands.length - 1, 1);
  assert.match(serve, /^fen serve /);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/bin`);
    await Deno.writeTextFile(
      `${dir}/bin/fen`,
      `#!/bin/sh\nexec "${Deno.execPath()}" run --quiet --allow-read --allow-write ` +
        `"${new URL("cli.ts", root).pathname}" "$@"\n`,
    );
    await Deno.chmod(`${dir}/bin/fen`, 0o755);
    await Deno.copyFile(
      new URL("../testdata/sample.fen", import.meta.url),
      `${dir}/positions.fen`,
    );
    await someGames(`${dir}/games.pgn`, 2);
    for (const command of commands) {
      const { code, stdout, stderr } = await new Deno.Command("bash", {
        args: ["-c", command],
        cwd: dir,
        env: { PATH: `${dir}/bin:${Deno.env.get("PATH")}`, NO_COLOR: "1" },
        stdin: "null",
      }).output();
      const err = new TextDecoder().decode(stderr);
      assert.equal(code, 0, `${command}\n${err}`);
      if (!command.includes("--explain")) assert.equal(err, "", command);
      if (!/ > |--out-dir/.test(command)) {
        assert.ok(stdout.length > 0, command);
      }
    }
    // What the redirections and --out-dir promised is there.
    const svg = await Deno.readTextFile(`${dir}/chess.svg`);
    assert.equal(
      svg,
      await Deno.readTextFile(new URL("docs/chess.01.svg", root)),
    );
    const png = await Deno.readFile(`${dir}/board.png`);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.equal([...Deno.readDirSync(`${dir}/diagrams`)].length, 1000);
    assert.deepEqual(
      [...Deno.readDirSync(`${dir}/gifs`)].map((e) => e.name).sort(),
      ["000001.gif", "000002.gif"],
    );
    const clean = (await Deno.readTextFile(`${dir}/clean.fen`)).split("\n");
    assert.ok(clean.length > 900);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * The words of a shell command of plain words and quotes, as bash splits
 * them; `null` when bash would do more (a variable, a redirection, a pipe,
 * a glob, several commands).
 */
function shellWords(command: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === " ") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return null;
      word = (word ?? "") + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = command.indexOf('"', i + 1);
      const inside = command.slice(i + 1, end);
      if (end < 0 || /[\\$`!]/.test(inside)) return null;
      word = (word ?? "") + inside;
      i = end;
    } else if (/[\\$`;&|<>(){}*?[\]~#!]/.test(c)) return null;
    else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** A command shown in the docs after `$ `, and the lines shown under it. */
interface Shown {
  file: string;
  /** The line as shown, comment included. */
  line: string;
  command: string;
  output: string[];
}

/** The lines of each code block of `text` whose fence names no language. */
function untaggedBlocks(text: string): string[][] {
  const blocks: string[][] = [];
  let block: string[] | null = null;
  let inFence = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) {
      if (inFence && block !== null) blocks.push(block);
      block = !inFence && line === "```" ? [] : null;
      inFence = !inFence;
    } else if (block !== null) {
      block.push(line);
    }
  }
  return blocks;
}

/** The `$ fen ...` transcripts of `text`'s untagged code blocks. */
function transcripts(file: string, text: string): Shown[] {
  const shown: Shown[] = [];
  for (const block of untaggedBlocks(text)) {
    let current: Shown | null = null;
    for (const line of block) {
      if (line.startsWith("$ ")) {
        // a comment after two spaces is the docs', not the shell's
        current = {
          file,
          line,
          command: line.slice(2).replace(/\s{2,}#.*$/, ""),
          output: [],
        };
        shown.push(current);
      } else if (current !== null) {
        current.output.push(line);
      }
    }
  }
  return shown;
}

Deno.test("the transcripts of the README and the manual are what the command prints", async () => {
  const root = new URL("../../", import.meta.url);
  const files = ["README.md"];
  for await (const entry of Deno.readDir(new URL("docs/", root))) {
    if (entry.name.endsWith(".md")) files.push(`docs/${entry.name}`);
  }
  const all: Shown[] = [];
  for (const file of files.sort()) {
    all.push(
      ...transcripts(file, await Deno.readTextFile(new URL(file, root))),
    );
  }
  // Commands that need files or a terminal, or whose output is elided or not
  // shown, are not run.
  const runnable = all.filter(({ line, command, output }) =>
    /^(fen |echo \$\?$)/.test(command) &&
    !/[<>|]|--input|--out-dir|at a terminal/.test(line) &&
    // a list of commands with no output shown under them is not a transcript
    (command.startsWith("echo") || output.length > 0) &&
    !output.some((line) => line.includes("..."))
  );
  assert.ok(runnable.length >= 20, `${runnable.length} transcripts`);
  const cli = new URL("cli.ts", root).pathname;
  let last = 0;
  for (const { file, command, output } of runnable) {
    if (command === "echo $?") {
      assert.deepEqual(output, [String(last)], `${file}: exit code`);
      continue;
    }
    // A plain command runs in-process (a process each cost ~0.3 s of CPU,
    // for some sixty of them); one the shell must read runs in bash.
    const words = shellWords(command);
    const result = words !== null && words[0] === "fen"
      ? await runFenBytes(words.slice(1), { permissions: ["--allow-read"] })
      : await new Deno.Command("bash", {
        args: [
          "-c",
          `fen() { "${Deno.execPath()}" run --quiet --allow-read "${cli}" "$@"; }; ${command}`,
        ],
        env: { NO_COLOR: "1" },
        stdin: "null",
      }).output();
    last = result.code;
    const lines = (out: Uint8Array | string) =>
      (typeof out === "string" ? out : new TextDecoder().decode(out))
        .split("\n").filter((l) => l !== "");
    assert.deepEqual(
      [...lines(result.stdout), ...lines(result.stderr)],
      output,
      `${file}: $ ${command}`,
    );
  }
});
