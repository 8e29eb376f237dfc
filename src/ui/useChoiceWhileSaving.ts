import { useCallback, useRef, useState } from 'react';

/**
 * A control bound to server state shows the user's choice at once and keeps it until its save settles. Without it
 * a controlled radio or checkbox snaps back to the saved value until the optimistic cache write lands (it comes a
 * few ticks after the click), so the choice flickers and a second click in that window can be lost.
 * `hold(choice)` returns the release to call when that save settles; a newer choice is never released by an older
 * save.
 */
export function useChoiceWhileSaving<T>(saved: T): [shown: T, hold: (choice: T) => () => void] {
  const [held, setHeld] = useState<{ choice: T; turn: number } | null>(null);
  const turns = useRef(0);
  const hold = useCallback((choice: T) => {
    const turn = ++turns.current;
    setHeld({ choice, turn });
    return () => setHeld((current) => (current?.turn === turn ? null : current));
  }, []);
  return [held ? held.choice : saved, hold];
}
