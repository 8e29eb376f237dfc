// Publishes the seed's notifications (section 4) to the destinations schema/realtime.json assigns them, typed by
// the generated contract: each method takes only the notifications its destination carries.
import {
  accountTopic,
  authenticatorTopic,
  broadcastTopic,
  parseDestination,
  replyQueue,
  roomTopic,
  type NotificationOf,
  type NotificationOn,
  type NotifyType,
  type TopicMessage,
} from '../../generated/realtime/index.ts';
import { destinationValidators, notificationValidators, type FrameValidator } from '../../generated/realtime/validators.js';
import { ROOM_ID_HEADER, type Bus } from '../realtime/broker.ts';
import { publishRevocation, type Revocation } from '../realtime/revocation.ts';

/** A notification for a reply queue (and, through toRoom, the room topic). */
export type Notification = NotificationOn<'replyQueue'>;

/**
 * A notification of a type chosen at run time (a helper shared by several types). TypeScript cannot relate a
 * generic type parameter to its member of the union, so the contract's validator of that type proves it: a body
 * that does not match is a fault of the caller and never leaves.
 */
export function notificationOf<T extends NotifyType>(notifyType: T, fields: { senderId: string; dataId: string; roomId?: string; data?: object }): NotificationOf<T> {
  const notification: unknown = { notifyType, ...fields };
  const matches: FrameValidator<NotificationOf<T>> = notificationValidators[notifyType];
  if (!matches(notification)) throw new Error(`${notifyType} does not match the contract: ${JSON.stringify(matches.errors)}`);
  return notification;
}

export interface Notifier {
  /** To each account's reply queue. */
  toAccounts(accountIds: readonly (number | string)[], notification: Notification): Promise<void>;
  /** To each account's session-wide topic (forced logout, remote wipe, password, DND, tokens). */
  toAccountTopics(accountIds: readonly (number | string)[], notification: NotificationOn<'accountTopic'>): Promise<void>;
  /** To the members' reply queues and the room topic, so an open room view hears it too. */
  toRoom(roomId: number | string, memberIds: readonly (number | string)[], notification: Notification): Promise<void>;
  toBroadcastRoom(roomId: number | string, notification: NotificationOn<'broadcastTopic'>): Promise<void>;
  toAuthenticator(loginName: string, notification: NotificationOn<'authenticatorTopic'>): Promise<void>;
  /** A topic message (TYPING, ONLINE, OFFLINE, REFRESH, VOTE_MESSAGE, UNVOTE_MESSAGE) on a room topic. */
  topicMessage(roomId: number | string, body: TopicMessage): Promise<void>;
  /**
   * Ends what an account or session may no longer hold on every connection of every process (server/realtime/
   * revocation.ts). Publish it after the notifications that tell the account why, before answering the call.
   */
  revoke(revocation: Revocation): Promise<void>;
}

/**
 * Under test (NODE_ENV=test) a body its destination does not carry is refused with the validator's reasons: clients
 * drop such frames, so drift between the server and schema/realtime.json fails a test instead of going unnoticed.
 */
function checkContract(destinations: readonly string[], body: object): void {
  if (process.env.NODE_ENV !== 'test') return;
  const checked = new Set<string>(); // one check per kind of destination: every reply queue carries the same
  for (const destination of destinations) {
    const parsed = parseDestination(destination);
    if (!parsed || checked.has(parsed.name)) continue;
    checked.add(parsed.name);
    const validate = destinationValidators[parsed.name];
    if (!validate(body)) {
      throw new Error(`${destination} does not carry ${JSON.stringify(body).slice(0, 300)}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
  }
}

export function createNotifier(bus: Bus, mqSysName: string): Notifier {
  /**
   * `room`: the frame is part of a fan-out to the room's members as read at one moment (toRoom, the silent copy of
   * a NEW_MESSAGE, topics), so it carries the room's id and a connection whose account was removed since drops it.
   * What is addressed to an account itself (an export it asked for) is not tagged.
   */
  const publish = (destination: string, body: object, room?: string | number) => publishToAll([destination], body, room);
  /** One bus message for all the destinations: a cross-process bus carries a room's fan-out once (issue 11). */
  const publishToAll = (destinations: readonly string[], body: object, room?: string | number) => {
    checkContract(destinations, body);
    return bus.publishToAll(destinations, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(room !== undefined ? { [ROOM_ID_HEADER]: String(room) } : {}),
    });
  };
  const unique = (ids: readonly (number | string)[]) => [...new Set(ids.map(String))];
  return {
    async toAccounts(accountIds, notification) {
      const room = 'silent' in notification && notification.silent ? notification.roomId : undefined;
      await publishToAll(unique(accountIds).map((id) => replyQueue(mqSysName, id)), notification, room);
    },
    async toAccountTopics(accountIds, notification) {
      await publishToAll(unique(accountIds).map((id) => accountTopic(id)), notification);
    },
    async toRoom(roomId, memberIds, notification) {
      await publishToAll([...unique(memberIds).map((id) => replyQueue(mqSysName, id)), roomTopic(roomId)], notification, roomId);
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
