// The service's answers: its one error type, the JSON error body, the
// headers every answer carries, and the one way a cacheable answer is made
// (its ETag, a 304 when the client has it, the cache headers), defined once
// for every route.

import { VERSION } from "../program/version.ts";

/** A request the service refuses: the status, and where the fault is. */
export class RequestError extends RangeError {
  /** The HTTP status: 400, 404, 405, 413, 414, or 503 (not built). */
  readonly status: number;
  /** The query parameter or body field at fault, such as `"size"`. */
  readonly parameter: string | null;
  /** Within a FEN, the field at fault (`"placement"`...); else the parameter. */
  readonly field: string | null;
  /** Within a FEN, the 0-based offset of the fault; else `null`. */
  readonly offset: number | null;

  /**
   * @param message What is wrong, in words (a complete sentence fragment).
   * @param where The status and where the fault is.
   */
  constructor(
    message: string,
    where: {
      status?: number;
      parameter?: string | null;
      field?: string | null;
      offset?: number | null;
    } = {},
  ) {
    super(message);
    this.name = "RequestError";
    this.status = where.status ?? 400;
    this.parameter = where.parameter ?? null;
    this.field = where.field ?? where.parameter ?? null;
    this.offset = where.offset ?? null;
  }
}

/** A parameter's value, quoted for a message: JSON, cut short. */
export function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
}

/** Headers of every answer: no sniffing, no framing, no script. */
const COMMON_HEADERS: readonly [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"],
];

/** Headers of the images and checks: anyone may use them, forever. */
export const CACHE_HEADERS: readonly [string, string][] = [
  ["Cache-Control", "public, max-age=31536000, immutable"],
  ["Access-Control-Allow-Origin", "*"],
  ["Access-Control-Expose-Headers", "ETag"],
];

/**
 * The headers of an answer of `type`, plus `extra` (which may replace a
 * common one), as pairs: a Headers object costs twice as much to build,
 * and headers are a good part of what an SVG answer costs.
 */
export function headers(
  type: string | null,
  extra: readonly (readonly [string, string])[] = [],
): [string, string][] {
  const out: [string, string][] = [];
  for (const pair of COMMON_HEADERS) {
    if (!extra.some(([name]) => name === pair[0])) out.push(pair);
  }
  if (type !== null) out.push(["Content-Type", type]);
  for (const pair of extra) out.push([pair[0], pair[1]]);
  return out;
}

/** The JSON answer to a refused request: `{"error": {...}}`. */
export function errorResponse(error: RequestError): Response {
  const body = {
    error: {
      parameter: error.parameter,
      field: error.field,
      offset: error.offset,
      message: error.message,
    },
  };
  const extra: [string, string][] = [
    ["Cache-Control", "no-store"],
    ["Access-Control-Allow-Origin", "*"],
  ];
  if (error.status === 405) extra.push(["Allow", "GET, HEAD, POST, OPTIONS"]);
  return new Response(jsonText(body), {
    status: error.status,
    headers: headers("application/json; charset=utf-8", extra),
  });
}

/**
 * JSON with `<`, `>` and `&` escaped: what a request sent back in a message
 * cannot become markup even where a JSON body is shown as HTML.
 */
export function jsonText(value: unknown): string {
  return safeJson(JSON.stringify(value));
}

/** JSON text as {@linkcode jsonText} sends it: markup escaped, a line. */
export function safeJson(json: string): string {
  return json.replace(
    /[<>&]/g,
    (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
  ) + "\n";
}

/** The answer to a failure of ours: a generic message, nothing reflected. */
export function internalErrorResponse(): Response {
  return new Response(
    '{"error":{"parameter":null,"field":null,"offset":null,"message":"internal error"}}\n',
    {
      status: 500,
      headers: headers("application/json; charset=utf-8", [
        ["Cache-Control", "no-store"],
      ]),
    },
  );
}

/**
 * A strong ETag for `text` (the canonical request): two 32-bit FNV-1a
 * hashes with different offsets, 16 hex digits. It needs to tell apart the
 * answers to one URL across versions and options, not to resist attack.
 */
export function etag(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `"${hex(a)}${hex(b)}"`;
}

function hex(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** Whether `If-None-Match` names `tag` (or is `*`). */
export function matches(request: Request, tag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (header === null) return false;
  if (header.trim() === "*") return true;
  for (const item of header.split(",")) {
    const candidate = item.trim().replace(/^W\//, "");
    if (candidate === tag) return true;
  }
  return false;
}

/**
 * An answer that is the same for the same request, forever (within one
 * version): its canonical request, its type, and how to make its body.
 */
export interface Cacheable {
  /** The request in canonical form (the path and what was asked). */
  key: string;
  /** The body's content type. */
  type: string;
  /** Makes the body; called only when the client does not have it. */
  body(): BodyInit | Promise<BodyInit>;
}

/**
 * Answers a cacheable request: a 304 when `If-None-Match` names its ETag,
 * else the body with the cache headers. A HEAD gets the body too, so that
 * its Content-Length is the GET's (the server sends no body); a stream is
 * read whole for it.
 */
export async function cached(
  request: Request,
  answer: Cacheable,
): Promise<Response> {
  const tag = etag(`${VERSION}\n${answer.key}`);
  const cache: [string, string][] = [...CACHE_HEADERS, ["ETag", tag]];
  if (matches(request, tag)) {
    return new Response(null, { status: 304, headers: headers(null, cache) });
  }
  let body = await answer.body();
  if (request.method === "HEAD" && body instanceof ReadableStream) {
    body = await new Response(body).arrayBuffer();
  }
  return new Response(body, { headers: headers(answer.type, cache) });
}
