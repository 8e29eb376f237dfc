// The room list's call history entry (shown where the variant offers calls).
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';

export function CallHistoryShortcut({ className, onOpen }: { className?: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} onClick={onOpen} data-testid="call-history-entry">
      <History aria-hidden="true" />
      {t('conference.history')}
    </button>
  );
}
