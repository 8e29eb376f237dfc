// Which message row a key moves the focus to in the message list (one Tab stop; arrows move between messages).

export type RowKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export function isRowKey(key: string): key is RowKey {
  return key === 'ArrowUp' || key === 'ArrowDown' || key === 'Home' || key === 'End';
}

/**
 * The index among `count` rows to focus: `current` is the focused row's index, or -1 when the list itself has the
 * focus (then Up starts from the newest row, the one a reader looks at, and Down from the oldest). Null: stay.
 */
export function rowToFocus(count: number, current: number, key: RowKey): number | null {
  if (count === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (current < 0) return key === 'ArrowUp' ? count - 1 : 0;
  const next = key === 'ArrowUp' ? current - 1 : current + 1;
  return next >= 0 && next < count ? next : null;
}
