import { describe, expect, it } from 'vitest';
import { replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import { LocalBus, ROOM_ID_HEADER, type BusMessage } from './broker.ts';
import { FrameDecoder, bodyText } from './frames.ts';
import { messageFrame } from './message-frame.ts';

function decode(bytes: Buffer) {
  const [item] = new FrameDecoder().push(bytes);
  if (item?.kind !== 'frame') throw new Error('no frame');
  return item.frame;
}

describe('messageFrame', () => {
  it('encodes each destination of one publish with its own head around the same body', async () => {
    const bus = new LocalBus();
    const got: BusMessage[] = [];
    const destinations = [replyQueue('chatgen', 1), replyQueue('chatgen', 2), roomTopic(7)];
    for (const destination of destinations) bus.subscribe(destination, (message) => got.push(message));
    const body = JSON.stringify({ notifyType: 'NEW_MESSAGE', text: 'a:b\n你好' });
    await bus.publishToAll(destinations, body, { 'content-type': 'text/plain', [ROOM_ID_HEADER]: '7', 'x-trace': 'x:1' });

    const frames = got.map((message, i) => decode(messageFrame(message, `sub-${i}`)));
    expect(frames.map((frame) => frame.headers.destination)).toEqual(destinations);
    expect(frames.map((frame) => frame.headers.subscription)).toEqual(['sub-0', 'sub-1', 'sub-2']);
    for (const frame of frames) {
      expect(frame.command).toBe('MESSAGE');
      expect(bodyText(frame)).toBe(body);
      // the server's own content-type; the room tag stays on the bus; other headers pass, escaped and back
      expect(frame.headers['content-type']).toBe('application/json');
      expect(frame.headers[ROOM_ID_HEADER]).toBeUndefined();
      expect(frame.headers['x-trace']).toBe('x:1');
    }
    expect(new Set(frames.map((frame) => frame.headers['message-id'])).size).toBe(3);
  });

  it('writes the same bytes to every subscriber of a destination under one subscription id', async () => {
    const bus = new LocalBus();
    const got: BusMessage[] = [];
    bus.subscribe(roomTopic(7), (message) => got.push(message));
    bus.subscribe(roomTopic(7), (message) => got.push(message));
    await bus.publish(roomTopic(7), '{"a":1}');
    const [first, second] = got;
    if (!first || !second) throw new Error('not delivered');
    expect(messageFrame(second, 't')).toBe(messageFrame(first, 't'));
    expect(decode(messageFrame(first, 'u')).headers.subscription).toBe('u');
  });
});
