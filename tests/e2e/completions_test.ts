// `fen completions bash|zsh|fish`: the scripts are written from the option
// tables (every option of each table is in each script), and loaded into
// the real shells they complete real command lines: option names, a choice
// list after --format, subcommands and their options, files and folders.

import assert from "node:assert/strict";
import { OPTION_SPECS } from "../../lib/cli/option_table.ts";
import {
  COMMAND_PARTS,
  SUBCOMMANDS,
} from "../../lib/cli/option_subcommands.ts";
import type { Subcommand } from "../../lib/subcommands/mod.ts";
import type { OptionSpec } from "../../lib/program/args.ts";
import { BOOK_SPECS } from "../../lib/subcommands/_book_specs.ts";
import { FORMAT_NAMES } from "../../lib/cli/format_registry.ts";
import { VARIANT_RULES } from "../../lib/types.ts";
import { VERSION } from "../../lib/program/version.ts";
import { SHELLS } from "../../lib/completions/mod.ts";
import { runMain, spawnFen } from "../cli/_harness.ts";

const SHELL_NAMES = Object.keys(SHELLS);

/** Whether a program is on the PATH (the tests of its shell skip without it). */
function has(program: string): boolean {
  try {
    return new Deno.Command(program, { args: ["-c", "true"] }).outputSync()
      .success;
  } catch {
    return false;
  }
}

/** Each shell's script, written once by the command in-process. */
const scripts = new Map<string, string>();
async function script(shell: string): Promise<string> {
  if (!scripts.has(shell)) {
    const { code, stdout, stderr } = await runMain(["completions", shell]);
    assert.equal(stderr, "");
    assert.equal(code, 0);
    scripts.set(shell, stdout);
  }
  return scripts.get(shell)!;
}

/** A folder with the scripts and files to complete, the test's cwd. */
const dir = Deno.makeTempDirSync({ prefix: "fen-completions-" });
Deno.mkdirSync(`${dir}/diagrams`);
Deno.writeTextFileSync(`${dir}/games.pgn`, "");
Deno.writeTextFileSync(`${dir}/games two.pgn`, "");
globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});

async function scriptFile(shell: string): Promise<string> {
  const path = `${dir}/fen.${shell}`;
  await Deno.writeTextFile(path, await script(shell));
  return path;
}

/** What bash offers for the words (the last being completed). */
async function bash(words: string[]): Promise<string[]> {
  const file = await scriptFile("bash");
  const { stdout, stderr, success } = await new Deno.Command("bash", {
    args: [
      "-c",
      'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _fen; printf "%s\\n" "${COMPREPLY[@]}"',
      "bash",
      file,
      ...words,
    ],
    cwd: dir,
  }).output();
  assert.equal(new TextDecoder().decode(stderr), "");
  assert.ok(success);
  return new TextDecoder().decode(stdout).split("\n").filter((l) => l !== "");
}

/**
 * What zsh offers at the end of each of `lines`, typed one after another in
 * one interactive shell (compinit takes about a second; it runs once).
 */
async function zsh(lines: readonly string[]): Promise<string[][]> {
  const file = await scriptFile("zsh");
  const driver = new URL("_zsh_complete.zsh", import.meta.url).pathname;
  const { stdout, success } = await new Deno.Command("zsh", {
    args: ["-f", driver, file, ...lines],
    cwd: dir,
    env: { HOME: dir },
  }).output();
  assert.ok(success);
  const answers = new TextDecoder().decode(stdout).split("<done>\n");
  assert.equal(answers.pop(), "", "every line answered");
  assert.equal(answers.length, lines.length);
  // A match may come twice, once as typed (games\ two.pgn) and once not.
  return answers.map((answer) => {
    const matches = answer.split("\n").map((l) => l.replace(/\\(.)/g, "$1"));
    return [...new Set(matches)].filter((l) => l !== "");
  });
}

/** What fish offers at the end of `line` (its own `complete -C`). */
async function fish(line: string): Promise<string[]> {
  const file = await scriptFile("fish");
  const { stdout, stderr, success } = await new Deno.Command("fish", {
    args: [
      "--no-config",
      "-c",
      `source ${file}; complete -C ${fishWord(line)}`,
    ],
    cwd: dir,
    env: { HOME: dir, XDG_CONFIG_HOME: `${dir}/.config` },
  }).output();
  assert.equal(new TextDecoder().decode(stderr), "");
  assert.ok(success);
  return new TextDecoder().decode(stdout).split("\n").filter((l) => l !== "")
    .map((l) => l.split("\t")[0]);
}

