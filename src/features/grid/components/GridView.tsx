// Grid mode (IS_SHOW_GRID_MODE, seed: 2x2): the main panel shows the variant's rows x columns of child clients,
// each signed in as this user and showing the room picked for it from the room list.
import { config } from '@variant/config';
import { useTranslation } from 'react-i18next';
import type { GridCells } from '../model/cells.ts';
import { GridCellView } from './GridCellView.tsx';
import styles from './Grid.module.scss';

export interface GridViewProps {
  cells: GridCells;
  onClose(index: number): void;
}

export function GridView({ cells, onClose }: GridViewProps) {
  const { t } = useTranslation();
  const grid = config.layout?.grid ?? { rows: 2, columns: 2 };
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${grid.columns ?? 2}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${grid.rows ?? 2}, minmax(0, 1fr))` }}
      role="region"
      aria-label={t('grid.title')}
      data-flag="IS_SHOW_GRID_MODE"
    >
      {cells.map((cell, index) => (
        <GridCellView key={index} index={index} cell={cell} onClose={() => onClose(index)} />
      ))}
    </div>
  );
}
