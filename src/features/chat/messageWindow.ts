// The kept window of a room's messages: merged by id, oldest first, at most `max` kept.
import type { ListMessage } from './rows.ts';

export interface MessageWindow<M extends ListMessage = ListMessage> {
  messages: M[];
  /** Older messages exist on the server. */
  hasOlder: boolean;
  /** Newer messages were dropped from the window to respect the cap. */
  hasNewer: boolean;
}

export const emptyWindow: MessageWindow<never> = { messages: [], hasOlder: true, hasNewer: false };

function order(a: ListMessage, b: ListMessage): number {
  const byDate = (a.messageCreateDate ?? 0) - (b.messageCreateDate ?? 0);
  if (byDate !== 0) return byDate;
  return a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0;
}

/** Adds or replaces messages; `direction` says which end to trim when the window is over `max`. */
export function mergeMessages<M extends ListMessage>(
  window: MessageWindow<M>,
  incoming: readonly M[],
  direction: 'older' | 'newer',
  max: number,
  stillHaveOlder?: boolean,
): MessageWindow<M> {
  const byId = new Map(window.messages.map((message) => [message.messageId, message]));
  for (const message of incoming) byId.set(message.messageId, { ...byId.get(message.messageId), ...message } as M);
  let messages = [...byId.values()].sort(order);
  let { hasOlder, hasNewer } = window;
  if (direction === 'older' && stillHaveOlder !== undefined) hasOlder = stillHaveOlder;
  if (messages.length > max) {
    if (direction === 'older') {
      messages = messages.slice(0, max);
      hasNewer = true;
    } else {
      messages = messages.slice(messages.length - max);
      hasOlder = true;
    }
  }
  return { messages, hasOlder, hasNewer };
}

export function updateMessage<M extends ListMessage>(window: MessageWindow<M>, messageId: string, patch: Partial<M>): MessageWindow<M> {
  return {
    ...window,
    messages: window.messages.map((message) => (message.messageId === messageId ? { ...message, ...patch } : message)),
  };
}

export function removeMessages<M extends ListMessage>(window: MessageWindow<M>, messageIds: readonly string[]): MessageWindow<M> {
  const gone = new Set(messageIds);
  return { ...window, messages: window.messages.filter((message) => !gone.has(message.messageId)) };
}
