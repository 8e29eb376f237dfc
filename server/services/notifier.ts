// Publishes the seed's notifications (section 4) to the destinations schema/realtime.json assigns them.
import { accountTopic, authenticatorTopic, broadcastTopic, replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import type { NotifyType } from '../../generated/realtime/index.ts';
import { ROOM_ID_HEADER, type Bus } from '../realtime/broker.ts';
import { publishRevocation, type Revocation } from '../realtime/revocation.ts';

export interface Notification {
  notifyType: NotifyType;
  senderId: string;
  dataId: string;
  roomId?: string;
  data?: object;
  /** NEW_MESSAGE to a recipient in Do Not Disturb: deliver quietly. */
  silent?: boolean;
}

export interface Notifier {
  /** To each account's reply queue. */
  toAccounts(accountIds: readonly (number | string)[], notification: Notification): Promise<void>;
  /** To each account's session-wide topic (forced logout, remote wipe, password, DND, tokens). */
  toAccountTopics(accountIds: readonly (number | string)[], notification: Notification): Promise<void>;
  /** To the members' reply queues and the room topic, so an open room view hears it too. */
  toRoom(roomId: number | string, memberIds: readonly (number | string)[], notification: Notification): Promise<void>;
  toBroadcastRoom(roomId: number | string, notification: Notification): Promise<void>;
  toAuthenticator(loginName: string, notification: Notification): Promise<void>;
  /** A topic message (TYPING, ONLINE, OFFLINE, REFRESH, VOTE_MESSAGE, UNVOTE_MESSAGE) on a room topic. */
  topicMessage(roomId: number | string, body: { roomId: string; accountName: string; type: string }): Promise<void>;
  /**
   * Ends what an account or session may no longer hold on every connection of every process (server/realtime/
   * revocation.ts). Publish it after the notifications that tell the account why, before answering the call.
   */
  revoke(revocation: Revocation): Promise<void>;
}

export function createNotifier(bus: Bus, mqSysName: string): Notifier {
  // Frames about a room carry its id, so a connection whose account was removed from it drops late ones.
  const publish = (destination: string, body: { roomId?: string | number }) =>
    bus.publish(destination, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(body.roomId !== undefined ? { [ROOM_ID_HEADER]: String(body.roomId) } : {}),
    });
  const unique = (ids: readonly (number | string)[]) => [...new Set(ids.map(String))];
  return {
    async toAccounts(accountIds, notification) {
      await Promise.all(unique(accountIds).map((id) => publish(replyQueue(mqSysName, id), notification)));
    },
    async toAccountTopics(accountIds, notification) {
      await Promise.all(unique(accountIds).map((id) => publish(accountTopic(id), notification)));
    },
    async toRoom(roomId, memberIds, notification) {
      await Promise.all([
        ...unique(memberIds).map((id) => publish(replyQueue(mqSysName, id), notification)),
        publish(roomTopic(roomId), notification),
      ]);
    },
    async toBroadcastRoom(roomId, notification) {
      await publish(broadcastTopic(roomId), notification);
    },
    async toAuthenticator(loginName, notification) {
      await publish(authenticatorTopic(loginName), notification);
    },
    async topicMessage(roomId, body) {
      await publish(roomTopic(roomId), body);
    },
    revoke: (revocation) => publishRevocation(bus, revocation),
  };
}
