// A game's identity for "stored once": its site when that is a URL (a
// lichess game's page), else a hash of its tags and moves, as a signed
// 64-bit integer (two FNV-1a hashes of 32 bits with different seeds).

const PRIME = 16777619;

function fnv(
  seed: number,
  { text, bytes }: { text: string; bytes: Uint8Array },
): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), PRIME);
  }
  for (let i = 0; i < bytes.length; i++) {
    h = Math.imul(h ^ bytes[i], PRIME);
  }
  return h >>> 0;
}

/**
 * The identity of a game with these tags and stored moves, or null for a
 * game whose site is a URL (the URL is its identity: the `games_site`
 * index keeps it unique).
 */
export function gameUid(
  tags: ReadonlyMap<string, string>,
  moves: Uint8Array,
): bigint | null {
  if (isUrl(tags.get("Site") ?? "")) return null;
  const text = JSON.stringify([...tags]), bytes = moves;
  const hi = fnv(0x811c9dc5, { text, bytes });
  const lo = fnv(0x01000193 ^ 0x5bd1e995, { text, bytes });
  return BigInt.asIntN(64, BigInt(hi) << 32n | BigInt(lo));
}

/** Whether a site is a URL (`^https?://\S+$`, without the regular expression's cost a game). */
export function isUrl(site: string): boolean {
  const start = site.startsWith("https://")
    ? 8
    : site.startsWith("http://")
    ? 7
    : -1;
  return start > 0 && site.length > start && !/\s/.test(site.slice(start));
}
