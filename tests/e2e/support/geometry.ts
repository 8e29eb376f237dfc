// Where an element sits on the page, for tests about layout: its box in CSS pixels and whether two boxes overlap.
import type { Locator } from '@playwright/test';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
}

/** The element's box as the page lays it out (getBoundingClientRect, so an element scrolled out still has one). */
export const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });

export const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
