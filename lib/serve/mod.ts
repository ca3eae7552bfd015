/**
 * `fen serve`: board images (SVG, PNG, GIF), animated games and legality
 * checks over HTTP, in the dialects of web-boardimage and lichess's GIF
 * service, with a playground page at `/`. Loaded only by `fen serve`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { RepeatedOptionError, UsageError } from "../program/usage_error.ts";
import { osReason } from "../program/messages.ts";
import { Service } from "./_service.ts";

/** `fen serve`'s options: name, whether it takes a value, default, help. */
export const OPTIONS = {
  port: {
    value: true,
    fallback: "8080",
    help: "the TCP port (0: any free one)",
  },
  hostname: {
    value: true,
    fallback: "127.0.0.1",
    help: "the address to listen on (0.0.0.0: every interface)",
  },
  help: { value: false, fallback: "", help: "show this help and exit" },
} as const;

type OptionName = keyof typeof OPTIONS;

/** The usage text, written from the table. */
function usage(): string {
  const lines = Object.entries(OPTIONS).map(([name, spec]) =>
    `  --${name}${spec.value ? ` <${name}>` : ""}`.padEnd(24) + spec.help +
    (spec.value ? ` (default ${spec.fallback})` : "")
  );
  return `Usage: fen serve [--port <port>] [--hostname <hostname>]\n\n` +
    `Serves board images, games and checks over HTTP, and a playground at /.\n` +
    `Stops on SIGINT or SIGTERM once the requests in flight are answered.\n\n` +
    `${lines.join("\n")}\n`;
}

/** Reads `--name value`, `--name=value` and flags. */
function readArgs(args: string[]): Map<OptionName, string> {
  const values = new Map<OptionName, string>();
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(args[i]);
    const name = match?.[1] as OptionName | undefined;
    if (match === null || name === undefined || !Object.hasOwn(OPTIONS, name)) {
      throw new UsageError(`unknown argument ${JSON.stringify(args[i])}`);
    }
    const earlier = values.get(name);
    if (earlier !== undefined) {
      throw new RepeatedOptionError(`--${name}`, [
        OPTIONS[name].value ? earlier : null,
        OPTIONS[name].value ? match[2] ?? args[i + 1] ?? null : null,
      ]);
    }
    if (!OPTIONS[name].value) {
      if (match[2] !== undefined) {
        throw new UsageError(`--${name} takes no value`);
      }
      values.set(name, "");
      continue;
    }
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    values.set(name, value);
  }
  return values;
}

function write(sink: CliIo["stderr"], text: string): void {
  sink.writeSync(new TextEncoder().encode(text));
}

/**
 * Runs `fen serve` with `args` (after the word `serve`) until SIGINT or
 * SIGTERM, then finishes the requests in flight and returns the exit code.
 * The address is written to stderr once the socket is listening:
 * `fen: serving on http://127.0.0.1:8080/`.
 *
 * @param args The arguments after `serve`.
 * @param io The standard streams and signals.
 * @returns The exit code.
 */
export async function serve(args: string[], io: CliIo): Promise<number> {
  let values: Map<OptionName, string>;
  try {
    values = readArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    write(io.stderr, `fen: serve: ${error.message}\n${usage()}`);
    return EXIT.usage;
  }
  if (values.has("help")) {
    write(io.stdout, usage());
    return EXIT.ok;
  }
  const port = values.get("port") ?? OPTIONS.port.fallback;
  const hostname = values.get("hostname") ?? OPTIONS.hostname.fallback;
  if (!/^[0-9]{1,5}$/.test(port) || Number(port) > 65535) {
    write(
      io.stderr,
      `fen: serve: --port ${
        JSON.stringify(port)
      } is not a port from 0 to 65535\n`,
    );
    return EXIT.usage;
  }
  const service = new Service((line) => write(io.stderr, `${line}\n`));
  service.warm().catch((error) =>
    write(
      io.stderr,
      `fen: serve: cannot load the image renderers: ${osReason(error)}\n`,
    )
  );
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port: Number(port),
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
