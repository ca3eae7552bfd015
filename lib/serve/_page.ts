// The playground page and its script, served at `/` and `/playground.js`.
// The script is the bundle `deno task playground` builds from
// playground/app.ts, imported as text so that the server reads no file.
// The paths read the same from lib/cli/, where the command's bundle leaves
// these imports as they are (scripts/command.ts).

import PAGE from "../serve/playground/index.html" with { type: "text" };
import SCRIPT from "../serve/playground/playground.js" with { type: "text" };
import NOTICE from "../../NOTICE" with { type: "text" };
import CBURNETT from "../svg/LICENSE-cburnett.txt" with { type: "text" };
import DEJAVU from "../svg/LICENSE-DejaVu.txt" with { type: "text" };

/** A static file of the page: its body, type and headers. */
export interface PageFile {
  body: string;
  type: string;
  headers: [string, string][];
}

/** The page may run its own script and show the service's images. */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; " +
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
    body: SCRIPT,
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
