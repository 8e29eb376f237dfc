// The main panel in grid mode: a bar to go back to the single room view, and the grid of child clients.
import { useTranslation } from 'react-i18next';
import { Square } from 'lucide-react';
import { Button } from '../../../ui/index.ts';
import type { GridState } from '../hooks/useGrid.ts';
import { GridView } from './GridView.tsx';
import styles from './Grid.module.scss';

export function GridPanel({ grid }: { grid: GridState }) {
  const { t } = useTranslation();
  return (
    <div className={styles.panel}>
      <header className={styles.bar}>
        <h2 className={styles.barTitle}>{t('grid.title')}</h2>
        <span className={styles.barHint}>{t('grid.hint')}</span>
        <Button variant="ghost" icon={<Square />} onClick={() => grid.show(false)}>
          {t('grid.singleView')}
        </Button>
      </header>
      <GridView cells={grid.cells} onClose={grid.close} />
    </div>
  );
}
