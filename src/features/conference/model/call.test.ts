import { describe, expect, it } from 'vitest';
import { applyEvent, ringsBusy, type Call } from './call.ts';

const outgoing: Call = { refId: 'c1', vcType: 'CHATGEN', roomId: 'r1', creatorId: 'me', kind: 'VOICE', direction: 'outgoing', phase: 'ringing' };
const incoming: Call = { ...outgoing, creatorId: 'them', direction: 'incoming' };

describe('a call on this device', () => {
  it("connects the caller on anyone's accept; an invitee's accept from another device stops the ringing here", () => {
    expect(applyEvent(outgoing, { type: 'ACCEPT', refId: 'c1', status: 'ACCEPTED', actorId: 'them' }, 'me')?.phase).toBe('connected');
    expect(applyEvent(incoming, { type: 'ACCEPT', refId: 'c1', status: 'ACCEPTED', actorId: 'other' }, 'me')?.phase).toBe('ringing');
    // Accepted on another device of mine while it still rings here: answered elsewhere.
    expect(applyEvent(incoming, { type: 'ACCEPT', refId: 'c1', status: 'ACCEPTED', actorId: 'me' }, 'me')).toMatchObject({ phase: 'ended', end: 'elsewhere' });
    const connected: Call = { ...incoming, phase: 'connected' };
    expect(applyEvent(connected, { type: 'ACCEPT', refId: 'c1', status: 'ACCEPTED', actorId: 'me' }, 'me')).toBe(connected);
  });

  it('ends with the reason of the final status; a cancelled call that rang here was missed', () => {
    expect(applyEvent(outgoing, { type: 'REJECT', refId: 'c1', status: 'BUSY' }, 'me')).toMatchObject({ phase: 'ended', end: 'busy' });
    expect(applyEvent(outgoing, { type: 'REJECT', refId: 'c1', status: 'REJECTED' }, 'me')).toMatchObject({ phase: 'ended', end: 'rejected' });
    expect(applyEvent(incoming, { type: 'CANCEL', refId: 'c1', status: 'CANCELLED' }, 'me')).toMatchObject({ phase: 'ended', end: 'missed' });
    expect(applyEvent({ ...incoming, phase: 'connected' }, { type: 'STATUS', refId: 'c1', status: 'ENDED' }, 'me')).toMatchObject({ end: 'ended' });
  });

  it('keeps a group call ringing while other invitees may still answer, and ignores other conferences', () => {
    expect(applyEvent(outgoing, { type: 'REJECT', refId: 'c1', status: 'RINGING', actorId: 'them' }, 'me')).toBe(outgoing);
    expect(applyEvent(incoming, { type: 'REJECT', refId: 'c1', status: 'RINGING', actorId: 'me' }, 'me')).toMatchObject({ end: 'rejected' });
    expect(applyEvent(outgoing, { type: 'CANCEL', refId: 'other', status: 'CANCELLED' }, 'me')).toBe(outgoing);
    const ended: Call = { ...outgoing, phase: 'ended', end: 'ended' };
    expect(applyEvent(ended, { type: 'ACCEPT', refId: 'c1', status: 'ACCEPTED' }, 'me')).toBe(ended);
  });

  it('answers busy to a second call while one is live', () => {
    expect(ringsBusy(outgoing, 'c2')).toBe(true);
    expect(ringsBusy(outgoing, 'c1')).toBe(false);
    expect(ringsBusy({ ...outgoing, phase: 'ended' }, 'c2')).toBe(false);
    expect(ringsBusy(null, 'c2')).toBe(false);
  });
});
