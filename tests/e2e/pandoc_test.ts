// `fen md --pandoc` run by Debian's pandoc (`pandoc --filter`), as a user
// runs it: a real document to HTML with its SVG inside, to LaTeX with PNG
// files, and a bad block failing the run with its message. Skipped, with
// the reason, where pandoc is not installed.

import assert from "node:assert/strict";
import { findTool } from "./_renderers.ts";
import { scanFences, splitLines } from "../../lib/markdown/fences.ts";
import { readInfo } from "../../lib/markdown/info.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const FILTER = `${ROOT}examples/markdown/fen-pandoc.sh`;
const DOCUMENT = `${ROOT}examples/markdown/scholars_mate.md`;
const pandoc = findTool("pandoc", "pandoc");
if (pandoc.path === undefined) {
  console.log(`pandoc_test.ts: tests SKIPPED, ${pandoc.reason}`);
}
const T = "`".repeat(3);

async function runPandoc(
  args: string[],
  options: {
    stdin?: string;
    cwd?: string;
    fenOptions?: string;
    /** The PATH the filter sees (an installed fen's), else the tests'. */
    path?: string;
  } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(pandoc.path!, {
    args,
    cwd: options.cwd ?? ROOT,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    // The example filter runs this Deno (CI's may not be on PATH).
    env: {
      DENO: Deno.execPath(),
      NO_COLOR: "1",
      FEN_MD_OPTIONS: options.fenOptions ?? "",
      ...(options.path === undefined ? {} : { PATH: options.path }),
    },
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return {
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
  };
}

Deno.test({
  name:
    "pandoc --filter fen-pandoc.sh puts each fen block's SVG into the HTML, the rest as Pandoc writes it",
  ignore: pandoc.path === undefined,
  async fn() {
    const filtered = await runPandoc([
      "--filter",
      FILTER,
      DOCUMENT,
      "-t",
      "html",
    ]);
    assert.equal(filtered.code, 0, filtered.stderr);
    assert.equal(filtered.stderr, "");
    const svgs = filtered.stdout.match(
      /<div class="fen-diagram">\n<svg [^]*?<\/svg>\n<\/div>/g,
    ) ?? [];
    assert.equal(svgs.length, 4);
    assert.match(svgs[1], /Arrow h5 to f7\./);
    assert.match(svgs[2], /seen from Black/);
    // Without the filter, the same document has the four blocks as code.
    const plain = await runPandoc([DOCUMENT, "-t", "html"]);
    assert.equal(plain.stdout.match(/<pre class="fen[ "]/g)?.length, 4);
    const rest = (html: string) =>
      html.replace(
        /<div class="fen-diagram">[^]*?<\/div>|<pre class="fen[ "][^]*?<\/pre>/g,
        "BLOCK",
      )
        .replace(/cb[0-9]+/g, "cb"); // Pandoc numbers the code blocks it writes
    assert.equal(rest(filtered.stdout), rest(plain.stdout));
  },
});

Deno.test({
  name:
    "pandoc's JSON through fen md --pandoc directly: the filter's API, as pandoc calls it",
  ignore: pandoc.path === undefined,
  async fn() {
    const json = await runPandoc(["-t", "json"], {
      stdin: `${T}{.fen .flip}\n8/8/8/8/8/8/8/K6k w - - 0 1\n${T}\n`,
    });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-config", `${ROOT}cli.ts`, "md", "--pandoc", "html5"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(json.stdout));
    await writer.close();
    const out = await child.output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const filtered = new TextDecoder().decode(out.stdout);
    const html = await runPandoc(["-f", "json", "-t", "html"], {
      stdin: filtered,
    });
    assert.match(
      html.stdout,
      /^<div class="fen-diagram">\n<svg [^]*seen from Black[^]*<\/svg>\n<\/div>\n?$/,
    );
  },
});

