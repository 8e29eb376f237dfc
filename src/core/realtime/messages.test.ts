import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter.ts';
import { parseFrameBody } from './messages.ts';
import { isLostConnection, webSocketBase } from './realtime-client.ts';

describe('parseFrameBody', () => {
  it('reads a notification, with numeric ids as strings', () => {
    expect(parseFrameBody('{"notifyType":"NEW_MESSAGE","senderId":1002,"dataId":"m-77","roomId":5,"data":{"a":1}}')).toEqual({
      kind: 'notification',
      notification: { notifyType: 'NEW_MESSAGE', senderId: '1002', dataId: 'm-77', roomId: '5', data: { a: 1 } },
    });
    expect(parseFrameBody('{"notifyType":"HEALTH_CHECK","senderId":"1","dataId":"3"}')).toEqual({
      kind: 'notification',
      notification: { notifyType: 'HEALTH_CHECK', senderId: '1', dataId: '3' },
    });
  });

  it('keeps the silent mark of a push to someone in Do Not Disturb', () => {
    const parsed = parseFrameBody('{"notifyType":"NEW_MESSAGE","senderId":"1","dataId":"2","roomId":"3","silent":true}');
    expect(parsed?.kind === 'notification' && parsed.notification.silent).toBe(true);
    const loud = parseFrameBody('{"notifyType":"NEW_MESSAGE","senderId":"1","dataId":"2","silent":"yes"}');
    expect(loud?.kind === 'notification' && loud.notification.silent).toBeUndefined();
  });

  it('reads a topic message', () => {
    expect(parseFrameBody('{"roomId":"r1","accountName":"alice","type":"TYPING"}')).toEqual({
      kind: 'topic',
      topic: { roomId: 'r1', accountName: 'alice', type: 'TYPING' },
    });
  });

  it('ignores junk', () => {
    for (const body of ['', 'not json', '[]', 'null', '{"roomId":"r1"}', '{"type":"TYPING"}']) expect(parseFrameBody(body)).toBeNull();
  });
});

describe('socket helpers', () => {
  it('matches the lost-connection indicator', () => {
    expect(isLostConnection('Whoops! Lost connection to ws://h/v3/ws')).toBe(true);
    expect(isLostConnection('Logged out by another session')).toBe(false);
  });

  it('derives the socket origin from the HTTP host or the page', () => {
    expect(webSocketBase('https://chat.example.com')).toBe('wss://chat.example.com');
    expect(webSocketBase('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080');
    expect(webSocketBase('', { protocol: 'https:', host: 'c.example' })).toBe('wss://c.example');
    expect(webSocketBase('', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173');
  });

  it('emitter delivers to every listener, survives a throwing one and unsubscribes', () => {
    const emitter = new Emitter<{ n: number }>();
    const seen: number[] = [];
    const off = emitter.on('n', (v) => seen.push(v));
    emitter.on('n', () => {
      throw new Error('bad listener');
    });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      emitter.emit('n', 1);
      off();
      emitter.emit('n', 2);
    } finally {
      console.error = quiet;
    }
    expect(seen).toEqual([1]);
  });
});
