import { describe, expect, it, vi } from 'vitest';
import { membershipAuthoriser } from './authorise.ts';
import { LocalBus, type BusMessage } from './broker.ts';
import { accountTopic, authenticatorTopic, broadcastTopic, parseDestination, qrTokenTopic, replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import { isLoginSocketDestination } from './connection.ts';
import type { AuthenticatedSession } from './session.ts';

describe('LocalBus', () => {
  it('delivers to subscribers of exactly that destination, with headers', async () => {
    const bus = new LocalBus();
    const got: BusMessage[] = [];
    bus.subscribe(roomTopic(1), (m) => got.push(m));
    bus.subscribe(roomTopic(10), () => got.push({ destination: 'wrong', body: '', headers: {} }));
    await bus.publish(roomTopic(1), '{"a":1}', { 'x-kind': 'TYPING' });
    expect(got).toEqual([{ destination: roomTopic(1), body: '{"a":1}', headers: { 'x-kind': 'TYPING' } }]);
  });

  it('stops delivering after unsubscribe and forgets empty destinations', async () => {
    const bus = new LocalBus();
    const handler = vi.fn();
    const unsubscribe = bus.subscribe('/d', handler);
    unsubscribe();
    await bus.publish('/d', '{}');
    expect(handler).not.toHaveBeenCalled();
    expect(bus.destinationCount).toBe(0);
  });

  it('isolates a throwing handler', async () => {
    const onHandlerError = vi.fn();
    const bus = new LocalBus({ onHandlerError });
    const good = vi.fn();
    bus.subscribe('/d', () => {
      throw new Error('boom');
    });
    bus.subscribe('/d', good);
    await bus.publish('/d', '{}');
    expect(good).toHaveBeenCalledTimes(1);
    expect(onHandlerError).toHaveBeenCalledTimes(1);
  });

  it('counts the same handler subscribed twice as two subscriptions', async () => {
    const bus = new LocalBus();
    const handler = vi.fn();
    const first = bus.subscribe('/d', handler);
    bus.subscribe('/d', handler);
    first();
    await bus.publish('/d', '{}');
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('destinations', () => {
  it('builds and parses every protocol destination', () => {
    expect(parseDestination(replyQueue('chat.prod', 42))).toEqual({ name: 'replyQueue', mqSysName: 'chat.prod', accountId: '42' });
    expect(parseDestination(accountTopic('42'))).toEqual({ name: 'accountTopic', accountId: '42' });
    expect(parseDestination(roomTopic('r-1'))).toEqual({ name: 'roomTopic', roomId: 'r-1' });
    expect(parseDestination(broadcastTopic(5))).toEqual({ name: 'broadcastTopic', roomId: '5' });
    expect(parseDestination(qrTokenTopic('tok'))).toEqual({ name: 'qrTokenTopic', token: 'tok' });
    expect(parseDestination(authenticatorTopic('alice'))).toEqual({ name: 'authenticatorTopic', loginName: 'alice' });
  });

  it('rejects anything else', () => {
    // Malformed on purpose, so not from the builders except where a builder makes one from a bad argument.
    for (const bad of [roomTopic(''), roomTopic('a/b'), roomTopic('a b'), replyQueue('x', '').slice(0, -1), accountTopic(1).replace('account', 'other'), 'room.1']) {
      expect(parseDestination(bad)).toBeNull();
    }
  });

  it('lets the login socket reach only QR token and authenticator topics', () => {
    expect(isLoginSocketDestination(qrTokenTopic('abc'))).toBe(true);
    expect(isLoginSocketDestination(authenticatorTopic('alice'))).toBe(true);
    expect(isLoginSocketDestination(roomTopic(1))).toBe(false);
    expect(isLoginSocketDestination(replyQueue('sys', 1))).toBe(false);
  });
});

describe('membershipAuthoriser', () => {
  const session: AuthenticatedSession = {
    connectionId: 'c',
    endpoint: 'ws',
    user: { accountId: '7', loginName: 'alice', sessionId: 's' },
  };
  const authorise = membershipAuthoriser({ mqSysName: 'sys', isRoomMember: (a, r) => a === '7' && r === 'mine' });

  it.each([
    [replyQueue('sys', 7), true],
    [replyQueue('sys', 8), false],
    [replyQueue('other', 7), false],
    [accountTopic(7), true],
    [accountTopic(8), false],
    [roomTopic('mine'), true],
    [broadcastTopic('mine'), true],
    [roomTopic('theirs'), false],
    [authenticatorTopic('alice'), true],
    [authenticatorTopic('bob'), false],
    [qrTokenTopic('x'), false],
    ['/anything', false],
  ])('%s → %s', async (destination, expected) => {
    expect(await authorise(session, destination)).toBe(expected);
  });
});
