// `fen merge FILE...`: what the parts of a job split with --shard (on many
// cores or machines) wrote, put together as one process would have written
// it: `--stats=json` summaries added into one, `fen tree` positions added
// into one tree, or `--format json` records put back in input order (parts
// split by record keep every N-th line or game, so their records
// interleave by line or game number).

import { escapeText } from "../_quote.ts";
import { type Frame, frameOf } from "../program/frame.ts";
import { UsageError } from "../program/usage_error.ts";
import {
  HELP_OPTION,
  type ParsedArgs,
  type ProgramSpec,
  wholeOption,
} from "../program/args.ts";
import type { Program } from "./front_end.ts";
import { type CliIo, writeText } from "../program/io.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import {
  addStats,
  parseStats,
  type StatsObject,
} from "../data/unique/stats_json.ts";
import { parseTreeLine, treeLine, TreeSum } from "../tree/sum.ts";

/** `fen merge`'s table. */
export const MERGE_SPEC: ProgramSpec = {
  name: "merge",
  operands: "FILE...",
  about: `Puts together what the parts of a job split with --shard I/N wrote:
  --stats=json summaries (one JSON object each; stderr's "fen: stats: "
  lines too) are added into one summary on stdout; its unique counts are
  the whole input's when the parts were split with --shard-by key (else
  fen merge says they are upper bounds);
  fen tree outputs (of parts of the games, made with the same options and
  the default --min-games) are added into the tree of all the games, as
  fen tree writes it; --min-games <k> then lists the positions at least k
  games reached (all by default);
  --format json records are written in input order: parts split by record
  hold every N-th line (or game), merged back by "line" (or "game").
The FILEs hold one of these kinds: two kinds are refused, naming both
(exit 1), and nothing is written. A FILE of - is stdin.`,
  options: [
    {
      name: "min-games",
      value: "<k>",
      help:
        "trees: list the positions at least k games reached (all by default)",
    },
    HELP_OPTION,
  ],
};

/** `fen merge`'s front end. */
export const MERGE: Program = { spec: MERGE_SPEC, run: merge };

/** Runs `fen merge` with its parsed command line; the exit code. */
async function merge(parsed: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const minGames = wholeOption(parsed, "min-games", {
    fallback: 0,
    min: 0,
    max: 1e9,
  });
  const args = parsed.operands;
  if (args.length === 0) throw new UsageError("a FILE is needed");
  // Read through the frame (lib/program/frame.ts): compressed parts are
  // read, binary ones refused in one line; a signal merges what was read.
  const frame = frameOf(io, "merge");
  const texts: string[] = [];
  for (const path of args) {
    if (frame.signal !== null) break;
    texts.push(await readAll(frame, path));
  }
  const lines = texts.map((text) =>
    text.split("\n").filter((l) => l.trim() !== "")
  );
  const kind = inputsKind(lines, args);
  if (typeof kind !== "string") {
    writeText(io.stderr, `fen: merge: ${kind.message}\n`);
    return kind.code;
  }
  if (kind === "summaries") {
    return mergeStats(lines.flat().filter((l) => KINDS.summaries.test(l)), io);
  }
  if (kind === "tree") return mergeTrees(lines.flat(), { io, minGames });
  return mergeRecords(lines, { io, names: args });
}

/**
 * What `fen merge` puts together, each told by its lines: a part's summary
 * (on stdout, or stderr's `fen: stats: ` line), a position of `fen tree`,
 * a record of `--format json`.
 */
