/**
 * `fen serve`: board images (SVG, PNG, GIF), animated games and legality
 * checks over HTTP, in the dialects of web-boardimage and lichess's GIF
 * service, with a playground page at `/`. Loaded only by `fen serve`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { osReason } from "../program/messages.ts";
import { type ServedDatabase, Service } from "./_service.ts";

export type { ServedDatabase };

function write(sink: CliIo["stderr"], text: string): void {
  sink.writeSync(new TextEncoder().encode(text));
}

/** Where `fen serve` listens. */
export interface ServeOptions {
  /** The TCP port (0: any free one). */
  readonly port: number;
  /** The address to listen on. */
  readonly hostname: string;
  /** A game database, answering `/lichess` and its games (`--db`). */
  readonly database?: ServedDatabase;
}

/**
 * Serves on `options`' address until SIGINT or SIGTERM, then finishes the
 * requests in flight and returns the exit code. The address is written to
 * stderr once the socket is listening:
 * `fen: serving on http://127.0.0.1:8080/`.
 *
 * @param options The port and address.
 * @param io The standard streams and signals.
 * @returns The exit code.
 */
export async function serve(
  options: ServeOptions,
  io: CliIo,
): Promise<number> {
  const { port, hostname } = options;
  const service = new Service((line) => write(io.stderr, `${line}\n`), {
    database: options.database ?? null,
  });
  service.warm().catch((error) =>
    write(
      io.stderr,
      `fen: serve: cannot load the image renderers: ${osReason(error)}\n`,
    )
  );
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port,
      hostname,
      onListen({ hostname, port }) {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        write(io.stderr, `fen: serving on http://${host}:${port}/\n`);
      },
      onError() {
        return new Response(null, { status: 500 });
      },
    }, (request) => service.handle(request));
  } catch (error) {
    write(
      io.stderr,
      `fen: serve: cannot listen on ${hostname}:${port}: ${osReason(error)}\n`,
    );
    return EXIT.ioError;
  }
  const stop = (): void => {
    server.shutdown();
  };
  io.addSignalListener?.("SIGINT", stop);
  io.addSignalListener?.("SIGTERM", stop);
  await server.finished;
  write(io.stderr, "fen: stopped\n");
  return EXIT.ok;
}
