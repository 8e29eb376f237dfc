// News list (left page `newslist`): banners, titles and dates, unread items marked; opening one shows its detail.
import { useTranslation } from 'react-i18next';
import { Newspaper, Paperclip } from 'lucide-react';
import type { NewsListItem } from '@generated/types/index';
import { EmptyState, Spinner } from '../../../ui/index.ts';
import { useNewsList } from '../api/news.ts';
import styles from './News.module.scss';

export interface NewsListProps {
  onOpen: (item: NewsListItem) => void;
}

export function NewsList({ onOpen }: NewsListProps) {
  const { t, i18n } = useTranslation();
  const { data, isError } = useNewsList();
  if (isError) return <EmptyState icon={Newspaper} text={t('empty.record')} />;
  if (!data) return <Spinner />;
  if (data.newsList.length === 0) return <EmptyState icon={Newspaper} text={t('empty.record')} />;
  const locale = i18n.language.replace('_', '-');
  return (
    <ul className={styles.list} data-testid="news-list">
      {data.newsList.map((item) => (
        <li key={item.newsId}>
          <button type="button" className={[styles.item, item.isRead ? '' : styles.unread].join(' ')} onClick={() => onOpen(item)} data-testid="news-item" data-read={item.isRead ? 'true' : 'false'}>
            {item.banner ? <img className={styles.thumb} src={`data:image/jpeg;base64,${item.banner}`} alt="" /> : null}
            <span className={styles.text}>
              <bdi className={styles.title}>{item.title}</bdi>
              <span className={styles.meta}>
                {item.startDate ? new Date(item.startDate).toLocaleDateString(locale) : null}
                {item.newsFilesCount ? (
                  <>
                    {' · '}
                    <Paperclip aria-hidden="true" size={12} /> {t('news.files', { count: item.newsFilesCount })}
                  </>
                ) : null}
              </span>
            </span>
            {item.isRead ? null : (
              <span className={styles.dot} role="img" aria-label={t('news.unread')} />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