const KINDS = {
  summaries: /^(fen: stats: )?\{"records":/,
  tree: /^\{"fen":/,
  records: /^\{"(?:game|line)":\d/,
} as const;

type Kind = keyof typeof KINDS;

/** Each kind as a message names it. */
const KIND_WORDS: Readonly<Record<Kind, string>> = {
  summaries: "--stats=json summaries",
  tree: "fen tree positions",
  records: "--format json records",
};

/**
 * The one kind the inputs hold, or why they cannot be merged: inputs of two
 * kinds are refused (naming both), never one kind merged and the rest left
 * out. A summary may come with the rest of a part's stderr (its other
 * lines are passed over); the other kinds are all a file holds.
 */
function inputsKind(
  files: readonly string[][],
  names: readonly string[],
): Kind | { message: string; code: ExitCode } {
  let first: { kind: Kind; name: string } | null = null;
  for (const [index, lines] of files.entries()) {
    const name = escapeText(names[index], 0, names[index].length, 80);
    const kinds = (Object.keys(KINDS) as Kind[]).filter((kind) =>
      lines.some((line) => KINDS[kind].test(line))
    );
    if (kinds.length > 1) {
      return {
        message: `${name} holds ${KIND_WORDS[kinds[0]]} and ${
          KIND_WORDS[kinds[1]]
        }: merge each kind apart`,
        code: EXIT.usage,
      };
    }
    const kind = kinds[0] ?? null;
    if (
      lines.length > 0 &&
      (kind === null || kind !== "summaries" &&
          !lines.every((line) => KINDS[kind].test(line)))
    ) {
      return {
        message:
          `${name} holds neither --stats=json summaries, fen tree positions nor --format json records`,
        code: EXIT.invalidFen,
      };
    }
    if (kind === null) continue; // an empty part: nothing to add
    if (first !== null && first.kind !== kind) {
      return {
        message: `${first.name} holds ${KIND_WORDS[first.kind]} and ${name} ${
          KIND_WORDS[kind]
        }: merge files of one kind`,
        code: EXIT.usage,
      };
    }
    first ??= { kind, name };
  }
  return first?.kind ?? "records";
}

function mergeStats(lines: string[], io: CliIo): ExitCode {
  let parts: StatsObject[];
  try {
    parts = lines.map(parseStats);
  } catch (error) {
    writeText(io.stderr, `fen: merge: ${(error as Error).message}\n`);
    return EXIT.invalidFen;
  }
  const { sum, exact } = addStats(parts);
  writeText(io.stdout, `${JSON.stringify(sum)}\n`);
  if (!exact) {
    writeText(
      io.stderr,
      "fen: merge: the parts were not all the parts of one --shard I/N --shard-by key: unique counts are upper bounds\n",
    );
  }
  return EXIT.ok;
}

/** `fen tree` outputs added up into the tree of all their games. */
function mergeTrees(
  lines: string[],
  { io, minGames }: { io: CliIo; minGames: number },
): ExitCode {
  const sum = new TreeSum();
  try {
    for (const line of lines) sum.add(parseTreeLine(line));
  } catch (error) {
    writeText(
      io.stderr,
      `fen: merge: ${escapeText((error as Error).message)}\n`,
    );
    return EXIT.invalidFen;
  }
  let text = "";
  for (const node of sum.nodes(minGames)) {
    text += treeLine(node);
    if (text.length > 1 << 16) {
      writeText(io.stdout, text);
      text = "";
    }
  }
  writeText(io.stdout, text);
  return EXIT.ok;
}

/**
 * Records of parts split by record, back in input order: a k-way merge on
 * each record's game (PGN) or line number, each part already in order.
 */
function mergeRecords(
  parts: string[][],
  { io, names }: { io: CliIo; names: string[] },
): ExitCode {
  const keyed: { key: number; line: string }[][] = [];
  for (let p = 0; p < parts.length; p++) {
    const records: { key: number; line: string }[] = [];
    for (const line of parts[p]) {
      const match = /^\{(?:"game":(\d+)|"line":(\d+))/.exec(line);
      if (match === null) {
        writeText(
          io.stderr,
          `fen: merge: ${
            escapeText(names[p])
          } holds neither --stats=json summaries, fen tree positions nor --format json records\n`,
        );
        return EXIT.invalidFen;
      }
      records.push({ key: Number(match[1] ?? match[2]), line });
    }
    keyed.push(records);
  }
  const at = keyed.map(() => 0);
  let text = "";
  for (;;) {
    let best = -1;
    for (let p = 0; p < keyed.length; p++) {
      if (
        at[p] < keyed[p].length &&
        (best < 0 || keyed[p][at[p]].key < keyed[best][at[best]].key)
      ) best = p;
    }
    if (best < 0) break;
    text += keyed[best][at[best]++].line + "\n";
    if (text.length > 1 << 16) {
      writeText(io.stdout, text);
      text = "";
    }
  }
  writeText(io.stdout, text);
  return EXIT.ok;
}

/** One input's whole text (`-`: stdin). */
async function readAll(frame: Frame, path: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  await frame.read([path], (bytes) => {
    text += decoder.decode(bytes, { stream: true });
  });
  return text + decoder.decode();
}