Deno.test({
  name:
    "pandoc --filter to LaTeX writes PNG files beside the document and includes them",
  ignore: pandoc.path === undefined,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "fen_pandoc_" });
    try {
      const latex = await runPandoc([
        "--filter",
        FILTER,
        DOCUMENT,
        "-t",
        "latex",
      ], {
        cwd: dir,
        fenOptions: "--out-dir img",
      });
      assert.equal(latex.code, 0, latex.stderr);
      const files = [
        ...latex.stdout.matchAll(
          /\\includegraphics\{(img\/fen-[0-9a-f]{16}\.png)\}/g,
        ),
      ]
        .map((m) => m[1]);
      assert.equal(files.length, 4);
      for (const file of files) {
        const png = await Deno.readFile(`${dir}/${file}`);
        assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
      }
      // Without --out-dir, LaTeX has no place for inline SVG: the run fails, saying why.
      const refused = await runPandoc([
        "--filter",
        FILTER,
        DOCUMENT,
        "-t",
        "latex",
      ], { cwd: dir });
      assert.notEqual(refused.code, 0);
      assert.match(
        refused.stderr,
        /fen: md: Pandoc's latex documents cannot hold inline SVG/,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "pandoc --filter fails on a bad fen block, and on options Pandoc's Markdown read as inline code, with fen's message",
  ignore: pandoc.path === undefined,
  async fn() {
    const bad = await runPandoc(["--filter", FILTER, "-t", "html"], {
      stdin: `${T}fen\n8/8/8/8/8/8/8/K6x w\n${T}\n`,
    });
    assert.notEqual(bad.code, 0);
    assert.match(
      bad.stderr,
      /^fen: md: fen block 1: cannot parse FEN: "x" is not a piece letter/,
    );
    const words = await runPandoc(["--filter", FILTER, "-t", "html"], {
      stdin: `${T}fen flip\n8/8/8/8/8/8/8/K6k\n${T}\n`,
    });
    assert.notEqual(words.code, 0);
    assert.match(
      words.stderr,
      /read a fen block's options as inline code: write them as attributes/,
    );
  },
});

Deno.test({
  name:
    "fen md's fence scanner finds the fen blocks Pandoc's CommonMark reader finds, with the same contents",
  ignore: pandoc.path === undefined,
  async fn() {
    const path = `${ROOT}tests/testdata/markdown/blocks.md`;
    const json = await runPandoc([
      "-f",
      "commonmark+yaml_metadata_block",
      "-t",
      "json",
      path,
    ]);
    assert.equal(json.code, 0, json.stderr);
    const found: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (typeof value !== "object" || value === null) return;
      const node = value as { t?: string; c?: unknown };
      if (node.t === "CodeBlock") {
        const [[, classes], text] = node.c as [[string, string[]], string];
        if (classes[0] === "fen") found.push(text);
      }
      Object.values(node).forEach(walk);
    };
    walk(JSON.parse(json.stdout).blocks);
    const text = await Deno.readTextFile(path);
    const scanned = scanFences(splitLines(text))
      .filter((f) => readInfo(f.info) !== null)
      .map((f) => f.lines.join("\n"));
    // An unclosed block's content keeps the document's last line ending in Pandoc's reading.
    assert.deepEqual(scanned, found.map((t) => t.replace(/\n$/, "")));
    assert.equal(found.length, 10);
  },
});

/**
 * Installs the command into `root` as the README's `deno task install`
 * does (its very task), with `--root` so that nothing outside is touched.
 */
async function installFen(root: string): Promise<void> {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const [deno, ...args] = (config.tasks.install as string).split(" ");
  assert.equal(deno, "deno");
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [...args, "--root", root],
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.ok(success, new TextDecoder().decode(stderr));
}

Deno.test({
  name:
    "the filter copied beside an installed fen runs it with FEN_MD_OPTIONS: --out-dir takes effect",
  ignore: pandoc.path === undefined,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "fen_pandoc_installed_" });
    try {
      await installFen(dir);
      const filter = `${dir}/bin/fen-pandoc.sh`;
      await Deno.copyFile(FILTER, filter);
      await Deno.chmod(filter, 0o755);
      // The installed fen's directory, Deno's (its shim runs `deno`), the system's.
      const deno = Deno.execPath().replace(/\/[^/]*$/, "");
      const path = `${dir}/bin:${deno}:/usr/bin:/bin`;
      const html = (fenOptions: string) =>
        runPandoc(["--filter", filter, DOCUMENT, "-t", "html"], {
          cwd: dir,
          fenOptions,
          path,
        });
      const files = await html("--out-dir img --format svg");
      assert.equal(files.code, 0, files.stderr);
      assert.equal(files.stderr, "");
      const images = [
        ...files.stdout.matchAll(/<img src="(img\/fen-[0-9a-f]{16}\.svg)"/g),
      ].map((m) => m[1]);
      assert.equal(images.length, 4, files.stdout.slice(0, 500));
      for (const image of images) {
        assert.match(await Deno.readTextFile(`${dir}/${image}`), /^<svg /);
      }
      assert.doesNotMatch(files.stdout, /<div class="fen-diagram">\n<svg/);
      // No options: the SVG inline, as in the repository.
      const inline = await html("");
      assert.equal(inline.code, 0, inline.stderr);
      assert.equal(
        inline.stdout.match(/<div class="fen-diagram">\n<svg /g)?.length,
        4,
      );
      // Without fen on the PATH: said so, and Pandoc stops.
      const missing = await runPandoc(
        ["--filter", filter, DOCUMENT, "-t", "html"],
        { cwd: dir, path: `${deno}:/usr/bin:/bin` },
      );
      assert.notEqual(missing.code, 0);
      assert.match(
        missing.stderr,
        /^fen-pandoc\.sh: fen is not installed \(deno task install\) or not on the PATH\n/,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
