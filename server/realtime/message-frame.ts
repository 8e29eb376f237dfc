/**
 * The MESSAGE frame of a bus message, encoded once per subscription id and reused for every connection that
 * receives it: a room topic's fan-out writes the same bytes to each listener instead of building and encoding
 * the headers and body again per socket. The message-id therefore names the message (STOMP 1.2 asks that it
 * be unique per message), not the delivery.
 */
import { randomBytes } from 'node:crypto';
import { ROOM_ID_HEADER, type BusMessage } from './broker.ts';
import { encodeFrame } from './frames.ts';

/** Headers the server sets itself; a bus header of one of these names is never passed on. */
const RESERVED_MESSAGE_HEADERS = new Set(['subscription', 'message-id', 'destination', 'content-type', 'content-length', 'ack', ROOM_ID_HEADER]);

/** Distinguishes this process's message ids from another server process's. */
const PROCESS_TAG = randomBytes(6).toString('hex');
let messageCounter = 0;

interface Encoded {
  messageId: string;
  /** by subscription id: clients name their subscriptions alike (stompjs: sub-0, sub-1, ...), so this stays small */
  frames: Map<string, Buffer>;
}

/** Lives as long as the bus message, which the bus drops once every subscriber has had it. */
const encoded = new WeakMap<BusMessage, Encoded>();

export function messageFrame(message: BusMessage, subscriptionId: string): Buffer {
  let entry = encoded.get(message);
  if (!entry) {
    messageCounter += 1;
    entry = { messageId: `${PROCESS_TAG}-${messageCounter}`, frames: new Map() };
    encoded.set(message, entry);
  }
  const cached = entry.frames.get(subscriptionId);
  if (cached) return cached;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (!RESERVED_MESSAGE_HEADERS.has(name)) headers[name] = value;
  }
  Object.assign(headers, {
    subscription: subscriptionId,
    'message-id': entry.messageId,
    destination: message.destination,
    'content-type': 'application/json',
  });
  const frame = encodeFrame('MESSAGE', headers, message.body);
  entry.frames.set(subscriptionId, frame);
  return frame;
}
