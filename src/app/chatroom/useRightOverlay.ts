// Whether the open right panel slides over the main panel instead of sharing the width (a narrow room: the
// stylesheet decides, by positioning the panel absolutely), followed while the window is resized; and the focus that
// goes with an overlay: into the panel when it opens over the main panel, back where it was when it closes.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const overlaid = (panel: HTMLElement): boolean => getComputedStyle(panel).position === 'absolute';

export function useRightOverlay(panelRef: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [overlay, setOverlay] = useState(false);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) {
      setOverlay(false);
      return undefined;
    }
    const measure = () => setOverlay(overlaid(panel));
    measure();
    // The grid follows the window's width, and the layout switches with it.
    const observer = new ResizeObserver(measure);
    observer.observe(panel.parentElement ?? panel);
    return () => observer.disconnect();
  }, [open, panelRef]);

  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (!overlay || !panel) return undefined;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && !panel.contains(active) ? active : null;
    // The page's heading: a screen reader reads where the user is, and Tab goes on to the page's controls. Without
    // scrolling: the panel is still sliding in from beyond the edge, and the browser would scroll the whole layout
    // sideways to bring the heading into view (the room list moved 6 px left, and stayed there).
    panel.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    return () => {
      const target = returnTo.current;
      returnTo.current = null;
      const now = document.activeElement;
      // Only when the focus went with the panel (closed) or is still in it (widened): never taken from elsewhere.
      const lost = now === null || now === document.body || panel.contains(now);
      if (lost && target?.isConnected) target.focus();
    };
  }, [overlay, panelRef]);

  return overlay;
}
