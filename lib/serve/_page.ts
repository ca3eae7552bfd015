// The playground page and its script, served at `/` and `/playground.js`.
// The script is the bundle `deno task build` makes from playground/app.ts
// into build/playground.js, imported as text so that the server reads no
// file; a clone that has not built it serves the rest and says so. The
// paths are written from one folder below lib/, and scripts/build.ts names
// them from build/ in the service's module.

import PAGE from "../serve/playground/index.html" with { type: "text" };
import NOTICE from "../../NOTICE" with { type: "text" };
import CBURNETT from "../svg/LICENSE-cburnett.txt" with { type: "text" };
import DEJAVU from "../svg/LICENSE-DejaVu.txt" with { type: "text" };

/** A static file of the page: its body, type and headers. */
export interface PageFile {
  /** The text, or how to load it (null: it has not been built). */
  body: string | (() => Promise<string | null>);
  type: string;
  headers: [string, string][];
}

/**
 * The page may run its own script, show the service's images and ask its
 * own server (the explorer panel's `/facts`, `/lichess`, game PGN).
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; " +
  "style-src 'unsafe-inline'; img-src 'self' data: blob: http: https:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page's files by path. */
export const PAGE_FILES: Readonly<Record<string, PageFile>> = {
  "/": {
    body: PAGE,
    type: "text/html; charset=utf-8",
    headers: [["Content-Security-Policy", PAGE_POLICY]],
  },
  "/playground.js": {
    body: playgroundScript,
    type: "text/javascript; charset=utf-8",
    headers: [],
  },
  // The script carries the pieces and outlines: their licenses go with it.
  "/NOTICE": { body: NOTICE, type: "text/plain; charset=utf-8", headers: [] },
  "/LICENSE-cburnett.txt": {
    body: CBURNETT,
    type: "text/plain; charset=utf-8",
    headers: [],
  },
  "/LICENSE-DejaVu.txt": {
    body: DEJAVU,
    type: "text/plain; charset=utf-8",
    headers: [],
  },
};

/** The page's script as build/ has it, or null where it was not built. */
async function playgroundScript(): Promise<string | null> {
  try {
    return (await import("../../build/playground.js", {
      with: { type: "text" },
    })).default;
  } catch (error) {
    const missing = error instanceof TypeError &&
      (error as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    if (missing) return null;
    throw error;
  }
}
