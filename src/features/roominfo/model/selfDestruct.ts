// The self-destruct timer's form: a whole number of one of the seed's units (second … year).
import type { SelfDestructTime, SelfDestructTimeUnit } from '@generated/types/index';

export const SELF_DESTRUCT_UNITS: readonly SelfDestructTimeUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'year'];

/** The timer from the form's text, or null when it is not a whole number of at least 1. */
export function parseTimer(value: string, unit: SelfDestructTimeUnit): SelfDestructTime | null {
  if (!/^\d{1,6}$/.test(value.trim())) return null;
  const amount = Number(value.trim());
  return amount >= 1 ? { value: amount, unit } : null;
}
