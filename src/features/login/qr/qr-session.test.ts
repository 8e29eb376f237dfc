import { describe, expect, it } from 'vitest';
import type { QrTopicMessage } from '@generated/types/index';
import type { QrSubscriptionHandlers } from './login-socket.ts';
import { QrLoginSession, randomQrToken, type QrState } from './qr-session.ts';

function setup() {
  const subscriptions: { token: string; count: number; handlers: QrSubscriptionHandlers; stopped: boolean }[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const states: QrState[] = [];
  const otps: string[] = [];
  let n = 0;
  const session = new QrLoginSession({
    subscribe: (token, count, handlers) => {
      const entry = { token, count, handlers, stopped: false };
      subscriptions.push(entry);
      return () => {
        entry.stopped = true;
      };
    },
    onState: (state) => states.push(state),
    onOtp: (token) => otps.push(token),
    newToken: () => `token-${++n}`,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  const last = () => subscriptions[subscriptions.length - 1]!;
  const send = (body: QrTopicMessage) => last().handlers.message(body);
  const fire = () => {
    const timer = timers.filter((t) => !t.cleared).pop()!;
    timer.cleared = true;
    timer.run();
  };
  return { session, subscriptions, timers, states, otps, last, send, fire };
}

describe('QrLoginSession', () => {
  it('shows each token, takes the next one after its ttl with the next count, and shows refresh when the count runs out', () => {
    const { session, subscriptions, timers, states, last, send, fire } = setup();
    session.start();
    expect(last()).toMatchObject({ token: 'token-1', count: 1 });
    send({ token: 'token-1', ttl: 60, remainingCount: 1, status: 'active' });
    expect(states.at(-1)).toEqual({ kind: 'showing', token: 'token-1', count: 1, remainingCount: 1 });
    expect(timers.at(-1)!.ms).toBe(60_000);
    fire();
    expect(subscriptions[0]!.stopped).toBe(true);
    expect(last()).toMatchObject({ token: 'token-2', count: 2 });
    send({ token: 'token-2', ttl: 60, remainingCount: 0, status: 'active' });
    fire();
    expect(states.at(-1)).toEqual({ kind: 'expired' });
    expect(last().stopped).toBe(true);
    expect(subscriptions).toHaveLength(2);

    // The refresh icon starts again at counter 1 with a new token.
    session.start();
    expect(last()).toMatchObject({ token: 'token-3', count: 1 });
  });

  it("shows refresh at once for a 'failed' status, and when the socket fails", () => {
    const { session, states, last, send } = setup();
    session.start();
    send({ token: 'token-1', ttl: 60, remainingCount: 0, status: 'failed' });
    expect(states.at(-1)).toEqual({ kind: 'expired' });
    expect(last().stopped).toBe(true);
    session.start();
    last().handlers.failed();
    expect(states.at(-1)).toEqual({ kind: 'expired' });
  });

  it('hands the AUTH_OTP over and closes the subscription and its timer', () => {
    const { session, timers, states, otps, last, send } = setup();
    session.start();
    send({ token: 'token-1', ttl: 60, remainingCount: 3, status: 'active' });
    send({ notifyType: 'AUTH_OTP_GENERATED', senderId: '7', dataId: 'token-1', data: { token: 'OTP12345ABCD', type: 'AUTH_OTP' } });
    expect(otps).toEqual(['OTP12345ABCD']);
    expect(states.at(-1)).toEqual({ kind: 'scanned' });
    expect(last().stopped).toBe(true);
    expect(timers.every((t) => t.cleared)).toBe(true);
  });

  it('ignores what a stopped subscription still delivers', () => {
    const { session, states, subscriptions, send, fire } = setup();
    session.start();
    send({ token: 'token-1', ttl: 1, remainingCount: 2, status: 'active' });
    fire();
    const stale = subscriptions[0]!;
    const before = states.length;
    stale.handlers.message({ token: 'token-1', ttl: 1, remainingCount: 2, status: 'active' });
    stale.handlers.failed();
    expect(states).toHaveLength(before);
  });

  it('picks tokens the server accepts', () => {
    const token = randomQrToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(randomQrToken()).not.toBe(token);
  });
});
