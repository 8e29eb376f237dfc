// One cell of the grid: the child client signed in as this user and showing one room, or a hint when empty.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton, Spinner } from '../../../ui/index.ts';
import { childUrl } from '../api/childUrl.ts';
import type { GridCell } from '../model/cells.ts';
import styles from './Grid.module.scss';

export interface GridCellViewProps {
  index: number;
  cell: GridCell | null;
  onClose(): void;
}

export function GridCellView({ index, cell, onClose }: GridCellViewProps) {
  const { t } = useTranslation();
  const label = t('grid.cell', { number: index + 1 });
  return (
    <section className={styles.cell} aria-label={label} data-testid="grid-cell">
      {cell ? (
        <>
          <header className={styles.cellHeader}>
            <span className={styles.cellTitle}>{cell.roomName}</span>
            <IconButton icon={X} label={t('grid.close', { name: cell.roomName })} onClick={onClose} />
          </header>
          <ChildFrame cell={cell} label={label} />
        </>
      ) : (
        <p className={styles.empty}>{t('grid.emptyCell')}</p>
      )}
    </section>
  );
}

function ChildFrame({ cell, label }: { cell: GridCell; label: string }) {
  const { t } = useTranslation();
  // A login token is single use: one per filling of the cell, never fetched again behind the user's back.
  const url = useQuery({
    queryKey: ['grid', 'childUrl', cell.roomId, cell.filled],
    queryFn: () => childUrl(cell.roomId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (url.isPending) return <Spinner label={t('grid.opening')} />;
  if (url.data?.kind !== 'ready') {
    return (
      <p className={styles.empty} role="alert">
        {t(url.data?.kind === 'unavailable' ? 'grid.unavailable' : 'grid.failed')}
      </p>
    );
  }
  return <iframe className={styles.frame} title={`${label}: ${cell.roomName}`} src={url.data.url} />;
}
