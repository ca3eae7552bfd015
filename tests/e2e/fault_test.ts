// The fault and fuzz suite of the `fen` command: random command lines by
// the thousand, random bytes and control characters on stdin, very long
// lines, failing reads and writes, signals and closed pipes. Whatever
// happens: no exception escapes `main`, no stack trace reaches stderr, the
// exit code is one the help documents (never 70, the internal error), and
// every valid record read before a fault has been written out.
//
// Most runs are in-process through `main(args, io)` with fake streams; a
// hundred are real processes, compared byte for byte with the same
// command line run in-process. The randomness is seeded, so a failure
// prints a command line that fails again.

import assert from "node:assert/strict";
import fc from "fast-check";
import { type CliIo, EXIT, main } from "../../lib/cli/main.ts";
import { EXIT_MEANINGS } from "../../lib/program/exit.ts";
import { FORMAT_NAMES, FORMATS } from "../../lib/cli/format_registry.ts";
import { OPTION_SPECS, type OptionSpec } from "../../lib/cli/option_table.ts";
import { stringifyFen, tryParseFen } from "../../lib/fen/mod.ts";
import { FenReader } from "../../lib/fen/reader.ts";
import { BoardTextReader } from "../../lib/text/board_text.ts";
import { GridSyntaxError } from "../../lib/errors.ts";
import { fen2grid } from "../../lib/fen/grid.ts";
import { renderUnicode } from "../../lib/text/unicode.ts";
import { CLI, spawnFenBytes } from "../cli/_harness.ts";

// Failures are not shrunk (endOnFailure): one run of main can take a
// while, shrinking thousands of them took minutes, and the seed replays
// the failing case as it was found.
const SEED = 4_242;
const ARGV_RUNS = 3_000;
const STDIN_RUNS = 400;
const SPLIT_RUNS = 300;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The codes `--help` documents, less the one that means a bug. */
const DOCUMENTED: ReadonlySet<number> = new Set(
  EXIT_MEANINGS.map(([code]) => code as number).filter((code) =>
    code !== EXIT.internal
  ),
);

const SAMPLE: readonly string[] = (await Deno.readTextFile(
  new URL("../testdata/sample.fen", import.meta.url),
)).split("\n").filter((line) => line !== "").slice(0, 40);

/** Lenient and broken records worth a line of their own in a test. */
const TRICKY: readonly string[] = (JSON.parse(
  await Deno.readTextFile(
    new URL("../testdata/tricky_fens.json", import.meta.url),
  ),
) as { fen: string }[]).map((entry) => entry.fen);

// ---------------------------------------------------------------- fakes --

/** What a run left behind. */
interface Run {
  code: number;
  stdout: Uint8Array;
  stderr: string;
}

/** How an in-process run is set up, faults included. */
interface FakeSetup {
  stdin?: Uint8Array;
  /** Bytes per read of stdin (a pipe gives fewer than asked). */
  chunk?: number;
  /** Files `--input` opens. */
  files?: Record<string, string>;
  granted?: boolean;
  /** Throw this from the read with this 1-based number. */
  readFault?: { read: number; error: Error };
  /** Throw this from stdout's write once this many bytes went through. */
  writeFault?: { after: number; error: Error };
  /** Deliver this signal while the read with this number is pending. */
  signal?: { read: number; name: "SIGINT" | "SIGTERM" };
}

/** A byte sink that collects, at most 1000 bytes a call as a pipe may. */
class FakeSink {
  readonly #bytes: number[] = [];
  readonly #fault: FakeSetup["writeFault"];

  constructor(fault?: FakeSetup["writeFault"]) {
    this.#fault = fault;
  }

  writeSync(data: Uint8Array): number {
    let n = Math.min(data.length, 1000);
    if (this.#fault !== undefined) {
      const room = this.#fault.after - this.#bytes.length;
      if (room <= 0) throw this.#fault.error;
      n = Math.min(n, room);
    }
    for (let i = 0; i < n; i++) this.#bytes.push(data[i]);
    return n;
  }

  isTerminal(): boolean {
    return false;
  }

