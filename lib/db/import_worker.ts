// A worker of `fen db import --jobs`: it reads the parts of a stream it is
// sent (lib/db/game_parser.ts) and sends back their games' rows; once the
// command's thread has stored them and sends back their ids, it counts the
// games into its batch of index rows, and sends the rows, packed, in key
// order, when the batch is full or the stream ends. It opens no database: the command's thread does all the writing
// (lib/db/import_jobs.ts).

/// <reference lib="deno.worker" />

import { loadNode } from "./_node.ts";
import { GameParser, type ParsedGame } from "./game_parser.ts";
import { indexedGame } from "./import.ts";
import { IndexBatch } from "./index_batch.ts";
import {
  PackedGames,
  PackedRows,
  type SentGame,
  type ToWorker,
} from "./import_rows.ts";

/** The parts read and not yet indexed: their games, by part. */
const parts = new Map<number, PackedGames>();
let options: Extract<ToWorker, { init: unknown }>["init"] | null = null;
const rows = new PackedRows();
let batch: IndexBatch | null = null;

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    if ("init" in message) {
      options = message.init;
      // zlib deflates the kept annotations
      if (options.annotations) await loadNode();
      batch = new IndexBatch((key, data) => rows.add(key, data));
      return self.postMessage({ ready: true });
    }
    if ("parse" in message) return parse(message);
    index(message);
  } catch (error) {
    self.postMessage({ failed: String(error) });
  }
};

function parse(message: Extract<ToWorker, { parse: number }>): void {
  const games: SentGame[] = [];
  const packed = new PackedGames();
  const parser = new GameParser(
    { ...options!, offset: message.offset },
    (game: ParsedGame) => {
      games.push({ number: game.number, row: game.row, leftOut: game.leftOut });
      packed.add(
        game.row === null ? null : indexedGame(game.row, { id: 0, ...game }),
      );
    },
  );
  parser.push(message.bytes);
  parser.end();
  parts.set(message.parse, packed);
  self.postMessage({ parsed: message.parse, read: parser.games, games });
}

function index(message: Extract<ToWorker, { index: number }>): void {
  const games = parts.get(message.index)!;
  parts.delete(message.index);
  for (let i = 0; i < message.ids.length; i++) {
    const id = message.ids[i];
    const indexed = id === 0 ? null : games.get(i, id);
    if (indexed !== null) batch!.addGame(indexed);
    if (batch!.full) batch!.flush();
  }
  // the rows of many parts are held (up to a batch) and sent together:
  // each flush merges its rows into those already stored
  if (message.last) batch!.flush();
  const packed = rows.take();
  // copied, not transferred: the first buffer detached in a worker throws
  // away its optimized code (V8's ArrayBufferDetaching protector)
  self.postMessage({ indexed: message.index, rows: packed });
}