function fishWord(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/**
 * Every option of every program the registry declares (a subcommand's
 * subcommands' too): a new one is covered by being declared.
 */
async function optionsOf(
  subcommands: Readonly<Record<string, Subcommand>>,
): Promise<OptionSpec[]> {
  const found: OptionSpec[] = [];
  for (const sub of Object.values(subcommands)) {
    const program = await sub.load(COMMAND_PARTS);
    if ("subcommands" in program) {
      found.push(...await optionsOf(program.subcommands));
    } else found.push(...program.spec.options);
  }
  return found;
}

/** Every option name of every table. */
async function allOptions(): Promise<string[]> {
  return [
    ...OPTION_SPECS.map((o) => o.name),
    ...(await optionsOf(SUBCOMMANDS)).map((o) => o.name),
  ];
}

Deno.test("every option of every table and every subcommand is in each script", async () => {
  for (const shell of SHELL_NAMES) {
    const text = await script(shell);
    assert.ok(text.includes(`fen ${VERSION}`), `${shell}: the version`);
    const names = await allOptions();
    assert.ok(names.includes("min-games") && names.includes("input"));
    for (const name of names) {
      // bash and zsh write --name; fish writes -l name.
      assert.match(text, new RegExp(`(--|-l )${name}\\b`), `${shell}: ${name}`);
    }
    for (
      const word of [...Object.keys(SUBCOMMANDS), ...Object.keys(BOOK_SPECS)]
    ) {
      assert.ok(text.includes(word), `${shell}: ${word}`);
    }
    for (const format of FORMAT_NAMES) {
      assert.ok(text.includes(format), `${shell}: --format ${format}`);
    }
  }
});

Deno.test("fen completions: the real program writes the same scripts; no shell or an unknown one is a usage error", async () => {
  for (const shell of SHELL_NAMES) {
    const run = await spawnFen(["completions", shell]);
    assert.deepEqual(run, { code: 0, stdout: await script(shell), stderr: "" });
  }
  const none = await spawnFen(["completions"]);
  assert.deepEqual(none, {
    code: 1,
    stdout: "",
    stderr: "fen: completions: a shell is needed: bash, zsh, fish\n" +
      "Usage: fen completions [options] bash|zsh|fish\n" +
      "'fen completions --help' lists the options.\n",
  });
  const unknown = await runMain(["completions", "tcsh"]);
  assert.equal(unknown.code, 1);
  assert.equal(unknown.stdout, "");
  assert.match(unknown.stderr, /^fen: completions: no shell "tcsh"/);
  const help = await runMain(["completions", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /fish\/completions\/fen\.fish/);
});

Deno.test("docs/terminal.md installs each shell's script as fen completions --help says", async () => {
  const doc = await Deno.readTextFile(
    new URL("../../docs/terminal.md", import.meta.url),
  );
  const rows = [...doc.matchAll(/^\| (\w+) +\| `([^`]+)`/gm)];
  assert.deepEqual(rows.map((m) => m[1]), SHELL_NAMES);
  for (const [, name, install] of rows) {
    assert.equal(install, SHELLS[name].install, name);
  }
});

const hasBash = has("bash");
Deno.test({
  name: "bash completes options, --format's choices, subcommands and files",
  ignore: !hasBash,
  async fn() {
    assert.deepEqual(await bash(["fen", "--for"]), ["--format"]);
    assert.deepEqual(await bash(["fen", "--format", ""]), [...FORMAT_NAMES]);
    assert.deepEqual(await bash(["fen", "--format", "s"]), ["svg"]);
    // --format=s, split at "=" by bash or not
    assert.deepEqual(await bash(["fen", "--format", "=", "s"]), ["svg"]);
    assert.deepEqual(await bash(["fen", "--format=s"]), ["--format=svg"]);
    assert.deepEqual(await bash(["fen", "--unique=pos"]), [
      "--unique=position",
    ]);
    assert.deepEqual(await bash(["fen", "--out-dir", "di"]), ["diagrams"]);
    assert.deepEqual((await bash(["fen", "--input", "ga"])).sort(), [
      "games two.pgn",
      "games.pgn",
    ]);
    assert.deepEqual(await bash(["fen", "--light", ""]), []);
    assert.deepEqual(await bash(["fen", "an"]), ["analyse"]);
    assert.deepEqual(await bash(["fen", "book", ""]), [
      "make",
      "probe",
      "merge",
      "dump",
    ]);
    assert.deepEqual(await bash(["fen", "book", "make", "--min-s"]), [
      "--min-score",
    ]);
    assert.deepEqual(await bash(["fen", "book", "probe", "--format", ""]), [
      "text",
      "json",
    ]);
    assert.deepEqual(await bash(["fen", "analyse", "--judgement", ""]), [
      "lichess",
      "cp",
    ]);
    assert.deepEqual(await bash(["fen", "completions", ""]), SHELL_NAMES);
    assert.deepEqual(await bash(["fen", "games.pgn", "--ver"]), [
      "--verbose",
      "--version",
    ]);
    // A subcommand is only a first word: later, a file of that name.
    assert.deepEqual(await bash(["fen", "--flip", "book"]), []);
    assert.deepEqual(await bash(["fen", "merge", "--min"]), ["--min-games"]);
    assert.deepEqual(await bash(["fen", "analyse", "--inp"]), ["--input"]);
    assert.deepEqual(await bash(["fen", "--variant", ""]), [...VARIANT_RULES]);
    assert.deepEqual(await bash(["fen", "--variant", "ato"]), ["atomic"]);
    assert.deepEqual(await bash(["fen", "md", "--variant", "ato"]), [
      "atomic",
    ]);
  },
});

Deno.test({
  name: "zsh completes options, --format's choices, subcommands and files",
  ignore: !has("zsh"),
  async fn() {
    // Every line in one shell, one after another.
    const cases: [string, string[]][] = [
      ["fen --for", ["--format"]],
      ["fen --format ", [...FORMAT_NAMES]],
      ["fen --format=s", ["svg"]],
      ["fen --unique=pos", ["position"]],
      ["fen --out-dir di", ["diagrams"]],
      ["fen --input ga", ["games two.pgn", "games.pgn"]],
      ["fen book ", ["make", "probe", "merge", "dump"]],
      ["fen book make --min-s", ["--min-score"]],
      ["fen analyse --judgement ", ["lichess", "cp"]],
      ["fen completions ", SHELL_NAMES],
      ["fen an", ["analyse"]],
      ["fen md --out", ["--out-dir"]],
      ["fen merge --min", ["--min-games"]],
      ["fen analyse --inp", ["--input"]],
      ["fen --variant ato", ["atomic"]],
    ];
    const got = await zsh(cases.map(([line]) => line));
    for (const [i, [line, expected]] of cases.entries()) {
      assert.deepEqual(got[i].sort(), [...expected].sort(), line);
    }
  },
});

Deno.test({
  name: "fish completes options, --format's choices, subcommands and files",
  ignore: !has("fish"),
  async fn() {
    assert.deepEqual(await fish("fen --for"), ["--format"]);
    assert.deepEqual(
      (await fish("fen --format ")).sort(),
      [...FORMAT_NAMES].sort(),
    );
    assert.deepEqual(await fish("fen --format=s"), ["--format=svg"]);
    assert.deepEqual(await fish("fen --unique=pos"), ["--unique=position"]);
    assert.deepEqual(await fish("fen --out-dir di"), ["diagrams/"]);
    assert.deepEqual((await fish("fen --input ga")).sort(), [
      "games two.pgn",
      "games.pgn",
    ]);
    assert.deepEqual((await fish("fen book ")).sort(), [
      "dump",
      "make",
      "merge",
      "probe",
    ]);
    assert.deepEqual(await fish("fen book make --min-s"), ["--min-score"]);
    assert.deepEqual(await fish("fen analyse --judgement "), ["cp", "lichess"]);
    assert.deepEqual(await fish("fen completions "), ["bash", "fish", "zsh"]);
    assert.deepEqual(await fish("fen an"), ["analyse"]);
    assert.deepEqual(await fish("fen merge --min"), ["--min-games"]);
    assert.deepEqual(await fish("fen analyse --inp"), ["--input"]);
    assert.deepEqual(await fish("fen --variant ato"), ["atomic"]);
  },
});
