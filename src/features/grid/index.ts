export { GridEntry } from './components/GridEntry.tsx';
export { GridPanel } from './components/GridPanel.tsx';
export { useGrid, type GridState } from './hooks/useGrid.ts';
