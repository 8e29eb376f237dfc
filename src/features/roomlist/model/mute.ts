// Mute durations of the seed (1 hour, 8 hours, 1 day, 1 week, 2 weeks, or until a chosen time) and the
// two-week ceiling (the variant's muteMaxHours).
import { constants } from '@variant/constants';

const HOUR_MS = 3_600_000;

export const MUTE_HOURS = [1, 8, 24, 168, 336] as const;
export type MuteHours = (typeof MUTE_HOURS)[number];

export const muteMaxMs = (): number => constants.limits.muteMaxHours * HOUR_MS;

/** The latest time a mute may end, as a `datetime-local` value in the viewer's time zone. */
export function latestMuteInput(now: number): string {
  return toLocalInput(now + muteMaxMs());
}

export function toLocalInput(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A chosen end time: in the future and at most two weeks away, else null (the form says why). */
export function muteUntilFromInput(value: string, now: number): number | null {
  const time = new Date(value).getTime();
  if (!value || Number.isNaN(time)) return null;
  return time > now && time - now <= muteMaxMs() ? time : null;
}
