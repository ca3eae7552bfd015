// `fen merge FILE...`: what the parts of a job split with --shard (on many
// cores or machines) wrote, put together as one process would have written
// it: `--stats=json` summaries added into one, or `--format json` records
// put back in input order (parts split by record keep every N-th line or
// game, so their records interleave by line or game number).

import { escapeText } from "../_quote.ts";
import { type CliIo, writeText } from "../program/io.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import {
  addStats,
  parseStats,
  type StatsObject,
} from "../data/unique/stats_json.ts";

/** `fen merge --help`. */
export const MERGE_HELP = `Usage: fen merge FILE...

Puts together what the parts of a job split with --shard I/N wrote:
  --stats=json summaries (one JSON object each; stderr's "fen: stats: "
  lines too) are added into one summary on stdout; its unique counts are
  the whole input's when the parts were split with --shard-by key (else
  fen merge says they are upper bounds);
  --format json records are written in input order: parts split by record
  hold every N-th line (or game), merged back by "line" (or "game").
A FILE of - is stdin.
`;

/** Runs `fen merge` with `args` (after the word merge); the exit code. */
export async function merge(args: string[], io: CliIo): Promise<ExitCode> {
  if (args.includes("--help") || args.includes("-h")) {
    writeText(io.stdout, MERGE_HELP);
    return EXIT.ok;
  }
  if (args.length === 0 || args.some((a) => a.startsWith("-") && a !== "-")) {
    writeText(
      io.stderr,
      "fen: usage: fen merge FILE... (see fen merge --help)\n",
    );
    return EXIT.usage;
  }
  const texts: string[] = [];
  for (const path of args) {
    try {
      texts.push(
        path === "-" ? await readAll(io) : await Deno.readTextFile(path),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      writeText(
        io.stderr,
        `fen: cannot read ${escapeText(path)}: ${escapeText(message)}\n`,
      );
      return EXIT.ioError;
    }
  }
  const lines = texts.map((text) =>
    text.split("\n").filter((l) => l.trim() !== "")
  );
  const summaries = lines.flat().filter((l) =>
    /^(fen: stats: )?\{"records":/.test(l)
  );
  if (summaries.length > 0) return mergeStats(summaries, io);
  return mergeRecords(lines, { io, names: args });
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
          } holds neither --stats=json summaries nor --format json records\n`,
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

async function readAll(io: CliIo): Promise<string> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(1 << 16);
  let text = "";
  for (;;) {
    const n = await io.stdin.read(buffer);
    if (n === null || n === 0) break;
    text += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
  return text + decoder.decode();
}
