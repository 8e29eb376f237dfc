/**
 * The protocol's subscription rule for /v3/ws: the caller's own reply queue and account topic, and the
 * room and broadcast topics of rooms the caller belongs to. Membership comes from the store.
 */
import { parseDestination } from '../../generated/realtime/index.ts';
import type { AuthenticatedSession, Authorise } from './session.ts';

export interface MembershipAuthoriserOptions {
  mqSysName: string;
  isRoomMember(accountId: string, roomId: string): boolean | Promise<boolean>;
}

export function membershipAuthoriser(options: MembershipAuthoriserOptions): Authorise {
  return async (session: AuthenticatedSession, destination: string): Promise<boolean> => {
    const parsed = parseDestination(destination);
    const accountId = session.user.accountId;
    switch (parsed?.name) {
      case 'replyQueue':
        return parsed.mqSysName === options.mqSysName && parsed.accountId === accountId;
      case 'accountTopic':
        return parsed.accountId === accountId;
      case 'roomTopic':
      case 'broadcastTopic':
        return (await options.isRoomMember(accountId, parsed.roomId)) === true;
      case 'authenticatorTopic':
        return parsed.loginName === session.user.loginName;
      default:
        return false; // QR token topics belong to the login socket; anything else is unknown
    }
  };
}
