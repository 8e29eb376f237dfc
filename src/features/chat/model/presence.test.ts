import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOWN_MS, TypingIndicator, applyPresence, createThrottle, presenceView, replaceStatus } from './presence.ts';

describe('TYPING throttle', () => {
  it('lets one signal through per 3 s however fast the user types', () => {
    let now = 1_000;
    const allowed = createThrottle(TYPING_SEND_INTERVAL_MS, () => now);
    expect(TYPING_SEND_INTERVAL_MS).toBe(3_000);
    const sent: number[] = [];
    for (let keystroke = 0; keystroke < 70; keystroke++) {
      if (allowed()) sent.push(now);
      now += 100; // ten keys a second for 7 s
    }
    expect(sent).toEqual([1_000, 4_000, 7_000]);
  });
});

describe('typing indicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a member for 5 s after their last TYPING, then hides them', () => {
    const seen: string[][] = [];
    const indicator = new TypingIndicator((names) => seen.push(names));
    expect(TYPING_SHOWN_MS).toBe(5_000);
    indicator.typing('alice');
    expect(indicator.names).toEqual(['alice']);
    vi.advanceTimersByTime(3_000);
    indicator.typing('alice'); // a new TYPING restarts the 5 s
    vi.advanceTimersByTime(4_999);
    expect(indicator.names).toEqual(['alice']);
    vi.advanceTimersByTime(1);
    expect(indicator.names).toEqual([]);
    expect(seen).toEqual([['alice'], []]);
  });

  it('expires each member on their own clock and drops one who went offline at once', () => {
    const seen: string[][] = [];
    const indicator = new TypingIndicator((names) => seen.push(names));
    indicator.typing('alice');
    vi.advanceTimersByTime(2_000);
    indicator.typing('bob');
    indicator.typing('carol');
    indicator.stopped('carol');
    indicator.stopped('nobody');
    vi.advanceTimersByTime(3_000);
    expect(indicator.names).toEqual(['bob']);
    vi.advanceTimersByTime(2_000);
    expect(seen).toEqual([['alice'], ['alice', 'bob'], ['alice', 'bob', 'carol'], ['alice', 'bob'], ['bob'], []]);
    indicator.typing('dave');
    indicator.dispose();
    vi.advanceTimersByTime(10_000);
    expect(seen.at(-1)).toEqual(['dave']); // nothing fires after dispose
  });
});

describe('presence from topic messages', () => {
  it('flips one member in the cached checkAccountOnlineStatus answer', () => {
    const data = { onlineStatuses: [{ accountId: '1', online: true }, { accountId: '2', online: false }] };
    expect(applyPresence(data, '2', true, 50)?.onlineStatuses).toEqual([{ accountId: '1', online: true }, { accountId: '2', online: true }]);
    expect(applyPresence(data, '1', false, 50)?.onlineStatuses[0]).toEqual({ accountId: '1', online: false, lastOnlineTime: 50 });
    expect(applyPresence(undefined, '1', true, 50)).toBeUndefined();
  });
});

describe('presence as the header shows it', () => {
  it('takes the status the server sent for one account and tells online, last seen and hidden apart', () => {
    const data = { onlineStatuses: [{ accountId: '1', online: true, lastOnlineTime: 10 }, { accountId: '2', online: false }] };
    const hidden = replaceStatus(data, { accountId: '1', online: false });
    expect(hidden?.onlineStatuses[0]).toEqual({ accountId: '1', online: false });
    expect(replaceStatus(data, { accountId: '9', online: true })).toBe(data);
    expect(presenceView({ accountId: '1', online: true, lastOnlineTime: 10 })).toEqual({ kind: 'online' });
    expect(presenceView({ accountId: '1', online: false, lastOnlineTime: 10 })).toEqual({ kind: 'lastSeen', at: 10 });
    expect(presenceView({ accountId: '1', online: false })).toEqual({ kind: 'hidden' });
  });
});
