#!/usr/bin/env -S deno run --allow-read --allow-write --allow-env --no-config
// A small UCI engine for the fault tests of `fen analyse`, run as the
// engine binary (through tests/_fake_engine.ts, which needs no deno on the
// PATH). FAKE_UCI chooses its behaviour on `go`:
//   ok       answers: a score made from the position, its first legal move
//   die      exits without answering
//   hang     never answers
//   garbage  prints nonsense, then "bestmove zz99"
// A suffix "-once" misbehaves on the first `go` of a test only, "-twice"
// on the first two (a count in a file in FAKE_UCI_STATE), then answers as
// "ok". FAKE_UCI_LOG names a file
// that gets one line per `go`: the position searched. FAKE_UCI_DELAY (ms)
// slows each answer; FAKE_UCI_PIDS names a file that gets each process id.

import { parseFen } from "../lib/fen/mod.ts";
import { legalMoves, playMoves, positionStatus } from "../lib/moves/mod.ts";

const mode = Deno.env.get("FAKE_UCI") ?? "ok";
const log = Deno.env.get("FAKE_UCI_LOG");
const state = Deno.env.get("FAKE_UCI_STATE");
const delay = Number(Deno.env.get("FAKE_UCI_DELAY") ?? "0");
const pids = Deno.env.get("FAKE_UCI_PIDS");
if (pids) Deno.writeTextFileSync(pids, `${Deno.pid}\n`, { append: true });
const encoder = new TextEncoder();
const say = (line: string): void => {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
};

let position = "";
/** The misbehaviour for this `go`, counted modes consulting the marker file. */
function behaviour(): string {
  const counted = /^(.+)-(once|twice)$/.exec(mode);
  if (counted === null) return mode;
  const marker = `${state ?? "/tmp"}/fake_uci_marker`;
  let done = 0;
  try {
    done = Deno.readTextFileSync(marker).length;
  } catch {
    // none yet
  }
  if (done >= (counted[2] === "once" ? 1 : 2)) return "ok";
  Deno.writeTextFileSync(marker, "x", { append: true });
  return counted[1];
}

function answer(): void {
  const match = /^position fen (.+?)(?: moves (.+))?$/.exec(position);
  if (match === null) return say("bestmove (none)");
  const played = playMoves(parseFen(match[1]), match[2]?.split(" ") ?? []);
  const fen = played.position;
  const moves = legalMoves(fen, { notation: "uci" });
  let sum = 0;
  for (const c of position) sum = (sum * 31 + c.charCodeAt(0)) >>> 0;
  const cp = (sum % 401) - 200;
  if (moves.length === 0) {
    say(
      "info depth 0 score " +
        (positionStatus(fen).checkmate ? "mate 0" : "cp 0"),
    );
    return say("bestmove (none)");
  }
  say(
    `info depth 1 seldepth 1 multipv 1 score cp ${cp} nodes 1 nps 1 time 1 pv ${
      moves[0]
    }`,
  );
  say(`bestmove ${moves[0]}`);
}

const decoder = new TextDecoder();
let rest = "";
for await (const chunk of Deno.stdin.readable) {
  const lines = (rest + decoder.decode(chunk)).split("\n");
  rest = lines.pop() ?? "";
  for (const line of lines.map((l) => l.trim())) {
    if (line === "uci") {
      say("id name FakeUCI");
      say("option name Hash type spin default 16 min 1 max 1024");
      say("option name MultiPV type spin default 1 min 1 max 500");
      say("uciok");
    } else if (line === "isready") say("readyok");
    else if (line.startsWith("position ")) position = line;
    else if (line.startsWith("go")) {
      if (log) Deno.writeTextFileSync(log, position + "\n", { append: true });
      const how = behaviour();
      if (how === "die") Deno.exit(3);
      if (how === "hang") continue;
      if (how === "garbage") {
        say("the quick brown fox");
        say("bestmove zz99");
        continue;
      }
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      answer();
    } else if (line === "quit") Deno.exit(0);
  }
}
