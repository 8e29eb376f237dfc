import { describe, expect, it } from 'vitest';
import { inlineCount, inlineIndices } from './overflow.ts';

describe('inlineCount', () => {
  it('keeps three actions inline in a medium header (the chat at 1366 px, with or without the right panel)', () => {
    expect(inlineCount(905, 10)).toBe(3);
    expect(inlineCount(545, 10)).toBe(3);
  });

  it('keeps two in a narrow one and adds one per 100 px from 1000 px', () => {
    expect(inlineCount(400, 10)).toBe(2);
    expect(inlineCount(1000, 10)).toBe(3);
    expect(inlineCount(1099, 10)).toBe(3);
    expect(inlineCount(1280, 10)).toBe(5);
    expect(inlineCount(1450, 10)).toBe(7);
  });

  it('shows every action when the menu would hold one or none', () => {
    expect(inlineCount(905, 4)).toBe(4);
    expect(inlineCount(905, 3)).toBe(3);
    expect(inlineCount(905, 2)).toBe(2);
    expect(inlineCount(905, 5)).toBe(3);
    expect(inlineCount(2000, 12)).toBe(12);
  });
});

describe('inlineIndices', () => {
  it('picks the most used (lowest rank) and keeps the order of equal ranks', () => {
    expect([...inlineIndices([5, 0, 2, 1, 2], 3)].sort()).toEqual([1, 2, 3]);
    expect([...inlineIndices([1, 1, 1], 2)].sort()).toEqual([0, 1]);
    expect(inlineIndices([3, 1], 0).size).toBe(0);
  });
});
