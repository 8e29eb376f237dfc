// Image and file content: the thumbnail's space is reserved from its metadata (nothing jumps), files download
// decrypted.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileText } from 'lucide-react';
import { IS_ALLOW_DOWNLOAD_ATTACHMENT } from '@variant/flags';
import { theme } from '@variant/theme';
import { IconButton, ProgressBar, showToast } from '../../../ui/index.ts';
import { plaintextSize, sizeParts, thumbnailBox } from '../model/attachments.ts';
import { downloadFile, type ChatMessage } from '../api/data.ts';
import { plainFileName, realExtension } from '../../../core/messages/text.ts';
import styles from './Chat.module.scss';

// The seed's thumbnail box (at most 300 x 500 px) from the theme, so the space can be reserved before loading.
const THUMB_MAX_WIDTH = theme.sizes.thumbnailMaxWidth;
const THUMB_MAX_HEIGHT = theme.sizes.thumbnailMaxHeight;

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function useDownload(message: ChatMessage) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadFile(message), message.aesMessageFilename ? plainFileName(message.aesMessageFilename) : `file-${message.messageId}`);
    } catch {
      showToast(t('errors.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function ImageContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const box = thumbnailBox(message.fileMetadata?.width, message.fileMetadata?.height, THUMB_MAX_WIDTH, THUMB_MAX_HEIGHT);
  const name = plainFileName(message.aesMessageFilename ?? '');
  const download = useDownload(message);
  const pending = message.messageId.startsWith('local-');

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const load = message.fileBytes && pending ? Promise.resolve(new Blob([message.fileBytes as BlobPart], { type: message.fileMetadata?.mimeType })) : downloadFile(message, true);
    load
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // Keyed by the message id on purpose: status updates must not download the image again.
  }, [message.messageId]);

  return (
    <figure className={styles.image} style={{ width: box.width, height: box.height }}>
      {url ? (
        <img src={url} alt={t('chat.imageAlt', { name })} width={box.width} height={box.height} className={styles.imageEl} />
      ) : (
        <div className={styles.imagePlaceholder} aria-hidden="true">
          {failed ? <FileText /> : null}
        </div>
      )}
      {IS_ALLOW_DOWNLOAD_ATTACHMENT && !pending ? (
        <IconButton className={styles.imageDownload} icon={Download} label={t('chat.download', { name })} onClick={() => void download.run()} disabled={download.busy} />
      ) : null}
    </figure>
  );
}

export function FileContent({ message, uploading }: { message: ChatMessage; uploading: boolean }) {
  const { t } = useTranslation();
  // Shown without bidi controls, with its real type beside it: 'x\u202Efdp.exe' cannot pass for a PDF.
  const name = plainFileName(message.aesMessageFilename ?? '');
  const extension = realExtension(name);
  const size = plaintextSize(message);
  const parts = size !== undefined ? sizeParts(size) : null;
  const download = useDownload(message);
  return (
    <div className={styles.file}>
      <FileText className={styles.fileIcon} aria-hidden="true" />
      <div className={styles.fileText}>
        <span className={styles.fileNameLine}>
          <bdi className={styles.fileName} data-testid="file-name">{name}</bdi>
          {extension ? <span className={styles.fileExt} data-testid="file-type" aria-label={t('chat.fileType', { ext: extension })}>{extension}</span> : null}
        </span>
        {parts ? <span className={styles.fileSize} data-testid="file-size">{t(`size.${parts.unit}`, { value: parts.value })}</span> : null}
        {uploading ? <ProgressBar label={t('chat.uploading', { name })} value={message.uploadProgress ?? null} /> : null}
        {download.busy ? <ProgressBar label={t('chat.download', { name })} value={null} /> : null}
      </div>
      {IS_ALLOW_DOWNLOAD_ATTACHMENT && !uploading ? (
        <IconButton icon={Download} label={t('chat.download', { name })} onClick={() => void download.run()} disabled={download.busy} />
      ) : null}
    </div>
  );
}
