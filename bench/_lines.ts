/**
 * Line-by-line stdin and buffered stdout for the reference scripts of
 * bench/process.sh (chessops_fen.ts, chessops_check.ts): 1 MiB reads and
 * one write per chunk of input, so that those scripts are timed on their
 * parsing, not on their I/O.
 *
 * @module
 */

const CHUNK = 1 << 20;

/**
 * Calls `onLine(line, number)` for every non-blank line of stdin and writes
 * what it returns (plus a newline, unless it is empty) to stdout.
 */
export function mapLines(
  onLine: (line: string, number: number) => string,
): void {
  const input = new Uint8Array(CHUNK);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let rest = "";
  let number = 0;
  const flush = (lines: string[]): void => {
    if (lines.length === 0) return;
    const bytes = encoder.encode(lines.join("\n") + "\n");
    let offset = 0;
    while (offset < bytes.length) {
      offset += Deno.stdout.writeSync(bytes.subarray(offset));
    }
  };
  for (;;) {
    const n = Deno.stdin.readSync(input);
    const done = n === null || n === 0;
    const text = rest +
      (done ? decoder.decode() : decoder.decode(input.subarray(0, n), {
        stream: true,
      }));
    const lines = text.split("\n");
    rest = done ? "" : lines.pop()!;
    const out: string[] = [];
    for (let line of lines) {
      number++;
      if (line.endsWith("\r")) line = line.slice(0, -1);
      if (line.trim() === "") continue;
      const result = onLine(line, number);
      if (result !== "") out.push(result);
    }
    flush(out);
    if (done) break;
  }
}
