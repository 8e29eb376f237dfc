import { describe, expect, it } from 'vitest';
import { furthestStatus, tickMovesForward } from './deliveryTicks.ts';

describe('delivery ticks', () => {
  it('move forward only', () => {
    expect(tickMovesForward('ALL_RECEIVED', 'SERVER_RECEIVED')).toBe(true);
    expect(tickMovesForward('ALL_READ', 'ALL_RECEIVED')).toBe(true);
    expect(tickMovesForward('ALL_READ', undefined)).toBe(true);
    expect(tickMovesForward('ALL_RECEIVED', 'ALL_READ')).toBe(false);
    expect(tickMovesForward('ALL_READ', 'ALL_READ')).toBe(false);
  });

  it('leave a deleted message deleted', () => {
    expect(tickMovesForward('ALL_READ', 'ALL_DELETED')).toBe(false);
  });

  it('keep the furthest status when a fetched copy is behind the shown one', () => {
    expect(furthestStatus('ALL_RECEIVED', 'SERVER_RECEIVED')).toBe('ALL_RECEIVED');
    expect(furthestStatus('ALL_RECEIVED', 'ALL_READ')).toBe('ALL_READ');
    expect(furthestStatus('ALL_READ', 'ALL_DELETED')).toBe('ALL_DELETED');
    expect(furthestStatus(undefined, 'SERVER_RECEIVED')).toBe('SERVER_RECEIVED');
  });
});
