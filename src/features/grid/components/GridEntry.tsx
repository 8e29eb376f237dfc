// The way into grid mode from the chat page's welcome panel.
import { useTranslation } from 'react-i18next';
import { LayoutGrid } from 'lucide-react';
import { Button } from '../../../ui/index.ts';
import type { GridState } from '../hooks/useGrid.ts';

export function GridEntry({ grid }: { grid: GridState }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" icon={<LayoutGrid />} onClick={() => grid.show(true)} data-flag="IS_SHOW_GRID_MODE">
      {t('grid.gridView')}
    </Button>
  );
}