  get bytes(): Uint8Array {
    return new Uint8Array(this.#bytes);
  }
}

/** Fake streams, file system and signals for one in-process run. */
function fakeIo(
  setup: FakeSetup,
): { io: CliIo; stdout: FakeSink; stderr: FakeSink } {
  const stdout = new FakeSink(setup.writeFault);
  const stderr = new FakeSink();
  const listeners = new Map<string, () => void>();
  const source = (bytes: Uint8Array, faults: boolean) => {
    let offset = 0;
    let reads = 0;
    return {
      read(buffer: Uint8Array): Promise<number | null> {
        reads++;
        if (faults && setup.readFault?.read === reads) {
          return Promise.reject(setup.readFault.error);
        }
        if (faults && setup.signal?.read === reads) {
          // The signal arrives while the program waits for input.
          const name = setup.signal.name;
          return new Promise((resolve) =>
            setTimeout(() => {
              listeners.get(name)?.();
              setTimeout(() => resolve(null), 5);
            }, 1)
          );
        }
        if (offset >= bytes.length) return Promise.resolve(null);
        const n = Math.min(
          buffer.length,
          bytes.length - offset,
          setup.chunk ?? 7000,
        );
        buffer.set(bytes.subarray(offset, offset + n));
        offset += n;
        return Promise.resolve(n);
      },
      isTerminal: () => false,
      close() {},
    };
  };
  const files = new Map(Object.entries(setup.files ?? {}));
  const io: CliIo = {
    stdin: source(setup.stdin ?? new Uint8Array(), true),
    stdout,
    stderr,
    writeFileSync() {},
    renameSync() {},
    mkdirSync() {},
    open(path: string) {
      const text = files.get(path);
      return text === undefined
        ? Promise.reject(
          // Deno's own wording, with the path as given.
          new Deno.errors.NotFound(
            `No such file or directory (os error 2): open '${path}'`,
          ),
        )
        : Promise.resolve(source(encoder.encode(text), false));
    },
    permissions: {
      requestSync: () => ({
        state: setup.granted === false ? "denied" : "granted",
      }),
    },
    addSignalListener(signal, handler) {
      listeners.set(signal, handler);
    },
    removeSignalListener(signal) {
      listeners.delete(signal);
    },
  };
  return { io, stdout, stderr };
}

/** Runs `main` in-process; an exception or a hang fails the test. */
async function runMain(args: string[], setup: FakeSetup = {}): Promise<Run> {
  const { io, stdout, stderr } = fakeIo(setup);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`main did not finish: ${show(args)}`)),
      30_000,
    );
  });
  try {
    const code = await Promise.race([main(args, io), timeout]);
    return { code, stdout: stdout.bytes, stderr: decoder.decode(stderr.bytes) };
  } catch (error) {
    throw new Error(`main threw for ${show(args)}: ${error}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The real program, stdout as bytes (the harness's one spawn). */
const spawnFen = spawnFenBytes;

/** Runs `jobs` with at most `width` at a time. */
async function pool<T>(
  jobs: (() => Promise<T>)[],
  width: number,
): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      results[k] = await jobs[k]();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** A command line as a shell would quote it, for failure messages. */
function show(args: string[]): string {
  return JSON.stringify(["fen", ...args]);
}

// ----------------------------------------------------------- invariants --

/**
 * What holds for every run: a documented exit code, and stderr made of
 * `fen: ` lines and the usage line; `--verbose` adds, after a message, the
 * input indented by two spaces and a caret line. A stack trace is neither.
 */
function assertClean(run: Run, args: string[]): void {
  const context = `${show(args)} exited ${run.code}\n${run.stderr}`;
  assert.ok(DOCUMENTED.has(run.code), `undocumented exit code: ${context}`);
  let after = -1; // lines since the last `fen: ` line, -1 before one
  for (const line of run.stderr.split("\n").slice(0, -1)) {
    if (line.startsWith("fen: ") || line.startsWith("Usage: fen ")) {
      after = 0;
    } else if (after === 0 && line.startsWith("  ")) {
      after = 1; // the input, escaped
    } else if (after === 1 && /^ +\^$/.test(line)) {
      after = 2; // the caret
    } else {
      assert.fail(`stray stderr line ${JSON.stringify(line)}: ${context}`);
    }
  }
  assert.ok(
    run.stderr === "" || run.stderr.endsWith("\n"),
    `stderr ends mid-line: ${context}`,
  );
  // Input is quoted as U+XXXX: nothing from it can steer a terminal.
  assert.doesNotMatch(
    run.stderr,
    // deno-lint-ignore no-control-regex
    /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/,
    `raw control character on stderr: ${context}`,
  );
}

// ------------------------------------------------------------ generators --

/** Text that breaks naive code: controls, bidi, BOM, astral, long. */
function nastyText(): fc.Arbitrary<string> {
  const unit = fc.constantFrom(
    "\x00",
    "\x07",
    "\x1b",
    "\x1b[2J",
    "\r",
    "\n",
    "\t",
    " ",
    "\x7f",
    "\u0085",
    "\u00a0",
    "\u200b",
    "\u2028",
    "\u202e",
    "\ufeff",
    "\ufffd",
    "♚",
    "🟫",
    "é",
    "\\",
    '"',
    "'",
    "{",
    "}",
    "/",
    "-",
    "=",
    "#",
    "%",
    "$",
    "8",
    "k",
    "K",
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "x".repeat(5000), "-".repeat(3)),
    },
  );
}

/** Values worth trying for each kind of option argument. */
const VALUES: Readonly<Record<string, readonly string[]>> = {
  "<color>": [
    "red",
    "teal",
    "#fff",
    "#c9b458",
    "#c9b45880",
    "rgb(1, 2, 3)",
    "hsl(10 20% 30%)",
    "transparent",
    "#ggg",
    "notacolor",
    "",
    "#",
    'red" onload="x',
    "</svg>",
    "url(#a)",
  ],
  "<name>": [...FORMAT_NAMES, "classic", "vector", "svg2", "", "PNG", "fen "],
  "<px>": [
    "1",
    "8",
    "64",
    "400",
    "0",
    "-1",
    "4097",
    "10001",
    "abc",
    "",
    "1e2",
    "08",
  ],
  "<squares>": ["e4", "e4,d5", "a1,h8,a1", "z9", "", ",", "e4,", "E4"],
  "<move>": ["e2e4", "e7e8q", "e4", "Nf3", "zz", "", "e2", "a1a1", "O-O"],
  "<char>": ["*", ".", "□", "·", "🟫", " ", "p", "8", "", "ab", "\n", "/", "-"],
  "<dir>": ["out", "a/b/c", "", ".", "..", "/"],
  "<pattern>": [
    "{line}",
    "{n}",
    "{id}",
    "x{bad}",
    "../{n}",
    "",
    "{line}/{n}",
    "{n}{n}",
  ],
  "<file>": ["games.fen", "boards.txt", "missing.fen", "-", ""],
  "<kind>": ["fen", "grid", "board", "", "FEN", "legal", "invalid"],
  // data and engine work (a depth stays small: perft 6 takes minutes)
  "<mode>": ["always", "legal", "pseudo-legal", "", "Legal"],
  "<level>": ["record", "epd", "position", "board", "", "boards"],
  "<depth>": ["1", "2", "0", "101", "", "x", "-1"],
  "<moves>": [
    "e4 e5 Nf3",
    "e2e4",
    "e4 e4",
    "Ke2 Ke7",
    "",
    "zz",
    "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
  ],
};

/** One option as it may be written: long, `--x=v`, short, attached. */
function optionTokens(spec: OptionSpec): fc.Arbitrary<string[]> {
  const value = spec.value === undefined ? fc.constant("") : fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(VALUES[spec.value] ?? ["x"])) },
    { weight: 1, arbitrary: nastyText() },
  );
  // Mostly well-formed, so runs get past the parser; sometimes not.
  return fc.tuple(value, fc.nat(9)).map(([v, form]): string[] => {
    if (spec.value === undefined) {
      if (form === 9) return [`--${spec.name}=yes`]; // refused
      return spec.short !== undefined && form < 5
        ? [`-${spec.short}`]
        : [`--${spec.name}`];
    }
    if (form < 2) return [`--${spec.name}=${v}`];
    if (spec.short !== undefined && form < 4) return [`-${spec.short}`, v];
    if (spec.short !== undefined && form === 4 && v !== "") {
      return [`-${spec.short}${v}`];
    }
    return [`--${spec.name}`, v];
  });
}

/** A record, a broken one, a board, `-` or noise. */
function operand(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(START, ...SAMPLE.slice(0, 10)) },
    { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 2, arbitrary: fc.constant("-") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(fen2grid(START.split(" ")[0], ".")),
    },
    { weight: 1, arbitrary: fc.constantFrom("--", "-x", "-", "--nope") },
    { weight: 2, arbitrary: nastyText() },
  );
}

/** A command line: options and operands in any order, a few of each. */
function argv(): fc.Arbitrary<string[]> {
  const token = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(...OPTION_SPECS).chain(optionTokens),
    },
    { weight: 3, arbitrary: operand().map((o) => [o]) },
    {
      weight: 1, // clustered short options: -nl red
      arbitrary: fc.subarray(OPTION_SPECS.filter((o) => o.short !== undefined))
        .map((specs) => [`-${specs.map((o) => o.short).join("")}`, "red"]),
    },
  );
  // An operand somewhere, most of the time: without one the usage line
  // is all there is to see.
  return fc.tuple(
    fc.array(token, { maxLength: 4 }),
    fc.option(operand(), { freq: 6 }),
    fc.nat(),
  ).map(([tokens, extra, at]) => {
    if (extra !== null) tokens.splice(at % (tokens.length + 1), 0, [extra]);
    return tokens.flat();
  });
}

/** Lines for stdin: records, broken records, comments, blanks, noise. */
function inputLines(): fc.Arbitrary<string[]> {
  const line = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...SAMPLE) },
    { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 1, arbitrary: fc.constantFrom("", "   ", "# a comment", "\r") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...SAMPLE).map((l) => `[FEN "${l}"]`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...SAMPLE).map((l) => `  ${l}\r`) },
    { weight: 3, arbitrary: nastyText().map((t) => t.replaceAll("\n", "")) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("x".repeat(4097), "8/".repeat(5000)),
    },
  );
  // A record first, so the input never looks like UTF-16.
  return fc.tuple(fc.constantFrom(...SAMPLE), fc.array(line, { maxLength: 30 }))
    .map(([first, rest]) => [first, ...rest]);
}

/** Random bytes with newlines, invalid UTF-8 and controls among them. */
function noiseBytes(): fc.Arbitrary<Uint8Array> {
  return fc.array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(10, 13, 0, 0x1b, 0xc3, 0xff, 0xfe, 0xef, 0xbb, 0xbf),
    ),
    { maxLength: 300 },
  ).map((bytes) => new Uint8Array(bytes));
}

// --------------------------------------------------------------- oracle --

/**
 * What `fen --format fen -` must write for this input, and which lines it
 * must report, by the library's own reader: stdout is exactly the valid
 * records in order, so none is lost before or after a bad one.
 */
function expectFen(
  input: Uint8Array,
  strict = false,
): { stdout: string; reported: number[]; binary: boolean } {
  // Binary data: a NUL in the first 64 KiB ends the input before its line.
  const nul = input.indexOf(0);
  const binary = nul >= 0 && nul < 1 << 16;
  const text = decoder.decode(
    binary ? input.subarray(0, input.lastIndexOf(10, nul) + 1) : input,
  );
  let stdout = "";
  const reported: number[] = [];
  let number = 0;
  const reader = new FenReader(strict ? { strict } : {});
  // 20 bad lines in a row before any record stop the stream (not records).
  let run = 0, valid = false;
  const bad = (): boolean => {
    reported.push(number);
    return ++run >= 20 && !valid;
  };
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    let end = newline < 0 ? text.length : newline;
    // As the command splits lines: a \r goes only with its \n.
    if (newline > start && text[newline - 1] === "\r") end--;
    const line = text.slice(start, end);
    start = newline < 0 ? text.length : newline + 1;
    number++;
    if (line.length > 4096) {
      if (bad()) return { stdout, reported, binary: false };
      continue;
    }
    if (reader.isSkippedLine(line)) continue;
    const result = tryParseFen(line, { strict });
    if (result.ok) {
      stdout += stringifyFen(result.position) + "\n";
      valid = true;
      run = 0;
    } else if (bad()) return { stdout, reported, binary: false };
  }
  return { stdout, reported, binary };
}

/** The bytes of the lines that end (`\n`) within the first `n` bytes. */
function linesWithin(bytes: Uint8Array, n: number): Uint8Array {
  return n <= 0
    ? new Uint8Array()
    : bytes.subarray(0, bytes.lastIndexOf(10, n - 1) + 1);
}

/** The line numbers stderr reports (`fen: line N: ...`). */
function reportedLines(stderr: string): number[] {
  return [...stderr.matchAll(/^fen: line (\d+): /gm)].map((m) => Number(m[1]));
}

/** Bytes of `lines` joined by `\n`, with a final one. */
function bytesOf(lines: string[]): Uint8Array {
  return encoder.encode(lines.map((line) => `${line}\n`).join(""));
}

// ------------------------------------------------------------ in-process --

const FILES = {
  "games.fen": SAMPLE.slice(0, 5).join("\n") + "\n",
  "boards.txt": fen2grid(START.split(" ")[0], ".") + "\n",
};

Deno.test(`random command lines in-process (${ARGV_RUNS}): documented codes, clean stderr`, async () => {
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(argv(), inputLines(), async (args, lines) => {
      const run = await runMain(args, { stdin: bytesOf(lines), files: FILES });
      assertClean(run, args);
      codes.set(run.code, (codes.get(run.code) ?? 0) + 1);
    }),
    { numRuns: ARGV_RUNS, seed: SEED, endOnFailure: true },
  );
  console.log(
    `  ${ARGV_RUNS} command lines; exit codes:`,
    Object.fromEntries(codes),
  );
  // The generator reaches success, usage errors and bad records alike.
  for (const code of [EXIT.ok, EXIT.usage, EXIT.invalidFen]) {
    assert.ok((codes.get(code) ?? 0) > ARGV_RUNS / 50, `code ${code} rare`);
  }
});

Deno.test(`random lines and bytes on stdin (${STDIN_RUNS} x 2): every valid record out, every bad one reported`, async () => {
  let records = 0;
  const input = fc.oneof(
    inputLines().map(bytesOf),
    fc.tuple(
      fc.constantFrom(...SAMPLE),
      noiseBytes(),
      fc.constantFrom(...SAMPLE),
    )
      .map(([a, noise, b]) =>
        new Uint8Array([
          ...encoder.encode(a + "\n"),
          ...noise,
          ...encoder.encode("\n" + b),
        ])
      ),
  );
  await fc.assert(
    fc.asyncProperty(
      input,
      fc.boolean(),
      fc.integer({ min: 1, max: 9000 }),
      async (bytes, strict, chunk) => {
        const args = ["--format", "fen", ...(strict ? ["--strict"] : []), "-"];
        const run = await runMain(args, { stdin: bytes, chunk });
        assertClean(run, args);
        const expected = expectFen(bytes, strict);
        assert.equal(decoder.decode(run.stdout), expected.stdout, show(args));
        assert.deepEqual(reportedLines(run.stderr), expected.reported);
        assert.equal(
          run.code,
          expected.binary
            ? EXIT.ioError
            : expected.reported.length > 0
            ? EXIT.invalidFen
            : EXIT.ok,
        );
        records += expected.stdout.split("\n").length - 1;
      },
    ),
    { numRuns: STDIN_RUNS, seed: SEED, endOnFailure: true },
  );
  // The same inputs through every other format: clean, whatever they hold.
  await fc.assert(
    fc.asyncProperty(
      input,
      fc.constantFrom(...FORMAT_NAMES),
      fc.boolean(),
      async (bytes, format, grid) => {
        const args = [
          "--format",
          format,
          ...(grid ? ["--from", "grid"] : []),
          "-",
        ];
        assertClean(await runMain(args, { stdin: bytes }), args);
      },
    ),
    { numRuns: STDIN_RUNS, seed: SEED, endOnFailure: true },
  );
  console.log(`  ${2 * STDIN_RUNS} inputs, ${records} valid records checked`);
});

/** Boards as the command and others draw them, with noise between. */
function boardLines(): fc.Arbitrary<string[]> {
  const board = fc.tuple(
    fc.constantFrom(...SAMPLE).map((record) => record.split(" ")[0]),
    fc.constantFrom("board", "grid", "unicode", "flipped"),
  ).map(([placement, how]) => {
    const text = how === "board"
      ? fen2grid(placement, ".")
      : how === "grid"
      ? fen2grid(placement, "□")
      : renderUnicode(placement, { flip: how === "flipped" }).trimEnd();
    return [...text.split("\n"), ""];
  });
  const noise = nastyText().map((t) => [t.replaceAll("\n", "")]);
  return fc.array(
    fc.oneof({ weight: 5, arbitrary: board }, { weight: 1, arbitrary: noise }),
    { minLength: 1, maxLength: 8 },
  ).map((blocks) => blocks.flat());
}

Deno.test(`boards on stdin with --from grid (${STDIN_RUNS}): every board read, every bad one reported`, async () => {
  let boards = 0;
  await fc.assert(
    fc.asyncProperty(
      boardLines(),
      fc.integer({ min: 1, max: 9000 }),
      async (lines, chunk) => {
        const args = ["--from", "grid", "--format", "fen", "-"];
        const run = await runMain(args, { stdin: bytesOf(lines), chunk });
        assertClean(run, args);
        // Binary data (a NUL in the first 64 KiB) ends the input before it.
        const bytes = bytesOf(lines), nul = bytes.indexOf(0);
        if (nul >= 0 && nul < 1 << 16) {
          lines = lines.slice(
            0,
            decoder.decode(bytes.subarray(0, nul)).split("\n").length - 1,
          );
        }
        // The library's reader over the same lines says what must come out.
        const reader = new BoardTextReader();
        let stdout = "";
        const reported: number[] = [];
        const read = (step: () => string | null | void) => {
          try {
            const placement = step();
            if (typeof placement === "string") {
              stdout += `${placement} w - - 0 1\n`;
            }
          } catch (error) {
            if (!(error instanceof GridSyntaxError)) throw error;
            reported.push(error.line);
          }
        };
        // A line over 4096 bytes is reported and never reaches the reader.
        lines.forEach((line, k) => {
          if (line.length > 4096) reported.push(k + 1);
          else {read(() =>
              reader.push(line, { start: 0, end: line.length, line: k + 1 })
            );}
        });
        read(() => reader.finish());
        assert.equal(decoder.decode(run.stdout), stdout, show(args));
        assert.deepEqual(reportedLines(run.stderr), reported);
        boards += stdout.split("\n").length - 1;
      },
    ),
    { numRuns: STDIN_RUNS, seed: SEED, endOnFailure: true },
  );
  console.log(`  ${STDIN_RUNS} inputs, ${boards} boards read back`);
});

/** Input whose lines end in \n or \r\n, some of them at the 4096 limit. */
function splittableInput(): fc.Arbitrary<Uint8Array> {
  const head = `${START.split(" ").slice(0, 4).join(" ")} c0 "`;
  const longest = head + "x".repeat(4096 - head.length - 2) + '";';
  const line = fc.oneof(
    { weight: 6, arbitrary: inputLines() },
    { weight: 1, arbitrary: fc.constant([longest, "\ufeff" + SAMPLE[1]]) },
    { weight: 1, arbitrary: boardLines() },
  );
  return fc.tuple(fc.array(line, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([blocks, crlf]) =>
      encoder.encode(
        blocks.flat().map((l) => l + (crlf ? "\r\n" : "\n")).join(""),
      )
    );
}

Deno.test(`how the input is split into reads changes nothing (${SPLIT_RUNS})`, async () => {
  await fc.assert(
    fc.asyncProperty(
      splittableInput(),
      fc.constantFrom<string[]>(
        ["-"],
        ["--format", "fen", "-"],
        ["--format", "fen", "--strict", "-"],
        ["--format", "board", "--from", "grid", "-"],
        ["--check", "--format", "json", "-"],
      ),
      fc.integer({ min: 1, max: 5000 }),
      async (stdin, args, chunk) => {
        const whole = await runMain(args, { stdin, chunk: 1 << 16 });
        const split = await runMain(args, { stdin, chunk });
        assertClean(split, args);
        assert.deepEqual(
          split,
          whole,
          `${show(args)}, reads of ${chunk} bytes`,
        );
      },
    ),
    { numRuns: SPLIT_RUNS, seed: SEED, endOnFailure: true },
  );
});

Deno.test("very long lines: reported and skipped, the records around them converted", async () => {
  for (const length of [4097, 70_000, 3_000_000]) {
    for (const filler of ["x", "é", "\x00", "8/"]) {
      const lines = [
        SAMPLE[0],
        filler.repeat(Math.ceil(length / filler.length)),
        SAMPLE[1],
      ];
      const args = ["--format", "fen", "-"];
      const run = await runMain(args, { stdin: bytesOf(lines) });
      assertClean(run, args);
      if (filler === "\x00") {
        // NULs near the start are binary data: the input ends before them.
        assert.deepEqual([decoder.decode(run.stdout), run.stderr, run.code], [
          `${SAMPLE[0]}\n`,
          `fen: stdin is binary data, not text (a NUL byte at byte ${
            SAMPLE[0].length + 1
          }): read up to the line it is on\n`,
          EXIT.ioError,
        ]);
        continue;
      }
      assert.equal(
        decoder.decode(run.stdout),
        `${SAMPLE[0]}\n${SAMPLE[1]}\n`,
      );
      assert.match(
        run.stderr,
        /^fen: line 2: too long \(\d+ bytes; a record has at most 4096\)\n$/,
      );
      assert.equal(run.code, EXIT.invalidFen);
    }
  }
  // No newline at all: one line, however long.
  const endless = await runMain(["--format", "board", "-"], {
    stdin: new Uint8Array(5_000_000).fill(0x61),
  });
  assert.equal(
    endless.stderr,
    "fen: line 1: too long (5000000 bytes; a record has at most 4096)\n",
  );
  assert.equal(endless.code, EXIT.invalidFen);
});

/** Records for the stream faults: valid and broken lines mixed. */
const MIXED = Array.from(
  { length: 600 },
  (_, k) => k % 7 === 3 ? `broken ${k}` : SAMPLE[k % SAMPLE.length],
);

Deno.test("a read that fails mid-stream: exit 4, a message, every record before it written", async () => {
  const bytes = bytesOf(MIXED);
  let runs = 0;
  for (const chunk of [100, 999, 4096]) {
    for (const read of [1, 2, 5, 17]) {
      if ((read - 1) * chunk > bytes.length) continue;
      const args = ["--format", "fen", "-"];
      const error = new Error("Input/output error (os error 5)");
      const run = await runMain(args, {
        stdin: bytes,
        chunk,
        readFault: { read, error },
      });
      assertClean(run, args);
      assert.equal(run.code, EXIT.ioError);
      assert.match(
        run.stderr,
        /fen: cannot read input: input\/output error\n$/,
      );
      // Every line that ended within the bytes read before the fault.
      const before = linesWithin(bytes, (read - 1) * chunk);
      assert.equal(decoder.decode(run.stdout), expectFen(before).stdout);
      runs++;
    }
  }
  // --input files fail the same way: a directory, a missing file.
  const missing = await runMain(["--format", "fen", "--input", "nowhere.fen"]);
  assertClean(missing, ["--input", "nowhere.fen"]);
  assert.equal(missing.code, EXIT.ioError);
  console.log(`  ${runs} failing reads`);
});

Deno.test("a write that fails mid-stream: exit 4 (disk full) or 141 (closed pipe), a prefix written", async () => {
  const bytes = bytesOf(MIXED);
  const full = (await runMain(["--format", "unicode", "-"], { stdin: bytes }))
    .stdout;
  let runs = 0;
  for (const after of [0, 1, 700, 65_536, 100_000]) {
    for (
      const [error, code] of [
        [new Error("No space left on device (os error 28)"), EXIT.ioError],
        [
          new Deno.errors.BrokenPipe("Broken pipe (os error 32)"),
          EXIT.brokenPipe,
        ],
      ] as const
    ) {
      const args = ["--format", "unicode", "-"];
      const run = await runMain(args, {
        stdin: bytes,
        writeFault: { after, error },
      });
      assertClean(run, args);
      assert.equal(run.code, code, `${error.message} after ${after} bytes`);
      assert.deepEqual(run.stdout, full.subarray(0, run.stdout.length));
      if (code === EXIT.brokenPipe) {
        // Quietly: the reader went away, there is nobody to tell.
        assert.doesNotMatch(run.stderr, /cannot write/);
      } else {
        assert.match(
          run.stderr,
          /fen: cannot write output: no space left on device\n/,
        );
      }
      runs++;
    }
  }
  console.log(`  ${runs} failing writes`);
});

Deno.test("SIGINT and SIGTERM while waiting for input: 130 and 143, everything before written", async () => {
  const bytes = bytesOf(MIXED);
  let runs = 0;
  for (
    const [name, code] of [["SIGINT", EXIT.interrupted], [
      "SIGTERM",
      EXIT.terminated,
    ]] as const
  ) {
    for (const format of ["fen", "board", "json"]) {
      for (const read of [1, 2, 6]) {
        const chunk = 1500;
        const args = ["--format", format, "-"];
        const run = await runMain(args, {
          stdin: bytes,
          chunk,
          signal: { read, name },
        });
        assertClean(run, args);
        assert.equal(run.code, code, `${name} at read ${read}`);
        const before = linesWithin(bytes, (read - 1) * chunk);
        const complete = await runMain(args, { stdin: before });
        assert.deepEqual(
          run.stdout,
          complete.stdout,
          `${format}, ${name} at read ${read}`,
        );
        runs++;
      }
    }
  }
  console.log(`  ${runs} signals`);
});

// Faults the fuzzing above found, each as its smallest case.

Deno.test("regression: an unreadable --input path is escaped in the message", async () => {
  const args = ["--format", "fen", "--input", "a\nb\x1b[31m"];
  assertClean(await runMain(args), args);
});

Deno.test("regression: a record of exactly 4096 characters is read whatever the reads", async () => {
  const head = `${START.split(" ").slice(0, 4).join(" ")} c0 "`;
  const longest = head + "x".repeat(4096 - head.length - 2) + '";';
  const stdin = encoder.encode(`${longest}\r\n${START}\n`);
  for (const chunk of [4096, 4097, 4098, 1 << 14]) {
    const run = await runMain(["--format", "fen", "-"], { stdin, chunk });
    assert.equal(run.stderr, "", `reads of ${chunk} bytes`);
    assert.equal(run.code, EXIT.ok);
  }
});

Deno.test("regression: an over-long CRLF line is measured alike whatever the reads", async () => {
  const stdin = encoder.encode(`${"x".repeat(5000)}\r\n${START}\n`);
  for (const chunk of [5000, 5001, 1 << 14]) {
    const run = await runMain(["--format", "fen", "-"], { stdin, chunk });
    assert.equal(
      run.stderr,
      "fen: line 1: too long (5000 bytes; a record has at most 4096)\n",
      `reads of ${chunk} bytes`,
    );
  }
});

Deno.test("regression: a U+FEFF at the start of a read is kept like any other", async () => {
  const stdin = encoder.encode(`${SAMPLE[0]}\n\ufeff${SAMPLE[1]}\n`);
  const args = ["--format", "fen", "--strict", "-"];
  const whole = await runMain(args, { stdin });
  const split = await runMain(args, { stdin, chunk: SAMPLE[0].length + 1 });
  assert.deepEqual(split, whole);
});

Deno.test("regression: a stopped stream reports nothing more, whatever the reads", async () => {
  const stdin = bytesOf([START, START, "x".repeat(5000), START]);
  const runs = [];
  for (const chunk of [30, 1 << 14]) {
    runs.push(await runMain(["-"], { stdin, chunk }));
  }
  assert.equal(runs[0].code, EXIT.usage);
  assert.deepEqual(runs[0], runs[1]);
});

Deno.test("regression: --size takes what the renderer draws", async () => {
  for (const size of ["4096", "4097", "10000"]) {
    const run = await runMain(["--size", size, START]);
    assertClean(run, ["--size", size]);
    assert.doesNotMatch(run.stderr, /cannot render SVG/, size);
  }
});

// ------------------------------------------------------ real processes --

/** Whether a real process can get these arguments (no NUL, no lone surrogate). */
function passable(args: string[]): boolean {
  return args.every((arg) => !arg.includes("\0") && arg.isWellFormed());
}

Deno.test("real processes match in-process runs for random command lines", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(FILES)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    // Files on disk answer differently from the fake ones (permissions,
    // messages): those command lines are only held to the invariants.
    const samples = fc.sample(fc.tuple(argv(), inputLines()), {
      numRuns: 400,
      seed: SEED + 1,
    })
      .filter(([args]) =>
        passable(args) && !args.some((a) => a.includes("png"))
      )
      .slice(0, 40);
    const runs = await pool(
      samples.map(([args, lines]) => async () => {
        const stdin = bytesOf(lines);
        const inProcess = await runMain(args, { stdin, files: FILES });
        const real = await spawnFen(args, {
          stdin,
          cwd: dir,
          permissions: [`--allow-read=${dir}`, `--allow-write=${dir}`],
        });
        return { args, inProcess, real };
      }),
      3,
    );
    let exact = 0;
    for (const { args, inProcess, real } of runs) {
      assertClean(real, args);
      if (args.some((a) => /^--(out-dir|input|name)(=|$)/.test(a))) continue;
      assert.equal(real.code, inProcess.code, show(args));
      assert.equal(real.stderr, inProcess.stderr, show(args));
      assert.deepEqual(real.stdout, inProcess.stdout, show(args));
      exact++;
    }
    console.log(`  ${runs.length} processes, ${exact} compared byte for byte`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("real processes: random bytes on stdin, every valid record out", async () => {
  const inputs = fc.sample(
    fc.tuple(
      fc.constantFrom(...SAMPLE),
      noiseBytes(),
      inputLines().map(bytesOf),
    ),
    { numRuns: 12, seed: SEED + 2 },
  ).map(([first, noise, rest]) =>
    new Uint8Array([...encoder.encode(first + "\n"), ...noise, 10, ...rest])
  );
  const runs = await pool(
    inputs.map((stdin) => () => spawnFen(["--format", "fen", "-"], { stdin })),
    3,
  );
  runs.forEach((run, k) => {
    const args = ["--format", "fen", "-"];
    assertClean(run, args);
    const expected = expectFen(inputs[k]);
    assert.equal(decoder.decode(run.stdout), expected.stdout);
    assert.deepEqual(reportedLines(run.stderr), expected.reported);
  });
  console.log(`  ${runs.length} processes fed random bytes`);
});

/** Runs a bash line with `$FEN` set to the command. */
async function sh(line: string): Promise<Run> {
  const { code, stdout, stderr } = await new Deno.Command("bash", {
    args: ["-c", line],
    env: { NO_COLOR: "1", FEN: `${Deno.execPath()} run --no-config ${CLI}` },
  }).output();
  return { code, stdout, stderr: decoder.decode(stderr) };
}

Deno.test("real processes: a closed pipe stops every format quietly with 141", async () => {
  // Diagram formats draw one record to stdout: a stream of many is refused.
  const formats = FORMAT_NAMES.filter((f) => !("file" in FORMATS[f]));
  const runs = await pool(
    formats.map((format) => () =>
      sh(
        `yes '${START}' | head -n 200000 | $FEN --format ${format} - | head -c 100 >/dev/null; echo "\${PIPESTATUS[2]}" >&2`,
      )
    ),
    2,
  );
  runs.forEach((run, k) => {
    const lines = run.stderr.trimEnd().split("\n");
    const code = Number(lines.pop());
    assert.equal(code, EXIT.brokenPipe, formats[k]);
    assert.deepEqual(lines, [], `${formats[k]}: ${run.stderr}`);
  });
  console.log(`  ${runs.length} closed pipes`);
});

Deno.test("every format on a full disk, in-process: exit 4 and one line, whether the first write fails or a later one", async () => {
  // One record (a diagram format draws one), a named opening's, so that
  // every format writes something.
  const stdin = bytesOf([
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  ]);
  let runs = 0;
  for (const format of FORMAT_NAMES) {
    const args = ["--format", format, "-"];
    for (const after of [0, 8]) {
      const run = await runMain(args, {
        stdin,
        writeFault: {
          after,
          error: new Error("No space left on device (os error 28)"),
        },
      });
      assertClean(run, args);
      assert.equal(run.code, EXIT.ioError, `${format}, after ${after} bytes`);
      assert.equal(
        run.stderr,
        "fen: cannot write output: no space left on device\n",
        `${format}, after ${after} bytes`,
      );
      runs++;
    }
  }
  console.log(`  ${runs} failing writes`);
});

/**
 * A format of each kind of writer, for the real processes: text a record a
 * line, JSON, PGN, a picture in SVG, in PNG (the rasterizer) and a GIF.
 */
const WRITER_KINDS: readonly string[] = [
  "fen",
  "json",
  "pgn",
  "svg",
  "png",
  "gif",
];

Deno.test("real processes: a full disk and a directory as stdin, for a format of each kind and the one-shot diagram", async () => {
  const jobs = WRITER_KINDS.flatMap((format) => [
    async () => ({
      format,
      what: "full",
      run: await sh(`echo '${START}' | $FEN --format ${format} - > /dev/full`),
    }),
  ]);
  for (const format of ["fen", "png"]) {
    jobs.push(async () => ({
      format,
      what: "directory",
      run: await sh(`$FEN --format ${format} --from grid - < "$(mktemp -d)"`),
    }));
  }
  // The classic one-shot diagram writes without the general path.
  jobs.push(async () => ({
    format: "svg",
    what: "full",
    run: await sh(`$FEN -n '${START}' > /dev/full`),
  }));
  for (const { format, what, run } of await pool(jobs, 3)) {
    assertClean(run, [format, what]);
    assert.equal(run.code, EXIT.ioError, `${format}, ${what}: ${run.stderr}`);
    assert.match(
      run.stderr,
      what === "full"
        ? /^fen: cannot write output: /
        : /^fen: cannot read input: /,
    );
  }
  console.log(`  ${jobs.length} processes`);
});

Deno.test("real processes: SIGINT mid-stream keeps every record read, bad lines reported", async () => {
  const lines = MIXED.slice(0, 200);
  const expected = expectFen(bytesOf(lines));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-config", CLI, "--format", "fen", "-"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const watchdog = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const writer = child.stdin.getWriter();
    await writer.write(bytesOf(lines));
    const reader = child.stdout.getReader();
    let out = "";
    while (out.length < expected.stdout.length) {
      const { value, done } = await reader.read();
      if (done) break;
      out += decoder.decode(value);
    }
    child.kill(signal);
    const status = await child.status;
    clearTimeout(watchdog);
    reader.releaseLock();
    await child.stdout.cancel();
    await writer.close().catch(() => {});
    const stderr = decoder.decode(await new Response(child.stderr).bytes());
    const run = { code: status.code, stdout: new Uint8Array(), stderr };
    assertClean(run, [signal]);
    assert.equal(
      status.code,
      signal === "SIGINT" ? EXIT.interrupted : EXIT.terminated,
    );
    assert.equal(out, expected.stdout);
    assert.deepEqual(reportedLines(stderr), expected.reported);
  }
});
