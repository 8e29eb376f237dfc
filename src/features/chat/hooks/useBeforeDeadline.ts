// Whether a moment (epoch ms) is still ahead, re-rendering once when it passes: a message's recall window closes
// while the message is on screen, and its 'Delete for everyone' must go then, not at the next unrelated render.
import { useEffect, useState } from 'react';

/** setTimeout's longest delay; a later deadline is looked at again after this long. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** True while `deadline` lies ahead; always true without one (null). */
export function useBeforeDeadline(deadline: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const ahead = deadline === null || now < deadline;
  useEffect(() => {
    if (deadline === null || !ahead) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(deadline - Date.now() + 1, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [deadline, ahead, now]);
  return ahead;
}
