// The room list's news entry: opens the news list, with the unread count beside it; kept live by NEWS_UPDATE and
// NEWS_READ.
import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import { Badge } from '../../../ui/index.ts';
import { useNewsSync, useUnreadNewsCount } from '../api/news.ts';
import styles from './News.module.scss';

export interface NewsShortcutProps {
  className?: string;
  onOpen: () => void;
}

export function NewsShortcut({ className, onOpen }: NewsShortcutProps) {
  const { t } = useTranslation();
  useNewsSync();
  const { data: unread = 0 } = useUnreadNewsCount();
  return (
    <button type="button" className={className} onClick={onOpen} data-testid="news-entry">
      <Newspaper aria-hidden="true" />
      {t('news.heading')}
      {unread > 0 ? (
        <span className={styles.badge} data-testid="news-unread">
          <Badge label={t('news.unreadCount', { count: unread })}>{unread}</Badge>
        </span>
      ) : null}
    </button>
  );
}
