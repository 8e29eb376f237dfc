// Room event form checks: a title, and start and end within the seed's date picker range, the end not before
// the start. Returns an i18n key, or the event's times.
import { constants } from '@variant/constants';

export type EventTimes = { startTs: number; endTs: number };

const dayOf = (value: string) => value.slice(0, 10);

export function checkEvent(title: string, start: string, end: string): { error: string } | EventTimes {
  if (!title.trim()) return { error: 'rooms.events.titleMissing' };
  const { datePickerMin, datePickerMax } = constants.limits;
  const startTs = new Date(start).getTime();
  const endTs = new Date(end).getTime();
  if (!start || !end || Number.isNaN(startTs) || Number.isNaN(endTs)) return { error: 'errors.inputNotValid' };
  if ([start, end].some((value) => dayOf(value) < datePickerMin || dayOf(value) > datePickerMax)) return { error: 'rooms.events.outOfRange' };
  if (endTs < startTs) return { error: 'rooms.events.endBeforeStart' };
  return { startTs, endTs };
}
