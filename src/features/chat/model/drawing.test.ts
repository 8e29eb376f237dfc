import { describe, expect, it } from 'vitest';
import { PAD_HEIGHT, PAD_WIDTH, padScale, strokesAfter, type Stroke } from './drawing.ts';

const draw = (actions: Parameters<typeof strokesAfter>[1][]): readonly Stroke[] => actions.reduce<readonly Stroke[]>(strokesAfter, []);

describe('the drawing pad', () => {
  it('collects a stroke from its start to every point it is dragged through', () => {
    const strokes = draw([
      { kind: 'start', color: 'black', width: 3, at: [10, 10] },
      { kind: 'extend', at: [20, 15] },
      { kind: 'extend', at: [30, 40] },
    ]);
    expect(strokes).toEqual([{ color: 'black', width: 3, points: [[10, 10], [20, 15], [30, 40]] }]);
  });

  it('keeps points on the pad when the pointer leaves it', () => {
    const [stroke] = draw([
      { kind: 'start', color: 'red', width: 8, at: [-5, 10] },
      { kind: 'extend', at: [PAD_WIDTH + 40, PAD_HEIGHT + 1] },
    ]);
    expect(stroke?.points).toEqual([[0, 10], [PAD_WIDTH, PAD_HEIGHT]]);
  });

  it('undoes the last stroke, clears all, and ignores a move without a stroke', () => {
    const two = draw([
      { kind: 'start', color: 'black', width: 3, at: [1, 1] },
      { kind: 'start', color: 'blue', width: 3, at: [2, 2] },
    ]);
    expect(strokesAfter(two, { kind: 'undo' }).map((s) => s.color)).toEqual(['black']);
    expect(strokesAfter(two, { kind: 'clear' })).toEqual([]);
    expect(draw([{ kind: 'extend', at: [5, 5] }])).toEqual([]);
    expect(draw([{ kind: 'undo' }])).toEqual([]);
  });

  it('draws sharp on dense screens without growing past twice the pad', () => {
    expect(padScale(1)).toBe(1);
    expect(padScale(1.5)).toBe(1.5);
    expect(padScale(3)).toBe(2);
    expect(padScale(0)).toBe(1);
  });
});
