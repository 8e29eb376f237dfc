import { describe, expect, it } from 'vitest';
import { tickMovesForward } from './deliveryTicks.ts';

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
});
