// Takes the focusable elements inside a container out of the Tab order while it is inactive (they stay clickable
// and in the accessibility tree), and gives them back when it is active: a list's per-item controls then cost Tab
// stops in the item in use only. Elements taken out are marked, so one that was never a Tab stop stays out;
// children rendered later follow (a MutationObserver on the subtree).
import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';
const OFF = 'data-tab-stop-off';

export function useTabStops(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const apply = () => {
      for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        if (active && element.hasAttribute(OFF)) {
          element.removeAttribute(OFF);
          element.tabIndex = 0;
        } else if (!active && element.tabIndex >= 0) {
          element.setAttribute(OFF, '');
          element.tabIndex = -1;
        }
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, active]);
}
