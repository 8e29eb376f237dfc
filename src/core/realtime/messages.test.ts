import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter.ts';
import { destinationValidators, sendValidators } from '@generated/realtime/validators.js';
import { parseFrameBody, type ChatDestination } from './messages.ts';
import { isLostConnection, webSocketBase } from './realtime-client.ts';

describe('parseFrameBody', () => {
  const parse = (destination: ChatDestination, body: string) => parseFrameBody(destinationValidators, destination, body);

  it('reads a notification the contract knows, on a destination that carries it', () => {
    const starred = { notifyType: 'MESSAGE_STARRED', senderId: '1002', dataId: 'm-77', roomId: '5', data: { messageIds: ['m-77'] } };
    expect(parse('replyQueue', JSON.stringify(starred))).toEqual({ kind: 'notification', notification: starred });
    const check = { notifyType: 'HEALTH_CHECK', senderId: '1', dataId: '3', data: { ts: 5 } };
    expect(parse('replyQueue', JSON.stringify(check))).toEqual({ kind: 'notification', notification: check });
  });

  it('keeps the silent mark of a push to someone in Do Not Disturb', () => {
    const message = { messageId: '2', roomId: '3', messageType: 'TEXT' };
    const parsed = parse('replyQueue', JSON.stringify({ notifyType: 'NEW_MESSAGE', senderId: '1', dataId: '2', roomId: '3', data: message, silent: true }));
    expect(parsed?.kind === 'notification' && parsed.notification.notifyType === 'NEW_MESSAGE' && parsed.notification.silent).toBe(true);
  });

  it('reads a topic message on a room topic only', () => {
    const typing = '{"roomId":"r1","accountName":"alice","type":"TYPING"}';
    expect(parse('roomTopic', typing)).toEqual({ kind: 'topic', topic: { roomId: 'r1', accountName: 'alice', type: 'TYPING' } });
    expect(parse('replyQueue', typing)).toBeNull();
  });

  it('drops what the contract does not allow: junk, unknown types, numeric ids, unknown topic types', () => {
    const bodies = [
      '',
      'not json',
      '[]',
      'null',
      '{"roomId":"r1"}',
      '{"type":"TYPING"}',
      '{"notifyType":"SOMETHING_NEW","senderId":"1","dataId":"2"}',
      '{"notifyType":"MESSAGE_STARRED","senderId":1002,"dataId":"m-77","roomId":5,"data":{"messageIds":["m-77"]}}',
      '{"roomId":"r1","accountName":"alice","type":"DANCING"}',
    ];
    for (const body of bodies) expect(parse('roomTopic', body)).toBeNull();
  });
});

describe('sendValidators', () => {
  it('hold the client to the schema: a health-check echo names its check by dataId and carries no count', () => {
    expect(sendValidators.healthCheckEcho({ notifyType: 'HEALTH_CHECK', dataId: '1', ts: 2 })).toBe(true);
    expect(sendValidators.healthCheckEcho({ notifyType: 'HEALTH_CHECK', dataId: '1', count: 1 })).toBe(false);
    expect(sendValidators.roomTopicMessage({ roomId: 'r1', accountName: 'alice', type: 'TYPING' })).toBe(true);
    expect(sendValidators.roomTopicMessage({ type: 'TYPING' })).toBe(false);
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
