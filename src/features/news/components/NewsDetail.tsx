// One news item (opened from the news list): banner, title (unless the content carries it), the content as text,
// (model/content.ts) and its files for download where the variant allows it. Opening it marks it read.
import { useTranslation } from 'react-i18next';
import { Download, FileText } from 'lucide-react';
import { IS_ALLOW_NEWS_FILE_DOWNLOAD } from '@variant/flags';
import { Button, EmptyState, Spinner, saveFile, showToast } from '../../../ui/index.ts';
import { useDownloadNewsFile, useNewsDetail } from '../api/news.ts';
import { newsPlainText } from '../model/content.ts';
import styles from './News.module.scss';

export function NewsDetail({ newsId }: { newsId: string }) {
  const { t, i18n } = useTranslation();
  const { data: news, isError } = useNewsDetail(newsId);
  const download = useDownloadNewsFile();
  if (isError) return <EmptyState text={t('empty.record')} />;
  if (!news) return <Spinner />;
  const locale = i18n.language.replace('_', '-');
  const save = (newsFileId: string, filename: string) =>
    download.mutate(newsFileId, {
      onSuccess: (file) => saveFile(file.blob, file.filename || filename),
      onError: () => showToast(t('errors.downloadFailed')),
    });
  return (
    <article className={styles.detail} data-testid="news-detail">
      {news.banner ? <img className={styles.banner} src={`data:image/jpeg;base64,${news.banner}`} alt="" /> : null}
      {news.isShowNewsTitleInContent === false ? null : (
        <h3 className={styles.heading}>
          <bdi>{news.title}</bdi>
        </h3>
      )}
      {news.startDate ? <p className={styles.meta}>{new Date(news.startDate).toLocaleString(locale)}</p> : null}
      <p className={styles.content}>{newsPlainText(news.content ?? '')}</p>
      {news.newsFiles && news.newsFiles.length > 0 ? (
        <ul className={styles.files} aria-label={t('news.attachments')}>
          {news.newsFiles.map((file) => (
            <li key={file.newsFileId} className={styles.file}>
              <FileText aria-hidden="true" />
              <bdi className={styles.fileName}>{file.filename}</bdi>
              {IS_ALLOW_NEWS_FILE_DOWNLOAD ? (
                <Button data-flag="IS_ALLOW_NEWS_FILE_DOWNLOAD" variant="secondary" icon={<Download />} onClick={() => save(file.newsFileId, file.filename)} aria-label={t('news.download', { name: file.filename })}>
                  {t('news.downloadShort')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
