/** "Did you mean ...?" for a misspelt name: a flag, a property, a wording key, a variant id, an enum value. */

/** Edit distance with adjacent transpositions counted as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

const words = (name: string): string => name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).sort().join(' ');

/**
 * The candidate the name most likely meant, or undefined when none is close: the same name in another case,
 * the same words in another order, a unique candidate it is a prefix of, or one within a few edits (about one
 * per six characters, at least one).
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...new Set(candidates)].filter((c) => c !== name);
  if (name === '' || list.length === 0) return undefined;
  const lower = name.toLowerCase();
  const sameCase = list.find((c) => c.toLowerCase() === lower);
  if (sameCase) return sameCase;
  const sameWords = list.filter((c) => words(c) === words(name) && words(name) !== '');
  if (sameWords.length === 1) return sameWords[0];
  const limit = Math.max(1, Math.floor(name.length / 6));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of list) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  const extensions = list.filter((c) => c.toLowerCase().startsWith(lower));
  return lower.length >= 3 && extensions.length === 1 ? extensions[0] : undefined;
}

/** ` (did you mean X?)`, or nothing; `quote` wraps the suggestion as the message shows values. */
export function didYouMean(name: string, candidates: Iterable<string>, quote = (s: string): string => s): string {
  const suggestion = closest(name, candidates);
  return suggestion === undefined ? '' : ` (did you mean ${quote(suggestion)}?)`;
}
