// Wire ids are strings; the store's ids are integers. Parsing here turns a malformed id into the
// catalogue's INVALID_INPUT instead of a database error.
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';

export function parseId(value: string, field: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new ApiError('INVALID_INPUT', `${field} is not an id`);
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw new ApiError('INVALID_INPUT', `${field} is not an id`);
  return id;
}

export const parseIds = (values: readonly string[], field: string): number[] => values.map((v) => parseId(v, field));

export function parseOptionalId(value: string | undefined, field: string): number | null {
  return value === undefined ? null : parseId(value, field);
}

/** Secured calls always have a session; this narrows the type. */
export function callerOf(session: AuthenticatedSession | null): AuthenticatedSession {
  if (!session) throw new ApiError('SESSION_EXPIRED');
  return session;
}

export const ms = (date: Date | null | undefined): number | undefined => (date ? date.getTime() : undefined);
