import { describe, expect, it, vi } from 'vitest';
import { channelOver, isSessionSignal, type SessionSignal } from './session-channel.ts';

describe('session channel', () => {
  it('carries sign-in and sign-out signals between two tabs (never back to the sender)', async () => {
    const tabA = new BroadcastChannel('chatgen-session-test');
    const tabB = new BroadcastChannel('chatgen-session-test');
    try {
      const a = channelOver(tabA);
      const b = channelOver(tabB);
      const heardByA = vi.fn();
      const heardByB: SessionSignal[] = [];
      a.listen(heardByA);
      const stop = b.listen((signal) => heardByB.push(signal));
      a.post({ kind: 'signedOut', sessionId: 's-1', cause: 'loggedOut' });
      await vi.waitFor(() => expect(heardByB).toEqual([{ kind: 'signedOut', sessionId: 's-1', cause: 'loggedOut' }]));
      expect(heardByA).not.toHaveBeenCalled();
      stop();
      a.post({ kind: 'signedIn', sessionId: 's-2' });
      tabA.postMessage({ kind: 'signedIn', sessionId: 's-3' }); // a marker: once B's raw port sees it, s-2 was delivered too
      await new Promise<void>((resolve) => tabB.addEventListener('message', (event) => (event as MessageEvent<SessionSignal>).data.sessionId === 's-3' && resolve()));
      expect(heardByB).toHaveLength(1);
    } finally {
      tabA.close();
      tabB.close();
    }
  });

  it('ignores messages that are not session signals', () => {
    expect(isSessionSignal({ kind: 'signedOut', sessionId: 's', cause: 'expired' })).toBe(true);
    expect(isSessionSignal({ kind: 'signedOut', sessionId: 's', cause: 'whatever' })).toBe(false);
    expect(isSessionSignal({ kind: 'signedIn' })).toBe(false);
    expect(isSessionSignal('signedOut')).toBe(false);
  });
});
