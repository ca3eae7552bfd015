// The Node modules the database uses (SQLite, and zlib for the kept
// annotations), loaded when a database is first opened: a static import
// would load Deno's Node layer at the start of every run of the command
// (tests/cli/command_bundle_test.ts), where most runs open no database.
// zlib is left out where only the explorer is read (`fen repertoire gaps
// --db`): loading it takes longer than loading SQLite (about 60 ms idle).

/** The modules, once loaded. */
export interface NodeModules {
  sqlite: typeof import("node:sqlite");
  zlib: typeof import("node:zlib");
}

/** A holder of the modules, filled by {@linkcode loadNode}. */
const held: {
  sqlite: NodeModules["sqlite"] | null;
  zlib: NodeModules["zlib"] | null;
} = { sqlite: null, zlib: null };

/** Loads the modules (once each): zlib unless `zlib` is false. */
export async function loadNode(
  { zlib = true }: { zlib?: boolean } = {},
): Promise<Pick<NodeModules, "sqlite">> {
  held.sqlite ??= await import("node:sqlite");
  if (zlib) held.zlib ??= await import("node:zlib");
  return { sqlite: held.sqlite };
}

/**
 * The modules, loaded by now: a database is open (`GameDatabase.open`
 * loads them) wherever rows are read or written.
 */
export function nodeModules(): NodeModules {
  if (held.sqlite === null || held.zlib === null) {
    throw new Error(
      "the database's modules are used before one was opened to read games",
    );
  }
  return { sqlite: held.sqlite, zlib: held.zlib };
}
