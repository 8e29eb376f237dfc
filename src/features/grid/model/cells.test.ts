import { describe, expect, it } from 'vitest';
import { clearCell, emptyCells, placeRoom } from './cells.ts';

const room = (n: number) => ({ roomId: String(n), roomName: `Room ${n}` });

describe('grid cells', () => {
  it('fills the first empty cell, keeps a room already shown where it is', () => {
    let cells = emptyCells(2, 2);
    expect(cells).toHaveLength(4);
    cells = placeRoom(cells, room(1), 1);
    cells = placeRoom(cells, room(2), 2);
    expect(placeRoom(cells, room(1), 3)).toBe(cells);
    cells = clearCell(cells, 0);
    cells = placeRoom(cells, room(3), 3);
    expect(cells.map((cell) => cell?.roomId ?? null)).toEqual(['3', '2', null, null]);
  });

  it('replaces the cell filled longest ago when every cell is taken', () => {
    let cells = emptyCells(2, 2);
    for (const n of [1, 2, 3, 4]) cells = placeRoom(cells, room(n), n);
    cells = placeRoom(cells, room(5), 5);
    cells = placeRoom(cells, room(6), 6);
    expect(cells.map((cell) => cell?.roomId)).toEqual(['5', '6', '3', '4']);
  });
});
