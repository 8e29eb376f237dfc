import { describe, expect, it } from 'vitest';
import { isRowKey, rowToFocus } from './rowFocus.ts';

describe('rowToFocus', () => {
  it('moves one row up or down and stops at either end', () => {
    expect(rowToFocus(5, 2, 'ArrowUp')).toBe(1);
    expect(rowToFocus(5, 2, 'ArrowDown')).toBe(3);
    expect(rowToFocus(5, 0, 'ArrowUp')).toBeNull();
    expect(rowToFocus(5, 4, 'ArrowDown')).toBeNull();
  });

  it('enters the list at the newest row going up and at the oldest going down', () => {
    expect(rowToFocus(5, -1, 'ArrowUp')).toBe(4);
    expect(rowToFocus(5, -1, 'ArrowDown')).toBe(0);
  });

  it('jumps to the first and last rows, and does nothing without rows', () => {
    expect(rowToFocus(5, 3, 'Home')).toBe(0);
    expect(rowToFocus(5, 1, 'End')).toBe(4);
    expect(rowToFocus(0, -1, 'ArrowUp')).toBeNull();
  });

  it('knows its keys', () => {
    expect(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab', 'ArrowLeft'].map(isRowKey)).toEqual([true, true, true, true, false, false]);
  });
});
