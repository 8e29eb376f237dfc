// One album entry opened: the picture, video or PDF shown inside the client (the seed's preview types), anything
// else named with its download; download (where the variant allows downloads) and delete.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileText, Trash2 } from 'lucide-react';
import { IS_ALLOW_DOWNLOAD_ATTACHMENT } from '@variant/flags';
import type { PrivateAlbumThumbnail } from '@generated/types/index';
import { Button, Dialog, Spinner, saveFile, showToast } from '../../../ui/index.ts';
import { downloadEntries, useEntryFile } from '../api/album.ts';
import { previewKind } from '../model/album.ts';
import styles from './Album.module.scss';

function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export interface AlbumPreviewProps {
  entry: PrivateAlbumThumbnail;
  onDelete: () => void;
  onClose: () => void;
}

export function AlbumPreview({ entry, onDelete, onClose }: AlbumPreviewProps) {
  const { t, i18n } = useTranslation();
  const kind = previewKind(entry);
  // Only what the client can show is fetched for the preview; anything else is fetched when downloaded.
  const file = useEntryFile(entry.fileId, kind !== null);
  const [saving, setSaving] = useState(false);
  // The server's type decides how the content is shown, never the browser's guess from the bytes.
  const blob = file.data ? new Blob([file.data.blob], { type: entry.fileType ?? 'application/octet-stream' }) : undefined;
  const url = useBlobUrl(file.data?.blob ? blob : undefined);
  const name = entry.filename ?? '';
  const locale = i18n.language.replace('_', '-');
  const download = async () => {
    if (file.data) return saveFile(file.data.blob, name || file.data.filename);
    setSaving(true);
    try {
      const result = await downloadEntries([entry.fileId], i18n.language);
      if (result.ok) saveFile(result.value.blob, name || result.value.filename);
      else showToast(result.message ?? t('errors.downloadFailed'));
    } catch {
      showToast(t('errors.downloadFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      wide
      mediaTitle
      title={name}
      onClose={onClose}
      footer={
        <>
          {IS_ALLOW_DOWNLOAD_ATTACHMENT ? (
            <Button variant="secondary" icon={<Download aria-hidden="true" />} busy={saving} onClick={() => void download()}>
              {t('album.download')}
            </Button>
          ) : null}
          <Button variant="danger" icon={<Trash2 aria-hidden="true" />} onClick={onDelete}>
            {t('album.delete')}
          </Button>
        </>
      }
    >
      <div className={styles.preview} data-testid="album-preview">
        {entry.createDate ? <p className={styles.meta}>{t('album.savedOn', { date: new Date(entry.createDate).toLocaleString(locale) })}</p> : null}
        {file.isError ? <p className={styles.failure}>{t('errors.downloadFailed')}</p> : null}
        {kind !== null && file.isPending ? <Spinner /> : null}
        {url && kind === 'image' ? <img className={styles.previewMedia} src={url} alt={t('album.imageAlt', { name })} data-testid="album-preview-image" /> : null}
        {url && kind === 'video' ? <video className={styles.previewMedia} src={url} controls aria-label={name} /> : null}
        {url && kind === 'pdf' ? <iframe className={styles.previewPdf} src={url} title={name} /> : null}
        {kind === null ? (
          <p className={styles.noPreview}>
            <FileText aria-hidden="true" />
            <span>{t(IS_ALLOW_DOWNLOAD_ATTACHMENT ? 'album.noPreview' : 'album.noPreviewNoDownload')}</span>
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
