// Wire helpers of the message calls: the caller and epoch milliseconds (ids: server/http/wire-ids.ts).
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';

/** Secured calls always have a session; this narrows the type. */
export function callerOf(session: AuthenticatedSession | null): AuthenticatedSession {
  if (!session) throw new ApiError('SESSION_EXPIRED');
  return session;
}

export const ms = (date: Date | null | undefined): number | undefined => (date ? date.getTime() : undefined);
