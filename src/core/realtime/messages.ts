// Parses what arrives on the socket against the contract (generated/realtime): a frame body is JSON matching what
// its destination carries (schema/realtime.json), either a notification or a room topic message. Anything else is
// dropped, never thrown: listeners only ever see payloads of the generated types.
import type { AnyNotification, TopicMessage } from '@generated/realtime/index';
import type { destinationValidators, FrameValidator } from '@generated/realtime/validators.js';

/** Where a notification arrived: the same NEW_MESSAGE reaches the reply queue and an open room's topic. */
export type NotificationSource = 'replyQueue' | 'account' | 'room';

/** A notification as listeners receive it: the contract's payload and where it came from. */
export type ReceivedNotification = AnyNotification & { source: NotificationSource };

/** generated/realtime/validators.js, loaded with the socket rather than with the login page. */
export type DestinationValidators = typeof destinationValidators;

/** The destinations of the chat socket (/v3/ws) the client subscribes to. */
export type ChatDestination = 'replyQueue' | 'accountTopic' | 'roomTopic' | 'broadcastTopic';

export type ParsedFrameBody =
  | { kind: 'notification'; notification: AnyNotification }
  | { kind: 'topic'; topic: TopicMessage }
  | null;

const isNotification = (value: AnyNotification | TopicMessage): value is AnyNotification => 'notifyType' in value;

/** The body of a frame received on `destination`, or null when it is not what that destination carries. */
export function parseFrameBody(validators: DestinationValidators, destination: ChatDestination, body: string): ParsedFrameBody {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const validate: FrameValidator<AnyNotification | TopicMessage> = validators[destination];
  if (!validate(value)) return null;
  return isNotification(value) ? { kind: 'notification', notification: value } : { kind: 'topic', topic: value };
}
