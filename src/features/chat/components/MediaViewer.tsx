// The media viewer: one image or video of the room at a time with zoom, previous / next among the room's loaded
// images and videos, download (and the original where the variant and the room allow it), the media text popup,
// and the file name as title (the variant's size).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Download, FileDown, MessageSquareText, ZoomIn, ZoomOut } from 'lucide-react';
import { IS_ALLOW_DOWNLOAD_ATTACHMENT, IS_ALLOW_DOWNLOAD_ORIGINAL, IS_ALLOW_MEDIA_VIEWER_ZOOM } from '@variant/flags';
import { Dialog, IconButton, Spinner } from '../../../ui/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { useObjectUrl } from '../hooks/useObjectUrl.ts';
import { fileNameOf, useDownload } from './Attachment.tsx';
import { useMessageMode } from './RoomContext.tsx';
import { MediaTextPopup } from './MediaTextPopup.tsx';
import { Watermark } from './Watermark.tsx';
import styles from './Chat.module.scss';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
export const isMedia = (message: ChatMessage): boolean =>
  (message.messageType === 'IMAGE' || message.messageType === 'VIDEO') && message.messageStatus !== 'ALL_DELETED' && !message.messageId.startsWith('local-');

export interface MediaViewerProps {
  messages: readonly ChatMessage[];
  messageId: string;
  onNavigate: (messageId: string) => void;
  onClose: () => void;
  /** The room's policy puts a watermark over its media. */
  watermark?: boolean;
}

export function MediaViewer({ messages, messageId, onNavigate, onClose, watermark = false }: MediaViewerProps) {
  const { t } = useTranslation();
  const { allows } = useMessageMode();
  const media = useMemo(() => messages.filter(isMedia), [messages]);
  const index = media.findIndex((message) => message.messageId === messageId);
  const message = media[index];
  const [zoom, setZoom] = useState(2); // index into ZOOM_STEPS: 100 %
  // The media text stays open while paging, so one can read along.
  const [showText, setShowText] = useState(false);
  useEffect(() => setZoom(2), [messageId]);
  if (!message) return null;
  const previous = media[index - 1];
  const next = media[index + 1];
  const name = fileNameOf(message);
  return (
    <Dialog open wide mediaTitle title={name} onClose={onClose}>
      <div className={styles.viewer} data-testid="media-viewer">
        <div className={styles.viewerTools} role="toolbar" aria-label={t('messages.viewerTools')}>
          <IconButton icon={ChevronLeft} label={t('messages.previousMedia')} disabled={!previous} onClick={() => previous && onNavigate(previous.messageId)} />
          <span className={styles.viewerCount} data-testid="media-position">
            {index + 1} / {media.length}
          </span>
          <IconButton icon={ChevronRight} label={t('messages.nextMedia')} disabled={!next} onClick={() => next && onNavigate(next.messageId)} />
          {IS_ALLOW_MEDIA_VIEWER_ZOOM && message.messageType === 'IMAGE' ? (
            <>
              <IconButton icon={ZoomOut} label={t('messages.zoomOut')} disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))} />
              <span className={styles.viewerCount} data-testid="media-zoom">{Math.round(ZOOM_STEPS[zoom]! * 100)}%</span>
              <IconButton icon={ZoomIn} label={t('messages.zoomIn')} disabled={zoom === ZOOM_STEPS.length - 1} onClick={() => setZoom((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))} />
            </>
          ) : null}
          <IconButton icon={MessageSquareText} label={t('media.textPopup')} pressed={showText} onClick={() => setShowText((shown) => !shown)} />
          {IS_ALLOW_DOWNLOAD_ATTACHMENT && allows.download ? <ViewerDownload key={message.messageId} message={message} /> : null}
          {IS_ALLOW_DOWNLOAD_ORIGINAL && allows.original && message.hasOriginalMessageFile ? <ViewerDownload key={`original-${message.messageId}`} message={message} original /> : null}
        </div>
        <div className={styles.viewerStageProtected}>
          <ViewerStage key={message.messageId} message={message} scale={ZOOM_STEPS[zoom]!} />
          {showText ? <MediaTextPopup message={message} onClose={() => setShowText(false)} /> : null}
          {watermark ? <Watermark testId="media-watermark" /> : null}
        </div>
      </div>
    </Dialog>
  );
}

function ViewerDownload({ message, original = false }: { message: ChatMessage; original?: boolean }) {
  const { t } = useTranslation();
  const download = useDownload(message, original);
  const label = original ? t('media.downloadOriginal') : t('chat.download', { name: fileNameOf(message) });
  return <IconButton icon={original ? FileDown : Download} label={label} disabled={download.busy} onClick={() => void download.run()} />;
}

function ViewerStage({ message, scale }: { message: ChatMessage; scale: number }) {
  const { t } = useTranslation();
  const { url, failed } = useObjectUrl(message, true, false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const name = fileNameOf(message);
  if (failed) return <p className={styles.failure}>{t('errors.downloadFailed')}</p>;
  if (!url) return <Spinner />;
  return (
    <div className={styles.viewerStage}>
      {message.messageType === 'VIDEO' ? (
        <video src={url} controls autoPlay className={styles.viewerMedia} aria-label={name} data-testid="viewer-video" />
      ) : (
        <img
          src={url}
          alt={t('chat.imageAlt', { name })}
          className={styles.viewerMedia}
          // Zoom sizes the image itself, so the stage scrolls over all of it; 100 % fits the stage.
          style={natural && scale !== 1 ? { width: natural.width * scale, maxWidth: 'none', maxHeight: 'none' } : undefined}
          onLoad={(event) => setNatural({ width: event.currentTarget.width, height: event.currentTarget.height })}
          data-testid="viewer-image"
        />
      )}
    </div>
  );
}
