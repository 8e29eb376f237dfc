// Shared set-up of the directory and content tests: signed-in people and a STOMP listener on any of
// the caller's own destinations (account topic, reply queue).
import { accountTopic } from '../../../generated/realtime/index.ts';
import type { AnyNotification } from '../../../generated/types/index.ts';
import { typedNotifications, type NotificationListener } from '../../support/notification-listener.ts';
import { listen as listenAs, replyQueueOf, type Person } from '../../support/people.ts';
import type { TestServer } from '../../support/test-server.ts';

export { ok, person, type Person } from '../../support/people.ts';

export type Notice = AnyNotification;
export type Listener = NotificationListener;

/** Subscribes with the person's api key to their account topic or reply queue; typed by the notification union. */
export async function listen(server: TestServer, who: Person, destination: 'account' | 'queue'): Promise<Listener> {
  const path = destination === 'account' ? accountTopic(who.accountId) : replyQueueOf(server, who);
  return typedNotifications(await listenAs<AnyNotification>(server, who, path));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A list the contract wants non-empty (id lists are 1..200 items). */
export function nonEmpty<T>(items: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('the list is empty');
  return [first, ...rest];
}
