// The private album page: the person's saved attachments, newest first in pages of 30, each a thumbnail (or
// its file name) that opens the preview; entries still being saved say so. A select mode downloads several
// at once (the server's zip) or deletes them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckSquare, Download, FileText, Images, Loader, Trash2 } from 'lucide-react';
import { IS_ALLOW_DOWNLOAD_ATTACHMENT } from '@variant/flags';
import type { PrivateAlbumThumbnail } from '@generated/types/index';
import { Button, EmptyState, IconButton, Spinner, confirmAction, saveFile, showToast } from '../../../ui/index.ts';
import { deleteEntries, downloadEntries, useAlbum } from '../api/album.ts';
import { isProcessing, toggled } from '../model/album.ts';
import { AlbumPreview } from './AlbumPreview.tsx';
import styles from './Album.module.scss';

function Tile({ entry, selecting, selected, onOpen }: { entry: PrivateAlbumThumbnail; selecting: boolean; selected: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = entry.filename ?? '';
  const processing = isProcessing(entry);
  return (
    <li className={styles.tileItem}>
      <button
        type="button"
        className={[styles.tile, selected ? styles.selected : ''].join(' ')}
        onClick={onOpen}
        aria-label={processing ? t('album.processingEntry', { name }) : t('album.openEntry', { name })}
        aria-pressed={selecting ? selected : undefined}
        data-testid="album-entry"
        data-status={processing ? 'PROCESSING' : 'READY'}
      >
        {entry.thumbnail ? <img src={`data:image/png;base64,${entry.thumbnail}`} alt="" className={styles.thumb} /> : <FileText aria-hidden="true" className={styles.fileIcon} />}
        <bdi className={styles.name}>{name}</bdi>
        {processing ? (
          <span className={styles.badge}>
            <Loader aria-hidden="true" />
            {t('album.processing')}
          </span>
        ) : null}
        {selecting ? <input type="checkbox" className={styles.check} checked={selected} readOnly tabIndex={-1} aria-hidden="true" /> : null}
      </button>
    </li>
  );
}

export function PrivateAlbum() {
  const { t, i18n } = useTranslation();
  const { query, entries } = useAlbum();
  const [open, setOpen] = useState<PrivateAlbumThumbnail | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string> | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (fileIds: readonly string[]) => {
    const confirmed = await confirmAction({
      title: t('album.deleteTitle'),
      message: t('album.deleteMessage', { count: fileIds.length }),
      confirmLabel: t('album.delete'),
      tone: 'danger',
    });
    if (!confirmed) return false;
    const result = await deleteEntries(fileIds, i18n.language);
    if (!result.ok) showToast(result.message ?? t('errors.actionFailed'));
    return result.ok;
  };

  const choose = (entry: PrivateAlbumThumbnail) => {
    if (selection) return setSelection(toggled(selection, entry.fileId));
    // The seed's text while the server is still saving it.
    if (isProcessing(entry)) return showToast(t('errors.stillProcessing'), 'info');
    setOpen(entry);
  };

  const downloadSelected = async () => {
    setBusy(true);
    try {
      const result = await downloadEntries([...(selection ?? [])], i18n.language);
      if (result.ok) saveFile(result.value.blob, result.value.filename);
      else showToast(result.message ?? t('errors.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) return <Spinner />;
  if (query.isError) return <EmptyState icon={Images} text={t('errors.downloadFailed')} />;
  const chosen = selection?.size ?? 0;
  return (
    <section className={styles.album} data-flag="IS_ALLOW_PRIVATE_ALBUM" data-testid="private-album">
      {entries.length > 0 ? (
        <div className={styles.toolbar} role="toolbar" aria-label={t('album.tools')}>
          {selection ? <span className={styles.count}>{t('album.selectedCount', { count: chosen })}</span> : <span className={styles.count}>{t('album.hint')}</span>}
          {selection && IS_ALLOW_DOWNLOAD_ATTACHMENT ? (
            <IconButton icon={Download} label={t('album.downloadSelected')} disabled={chosen === 0 || busy} onClick={() => void downloadSelected()} />
          ) : null}
          {selection ? (
            <IconButton
              icon={Trash2}
              tone="danger"
              label={t('album.deleteSelected')}
              disabled={chosen === 0}
              onClick={() => void remove([...selection]).then((done) => done && setSelection(null))}
            />
          ) : null}
          <IconButton icon={CheckSquare} label={t('album.select')} pressed={selection !== null} onClick={() => setSelection((current) => (current ? null : new Set()))} />
        </div>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState icon={Images} text={t('empty.record')} />
      ) : (
        <ul className={styles.grid}>
          {entries.map((entry) => (
            <Tile key={entry.fileId} entry={entry} selecting={selection !== null} selected={selection?.has(entry.fileId) ?? false} onOpen={() => choose(entry)} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="secondary" block busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('album.loadMore')}
        </Button>
      ) : null}
      {open ? (
        <AlbumPreview
          key={open.fileId}
          entry={open}
          onClose={() => setOpen(null)}
          onDelete={() => void remove([open.fileId]).then((done) => done && setOpen(null))}
        />
      ) : null}
    </section>
  );
}
