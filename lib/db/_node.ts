// The Node modules the database uses (SQLite, and zlib for the kept
// annotations), loaded when a database is first opened: a static import
// would load Deno's Node layer at the start of every run of the command
// (tests/cli/command_bundle_test.ts), where most runs open no database.

/** The modules, once loaded. */
export interface NodeModules {
  sqlite: typeof import("node:sqlite");
  zlib: typeof import("node:zlib");
}

/** A holder of the modules, filled by {@linkcode loadNode}. */
const held: { modules: NodeModules | null } = { modules: null };

/** Loads the modules (once). */
export async function loadNode(): Promise<NodeModules> {
  held.modules ??= {
    sqlite: await import("node:sqlite"),
    zlib: await import("node:zlib"),
  };
  return held.modules;
}

/**
 * The modules, loaded by now: a database is open (`GameDatabase.open`
 * loads them) wherever rows are read or written.
 */
export function nodeModules(): NodeModules {
  if (held.modules === null) {
    throw new Error("the database's modules are used before one was opened");
  }
  return held.modules;
}
