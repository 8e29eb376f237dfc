// The keys of an open menu (WAI-ARIA menu pattern): arrows, Home and End move between its items, Escape and Tab close it.
import type { KeyboardEvent } from 'react';

/** Handles a key pressed in `menu`; returns whether it was one of the menu's keys (then the event is consumed). */
export function menuKeyDown(event: KeyboardEvent<HTMLElement>, menu: HTMLElement | null, onClose: () => void): boolean {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const move = (to: number) => items[(to + items.length) % items.length]?.focus();
  if (event.key === 'ArrowDown') move(index + 1);
  else if (event.key === 'ArrowUp') move(index - 1);
  else if (event.key === 'Home') move(0);
  else if (event.key === 'End') move(items.length - 1);
  else if (event.key === 'Escape' || event.key === 'Tab') onClose();
  else return false;
  event.preventDefault();
  event.stopPropagation();
  return true;
}
