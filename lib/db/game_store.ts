/**
 * A game's row as the program reads it (its tags as text) and as the
 * `games` table stores it (docs/db.md): the text columns as ids in the
 * `strings` table, a site URL as its prefix's id and the rest, the other
 * tags as a packed blob of their layout's id and their values. A
 * database's strings are kept in memory as they are met (a million at
 * most, then read again from the table).
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { ByteReader, ByteWriter } from "./_varint.ts";
import type { GameRow } from "./game_row.ts";
import { isUrl } from "./uid.ts";

/** The columns that hold an id in `strings` for their text. */
export const STRING_COLUMNS = [
  "event",
  "date",
  "round",
  "white",
  "black",
  "result",
  "eco",
  "opening",
  "time_control",
  "speed",
  "variant",
] as const;

/** A value this long at most is kept in `strings`, a longer one in place. */
const SHORT_VALUE = 24;
/** The strings kept in memory at most. */
const CACHED = 1_000_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A database's strings and its rows both ways. */
export class GameStore {
  readonly #sql: DatabaseSync;
  readonly #ids = new Map<string, number>();
  readonly #texts = new Map<number, string>();
  #find: StatementSync | null = null;
  #add: StatementSync | null = null;
  #read: StatementSync | null = null;
  /**
   * Whether every string of the table is in memory (read whole at the
   * first, when they are not too many): a string not there is new.
   */
  #complete = false;
  #loaded = false;
  /** The last layout of other tags packed (most games share one), its id. */
  #layout: readonly (string | null)[] = [];
  #layoutId = -1;
  readonly #out = new ByteWriter();
  /** The other tags' last values and their ids, by place (as `#last`). */
  readonly #lastTags: (string | null)[] = [];
  readonly #lastTagIds: number[] = [];
  /** The last site prefix and its id. */
  #prefix = "";
  #prefixId = 0;
  /** Each string column's last text and its id, in turn. */
  readonly #last: (string | number | null)[] = STRING_COLUMNS.flatMap(
    () => [null, 0],
  );

  /** @param sql The database's connection. */
  constructor(sql: DatabaseSync) {
    this.#sql = sql;
  }

  /** The id of a text in `strings`, added when missing. */
  intern(text: string): number {
    if (!this.#loaded) this.#load();
    const known = this.#ids.get(text);
    if (known !== undefined) return known;
    let id: number | undefined;
    if (!this.#complete) {
      this.#find ??= this.#sql.prepare(
        "SELECT id FROM strings WHERE text = ?",
      );
      id = (this.#find.get(text) as { id: number } | undefined)?.id;
    }
    if (id === undefined) {
      this.#add ??= this.#sql.prepare("INSERT INTO strings (text) VALUES (?)");
      id = Number(this.#add.run(text).lastInsertRowid);
    }
    this.#remember(id, text);
    return id;
  }

  /** The text of an id in `strings`. */
  text(id: number): string {
    const known = this.#texts.get(id);
    if (known !== undefined) return known;
    this.#read ??= this.#sql.prepare("SELECT text FROM strings WHERE id = ?");
    const row = this.#read.get(id) as { text: string } | undefined;
    if (row === undefined) throw new RangeError(`no string ${id}`);
    this.#remember(id, row.text);
    return row.text;
  }

  /** Reads the table whole, unless it is too big. */
  #load(): void {
    this.#loaded = true;
    const { n } = this.#sql.prepare("SELECT count(*) AS n FROM strings")
      .get() as { n: number };
    if (n >= CACHED) return;
    for (const row of this.#sql.prepare("SELECT id, text FROM strings").all()) {
      this.#remember(Number(row.id), String(row.text));
    }
    this.#complete = true;
  }

  #remember(id: number, text: string): void {
    if (this.#ids.size >= CACHED) {
      this.#ids.clear();
      this.#texts.clear();
      this.#complete = false;
    }
    this.#ids.set(text, id);
    this.#texts.set(id, text);
  }

  /**
   * A game's row as the table stores it.
   *
   * @param row The row as read from PGN (`tags` the other tags as
   * `[name, value, ...]`, a value null for a tag kept in a column).
   * @returns The stored columns (`tags` valid until the next call: bound
   * at once).
   */
  stored(row: GameRow): GameRow {
    const out: GameRow = { ...row };
    const last = this.#last;
    for (let i = 0; i < STRING_COLUMNS.length; i++) {
      const column = STRING_COLUMNS[i], value = row[column];
      if (value === null || value === undefined) {
        out[column] = null;
        continue;
      }
      // most columns repeat the last game's (a comparison, not a hash)
      const text = String(value);
      if (last[2 * i] !== text) {
        last[2 * i] = text;
        last[2 * i + 1] = this.intern(text);
      }
      out[column] = last[2 * i + 1] as number;
    }
    const site = row.site === null || row.site === undefined
      ? null
      : String(row.site);
    const cut = site !== null && isUrl(site) ? site.lastIndexOf("/") + 1 : 0;
    out.site_prefix = cut === 0 ? null : this.#prefixOf(site!, cut);
    out.site = site === null ? null : site.slice(cut);
    out.tags = row.tags === null || row.tags === undefined
      ? null
      : this.#packTags(row.tags as readonly (string | null)[]);
    return out;
  }

  /** The id of a site's prefix (most sites share the last one's). */
  #prefixOf(site: string, cut: number): number {
    if (cut !== this.#prefix.length || !site.startsWith(this.#prefix)) {
      this.#prefix = site.slice(0, cut);
      this.#prefixId = this.intern(this.#prefix);
    }
    return this.#prefixId;
  }

  /**
   * A stored row as the program reads it (the inverse of
   * {@linkcode GameStore.stored}).
   *
   * @param row The stored columns (`site_prefix` among them).
   * @returns The row with its text.
   */
  logical(row: GameRow): GameRow {
    const out: GameRow = { ...row };
    for (const column of STRING_COLUMNS) {
      const id = row[column];
      if (id !== null && id !== undefined) out[column] = this.text(Number(id));
    }
    if (row.site_prefix !== null && row.site_prefix !== undefined) {
      out.site = this.text(Number(row.site_prefix)) + String(row.site ?? "");
    }
    delete out.site_prefix;
    out.tags = row.tags === null || row.tags === undefined
      ? null
      : this.#unpackTags(row.tags as Uint8Array);
    return out;
  }

  /**
   * The other tags: the id of their layout (the names, each followed by 1
   * for a value here or 0 for one in a column, as JSON), then each value
   * here: twice its id in `strings`, or a short one's UTF-8 bytes after
   * twice their length plus one.
   */
  #packTags(rest: readonly (string | null)[]): Uint8Array {
    const out = this.#out;
    out.length = 0;
    out.uint(this.#layoutOf(rest));
    for (let i = 1; i < rest.length; i += 2) {
      const value = rest[i];
      if (value === null) continue;
      if (value.length <= SHORT_VALUE) {
        if (this.#lastTags[i] !== value) {
          this.#lastTags[i] = value;
          this.#lastTagIds[i] = this.intern(value);
        }
        out.uint(2 * this.#lastTagIds[i]);
      } else {
        const bytes = encoder.encode(value);
        out.uint(2 * bytes.length + 1);
        out.raw(bytes);
      }
    }
    return out.view();
  }

  /** The id of the layout of some other tags. */
  #layoutOf(rest: readonly (string | null)[]): number {
    const last = this.#layout;
    let same = last.length === rest.length;
    for (let i = 0; same && i < rest.length; i += 2) {
      same = last[i] === rest[i] &&
        (last[i + 1] === null) === (rest[i + 1] === null);
    }
    if (!same) {
      const layout = rest.map((item, i) =>
        i % 2 === 0 ? item : item === null ? 0 : 1
      );
      this.#layoutId = this.intern(JSON.stringify(layout));
      this.#layout = rest;
    }
    return this.#layoutId;
  }

  #unpackTags(bytes: Uint8Array): (string | null)[] {
    const input = new ByteReader(bytes);
    const layout = JSON.parse(this.text(input.uint())) as (string | number)[];
    const rest: (string | null)[] = [];
    for (let i = 0; i < layout.length; i += 2) {
      rest.push(String(layout[i]));
      if (layout[i + 1] === 0) {
        rest.push(null);
        continue;
      }
      const v = input.uint();
      rest.push(
        v % 2 === 0
          ? this.text(v / 2)
          : decoder.decode(input.take((v - 1) / 2)),
      );
    }
    return rest;
  }
}
