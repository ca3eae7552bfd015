// `--out-dir`: one diagram file per record, collected from what a format
// writes; the names and the writing of the files are the programs' shared
// part (lib/program/out_files.ts).

import type { Sink } from "../program/io.ts";

export {
  checkPattern,
  fileName,
  granted,
  NamesWritten,
  type NameValues,
  prepareOutDir,
  writeOutFile,
} from "../program/out_files.ts";

/** Collects what a format writes, for a file. */
export class MemorySink implements Sink {
  #chunks: Uint8Array[] = [];
  #length = 0;

  writeSync(data: Uint8Array): number {
    this.#chunks.push(data.slice());
    this.#length += data.length;
    return data.length;
  }

  /** Everything written since the last call, as one array. */
  take(): Uint8Array {
    const bytes = new Uint8Array(this.#length);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.#chunks = [];
    this.#length = 0;
    return bytes;
  }
}
