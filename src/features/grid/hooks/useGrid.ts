// The grid's state in the chat page: shown or not, and which room each cell holds (kept while the user switches
// back to the single room view, so the children stay signed in).
import { useCallback, useRef, useState } from 'react';
import { config } from '@variant/config';
import { clearCell, emptyCells, placeRoom, type GridCells } from '../model/cells.ts';

export interface GridState {
  shown: boolean;
  cells: GridCells;
  show(shown: boolean): void;
  place(room: { roomId: string; roomName: string }): void;
  close(index: number): void;
}

export function useGrid(): GridState {
  const grid = config.layout?.grid ?? { rows: 2, columns: 2 };
  const [shown, show] = useState(false);
  const [cells, setCells] = useState<GridCells>(() => emptyCells(grid.rows ?? 2, grid.columns ?? 2));
  const counter = useRef(0);
  const place = useCallback((room: { roomId: string; roomName: string }) => {
    counter.current += 1;
    const filled = counter.current;
    setCells((current) => placeRoom(current, room, filled));
  }, []);
  const close = useCallback((index: number) => setCells((current) => clearCell(current, index)), []);
  return { shown, cells, show, place, close };
}
