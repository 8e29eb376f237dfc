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
  /**
   * `room`: the frame is part of a fan-out to the room's members as read at one moment (toRoom, the silent copy of
   * a NEW_MESSAGE, topics), so it carries the room's id and a connection whose account was removed since drops it.
   * What is addressed to an account itself (an export it asked for) is not tagged.
   */
  const publish = (destination: string, body: object, room?: string | number) =>
    bus.publish(destination, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(room !== undefined ? { [ROOM_ID_HEADER]: String(room) } : {}),
    });
  const unique = (ids: readonly (number | string)[]) => [...new Set(ids.map(String))];
  return {
    async toAccounts(accountIds, notification) {
      const room = notification.silent ? notification.roomId : undefined;
      await Promise.all(unique(accountIds).map((id) => publish(replyQueue(mqSysName, id), notification, room)));
    },
    async toAccountTopics(accountIds, notification) {
      await Promise.all(unique(accountIds).map((id) => publish(accountTopic(id), notification)));
    },
    async toRoom(roomId, memberIds, notification) {
      await Promise.all([
        ...unique(memberIds).map((id) => publish(replyQueue(mqSysName, id), notification, roomId)),
        publish(roomTopic(roomId), notification, roomId),
      ]);
    },
    async toBroadcastRoom(roomId, notification) {
      await publish(broadcastTopic(roomId), notification, roomId);
    },
    async toAuthenticator(loginName, notification) {
      await publish(authenticatorTopic(loginName), notification);
    },
    async topicMessage(roomId, body) {
      await publish(roomTopic(roomId), body, roomId);
    },
    revoke: (revocation) => publishRevocation(bus, revocation),
  };
}
