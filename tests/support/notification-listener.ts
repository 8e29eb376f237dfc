// A STOMP listener typed by the generated notification union: `nextOf('DND_ENABLED')` resolves with a
// DndEnabledNotification, so a test reads the payload's fields as the schema declares them.
import type { NotificationOf, NotificationPayloads } from '../../generated/realtime/index.ts';
import type { AnyNotification } from '../../generated/types/index.ts';
import type { StompListener } from './stomp-listener.ts';

export type NotifyTypeName = keyof NotificationPayloads;

export interface NotificationListener extends StompListener<AnyNotification> {
  /** The first notification of `type` (already received or still to come) that `predicate` accepts. */
  nextOf<T extends NotifyTypeName>(type: T, predicate?: (notification: NotificationOf<T>) => boolean, timeoutMs?: number): Promise<NotificationOf<T>>;
  /** Every notification of `type` received so far. */
  allOf<T extends NotifyTypeName>(type: T): NotificationOf<T>[];
}

const isOf = <T extends NotifyTypeName>(type: T, notification: AnyNotification): notification is NotificationOf<T> =>
  notification.notifyType === type;

export function typedNotifications(listener: StompListener<AnyNotification>): NotificationListener {
  return Object.assign(listener, {
    nextOf<T extends NotifyTypeName>(type: T, predicate: (notification: NotificationOf<T>) => boolean = () => true, timeoutMs?: number) {
      return listener.next((n) => isOf(type, n) && predicate(n), timeoutMs) as Promise<NotificationOf<T>>;
    },
    allOf<T extends NotifyTypeName>(type: T) {
      return listener.messages.filter((n): n is NotificationOf<T> => isOf(type, n));
    },
  });
}
