// The package's version, read from deno.json so it is written down once.

import config from "../../deno.json" with { type: "json" };

/** The version `fen --version` prints: the package's, from `deno.json`. */
export const VERSION: string = config.version;
