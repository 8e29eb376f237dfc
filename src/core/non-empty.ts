// The contract's id lists hold at least one id (`minItems: 1`); the generated types spell that `[T, ...T[]]`.

export type NonEmpty<T> = [T, ...T[]];

/** A copy of the list as a non-empty tuple, or null when it is empty: the caller decides what no item means. */
export function nonEmpty<T>(items: readonly T[]): NonEmpty<T> | null {
  return hasItems(items) ? [...items] : null;
}

function hasItems<T>(items: readonly T[]): items is readonly [T, ...T[]] {
  return items.length > 0;
}
