// "Did you mean ...?": the nearest known name to a mistyped one, for the
// command's options and the service's parameters alike.

/** The known name at most two edits from `name` (the nearest), or null. */
export function nearestName(
  name: string,
  known: Iterable<string>,
): string | null {
  let best: string | null = null;
  let bestDistance = 3; // more edits than 2 is another word
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance, for suggestions (short names: no need for speed). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j] + 1,
        row[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length];
}
