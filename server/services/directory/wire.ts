// Wire helpers shared by the directory and content calls: string ids, the caller, epoch milliseconds.
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';

/** Secured calls always have a session; this narrows the type. */
export function callerOf(session: AuthenticatedSession | null): AuthenticatedSession {
  if (!session) throw new ApiError('SESSION_EXPIRED');
  return session;
}

/** The name other people see: the custom display name when set, else the directory name. */
export const displayNameOf = (account: { customDisplayName: string | null; userFullname: string }): string =>
  account.customDisplayName ?? account.userFullname;
