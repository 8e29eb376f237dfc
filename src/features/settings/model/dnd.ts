// Do Not Disturb's end date (seed: an end date within the date picker's range, 1970-01-01 to 2090-12-31): from a
// preset's minutes or a date the person picks; an end not in the future or past the range is refused before saving.
import { constants } from '@variant/constants';

const latestEnd = Date.parse(`${constants.limits.datePickerMax}T23:59:59.999Z`);

export function endAfterMinutes(minutes: number, now: number): number {
  return now + minutes * 60_000;
}

/** The end as epoch ms, or null when it cannot be saved (unset, not ahead of now, beyond the picker's range). */
export function validEnd(end: number | null, now: number): number | null {
  if (end === null || Number.isNaN(end) || end <= now || end > latestEnd) return null;
  return end;
}

/** The value of a `datetime-local` input for an instant, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

/** The picker's upper bound as a `datetime-local` value. */
export const latestLocalInput = `${constants.limits.datePickerMax}T23:59`;
