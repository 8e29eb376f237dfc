// Wire helpers shared by the directory and content calls: string ids, the caller, epoch milliseconds.
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';

/** A wire id (decimal string) as a store id; anything else is the catalogue's INVALID_INPUT. */
export function parseId(value: string, field: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new ApiError('INVALID_INPUT', `${field} is not an id`);
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw new ApiError('INVALID_INPUT', `${field} is not an id`);
  return id;
}

export const parseIds = (values: readonly string[], field: string): number[] => [...new Set(values.map((v) => parseId(v, field)))];

/** A wire id that names nothing when malformed (lookups answer NOT_FOUND rather than INVALID_INPUT). */
export function idOrNull(value: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** Secured calls always have a session; this narrows the type. */
export function callerOf(session: AuthenticatedSession | null): AuthenticatedSession {
  if (!session) throw new ApiError('SESSION_EXPIRED');
  return session;
}

/** The name other people see: the custom display name when set, else the directory name. */
export const displayNameOf = (account: { customDisplayName: string | null; userFullname: string }): string =>
  account.customDisplayName ?? account.userFullname;
