// A state that counts only once it has lasted: a spinner after its delay (fast answers never flash one), the
// lost-connection banner once the socket has stayed down a while.
import { useEffect, useState } from 'react';

/** True once `on` has held for `delayMs` without a break; false again as soon as it stops. */
export function useHeldFor(on: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(on && delayMs <= 0);
  useEffect(() => {
    if (!on) {
      setHeld(false);
      return;
    }
    if (delayMs <= 0) {
      setHeld(true);
      return;
    }
    const timer = setTimeout(() => setHeld(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && held;
}
