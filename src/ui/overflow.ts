// How many of a toolbar's actions show as buttons in a given width; the rest go into its "More" menu
// (docs/client-ui.md, "Chat header"). The steps are fixed widths rather than a fit of the buttons, so that the
// title keeps most of a medium header and the same actions stay inline while the width changes a little.

/** Below this width (px) the toolbar keeps two actions inline; a narrow panel or window. */
const NARROW = 480;
/** From this width (px) one more action shows inline per STEP px. */
const WIDE = 1000;
const STEP = 100;

export function inlineCount(width: number, total: number): number {
  const count = width < NARROW ? 2 : width < WIDE ? 3 : 3 + Math.floor((width - WIDE) / STEP);
  // A menu of one action saves no room (its button takes the place of the action): show that action instead.
  return count >= total - 1 ? total : count;
}

/** The indices of the `count` actions of lowest rank (most used first; equal ranks keep their order). */
export function inlineIndices(ranks: readonly number[], count: number): ReadonlySet<number> {
  const order = ranks.map((rank, index) => ({ rank, index })).sort((a, b) => a.rank - b.rank || a.index - b.index);
  return new Set(order.slice(0, count).map((entry) => entry.index));
}
