import { describe, expect, it } from 'vitest';
import { IllegalTransition, nextStatus } from './machine.ts';

const pending = (others: ('PENDING' | 'ACCEPTED' | 'REJECTED' | 'BUSY')[] = []) => ({ actorAnswer: 'PENDING' as const, otherAnswers: others });

describe('conference state machine', () => {
  it('runs a built-in conference CREATED → STARTED → ENDED', () => {
    expect(nextStatus('CREATED', 'START')).toBe('STARTED');
    expect(nextStatus('STARTED', 'STOP')).toBe('ENDED');
    expect(nextStatus('CREATED', 'STOP')).toBe('ENDED');
  });

  it('runs a call RINGING → ACCEPTED → STARTED → ENDED, later invitees joining without changing it', () => {
    expect(nextStatus('RINGING', 'ACCEPT', pending(['PENDING']))).toBe('ACCEPTED');
    expect(nextStatus('ACCEPTED', 'ACCEPT', pending(['ACCEPTED']))).toBe('ACCEPTED');
    expect(nextStatus('ACCEPTED', 'BUSY', pending(['ACCEPTED']))).toBe('ACCEPTED');
    expect(nextStatus('ACCEPTED', 'START')).toBe('STARTED');
    expect(nextStatus('STARTED', 'ACCEPT', pending(['ACCEPTED']))).toBe('STARTED');
  });

  it('ends a ringing call only when the last pending invitee declines', () => {
    expect(nextStatus('RINGING', 'REJECT', pending(['PENDING']))).toBe('RINGING');
    expect(nextStatus('RINGING', 'REJECT', pending(['BUSY']))).toBe('REJECTED');
    expect(nextStatus('RINGING', 'BUSY', pending(['BUSY']))).toBe('BUSY');
    expect(nextStatus('RINGING', 'BUSY', pending())).toBe('BUSY');
    expect(nextStatus('RINGING', 'CANCEL')).toBe('CANCELLED');
  });

  it('refuses illegal transitions', () => {
    for (const [status, event] of [
      ['ENDED', 'START'],
      ['ENDED', 'STOP'],
      ['CANCELLED', 'ACCEPT'],
      ['REJECTED', 'START'],
      ['RINGING', 'START'],
      ['RINGING', 'STOP'],
      ['STARTED', 'START'],
      ['STARTED', 'CANCEL'],
      ['CREATED', 'ACCEPT'],
    ] as const) {
      expect(() => nextStatus(status, event, pending())).toThrow(IllegalTransition);
    }
    expect(() => nextStatus('RINGING', 'ACCEPT', { actorAnswer: 'REJECTED', otherAnswers: [] })).toThrow(/already answered/);
  });
});
