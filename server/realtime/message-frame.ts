/**
 * The MESSAGE frame of a bus message, built from two parts so that a fan-out encodes as little as it can:
 * - the tail (the bus headers, content-type, content-length and the body) is the same for every destination of one
 *   publish, so it is encoded once per publish: LocalBus hands every destination the same headers object;
 * - the head (subscription, message-id, destination) is encoded once per destination and subscription id and the
 *   frame reused for every connection that receives it (a room topic's listeners get the same bytes).
 * The message-id names the message on its destination (STOMP 1.2 asks that it be unique per message), not the
 * delivery.
 */
import { randomBytes } from 'node:crypto';
import { ROOM_ID_HEADER, type BusMessage } from './broker.ts';
import { headerLines } from './frames.ts';

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

/** Live as long as the bus message (and its headers object), which the bus drops once every subscriber has had it. */
const encoded = new WeakMap<BusMessage, Encoded>();
const tails = new WeakMap<BusMessage['headers'], { body: string; tail: Buffer }>();

const NUL = Buffer.from([0]);

function tailOf(message: BusMessage): Buffer {
  const cached = tails.get(message.headers);
  if (cached?.body === message.body) return cached.tail;
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (!RESERVED_MESSAGE_HEADERS.has(name)) passed[name] = value;
  }
  const body = Buffer.from(message.body, 'utf8');
  const head = `${headerLines(passed)}content-type:application/json\ncontent-length:${body.length}\n\n`;
  const tail = Buffer.concat([Buffer.from(head, 'utf8'), body, NUL]);
  tails.set(message.headers, { body: message.body, tail });
  return tail;
}

export function messageFrame(message: BusMessage, subscriptionId: string): Buffer {
  let entry = encoded.get(message);
  if (!entry) {
    messageCounter += 1;
    entry = { messageId: `${PROCESS_TAG}-${messageCounter}`, frames: new Map() };
    encoded.set(message, entry);
  }
  const cached = entry.frames.get(subscriptionId);
  if (cached) return cached;
  const head = `MESSAGE\n${headerLines({ subscription: subscriptionId, 'message-id': entry.messageId, destination: message.destination })}`;
  const frame = Buffer.concat([Buffer.from(head, 'utf8'), tailOf(message)]);
  entry.frames.set(subscriptionId, frame);
  return frame;
}
