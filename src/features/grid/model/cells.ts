// The grid's cells (seed: grid mode 2x2): each holds one room shown by a child client, or nothing. A room picked
// from the list goes to the first empty cell, or replaces the cell filled longest ago; a room already shown stays
// where it is.

export interface GridCell {
  roomId: string;
  roomName: string;
  /** When it was filled (a counter), to find the oldest cell. */
  filled: number;
}

export type GridCells = readonly (GridCell | null)[];

export function emptyCells(rows: number, columns: number): GridCells {
  return Array.from({ length: Math.max(1, rows) * Math.max(1, columns) }, () => null);
}

export function placeRoom(cells: GridCells, room: { roomId: string; roomName: string }, filled: number): GridCells {
  if (cells.some((cell) => cell?.roomId === room.roomId)) return cells;
  let target = cells.findIndex((cell) => cell === null);
  if (target < 0) {
    target = 0;
    cells.forEach((cell, index) => {
      if (cell && cell.filled < (cells[target]?.filled ?? Infinity)) target = index;
    });
  }
  return cells.map((cell, index) => (index === target ? { ...room, filled } : cell));
}

export function clearCell(cells: GridCells, index: number): GridCells {
  return cells.map((cell, at) => (at === index ? null : cell));
}
