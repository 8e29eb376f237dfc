// Image, video, voice and file content: the thumbnail's space is reserved from its metadata (nothing jumps),
// attachments download decrypted; images and videos open the media viewer.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileDown, FileText, Pause, Play } from 'lucide-react';
import { IS_ALLOW_DOWNLOAD_ATTACHMENT, IS_ALLOW_DOWNLOAD_ORIGINAL, IS_ALLOW_VOICE_TO_TEXT } from '@variant/flags';
import { theme } from '@variant/theme';
import { IconButton, ProgressBar, saveFile, showToast } from '../../../ui/index.ts';
import { sizeParts } from '../../../domain/index.ts';
import { plaintextSize, thumbnailBox } from '../model/attachments.ts';
import { clock } from '../../../domain/messageKinds.ts';
import { downloadFile, type ChatMessage } from '../api/data.ts';
import { useObjectUrl } from '../hooks/useObjectUrl.ts';
import { useChatRoomContext, useMessageMode } from './RoomContext.tsx';
import { plainFileName, realExtension } from '../../../core/messages/text.ts';
import styles from './Chat.module.scss';

// The seed's thumbnail box (at most 300 x 500 px) from the theme, so the space can be reserved before loading.
const THUMB_MAX_WIDTH = theme.sizes.thumbnailMaxWidth;
const THUMB_MAX_HEIGHT = theme.sizes.thumbnailMaxHeight;

export const fileNameOf = (message: ChatMessage): string =>
  message.aesMessageFilename ? plainFileName(message.aesMessageFilename) : `file-${message.messageId}`;

export function useDownload(message: ChatMessage, original = false) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await downloadFile(message, false, original), fileNameOf(message));
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
  const { openMedia } = useChatRoomContext();
  const { allows } = useMessageMode();
  const { url, failed } = useObjectUrl(message, true);
  const box = thumbnailBox(message.fileMetadata?.width, message.fileMetadata?.height, THUMB_MAX_WIDTH, THUMB_MAX_HEIGHT);
  const name = plainFileName(message.aesMessageFilename ?? '');
  const download = useDownload(message);
  const pending = message.messageId.startsWith('local-');

  return (
    <figure className={styles.image} style={{ width: box.width, height: box.height }}>
      {url ? (
        <button type="button" className={styles.mediaOpen} onClick={() => openMedia(message)} aria-label={t('chat.openImage', { name })} disabled={pending}>
          <img src={url} alt={t('chat.imageAlt', { name })} width={box.width} height={box.height} className={styles.imageEl} />
        </button>
      ) : (
        <div className={styles.imagePlaceholder} aria-hidden="true">
          {failed ? <FileText /> : null}
        </div>
      )}
      {IS_ALLOW_DOWNLOAD_ATTACHMENT && allows.download && !pending ? (
        <IconButton data-flag="IS_ALLOW_DOWNLOAD_ATTACHMENT" className={styles.imageDownload} icon={Download} label={t('chat.download', { name })} onClick={() => void download.run()} disabled={download.busy} />
      ) : null}
    </figure>
  );
}

/** A video is a play tile with its duration; it plays in the media viewer. */
export function VideoContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const { openMedia } = useChatRoomContext();
  const name = plainFileName(message.aesMessageFilename ?? '');
  const duration = message.fileMetadata?.duration;
  const pending = message.messageId.startsWith('local-');
  return (
    <button type="button" className={styles.videoTile} onClick={() => openMedia(message)} disabled={pending} aria-label={t('messages.playVideo', { name })} data-testid="video-tile">
      <Play aria-hidden="true" className={styles.videoPlay} />
      <span className={styles.videoName}>
        <bdi>{name}</bdi>
        {duration !== undefined ? <span className={styles.videoDuration}>{clock(duration)}</span> : null}
      </span>
    </button>
  );
}

/** Voice: play and pause with a progress bar and the time played of the whole. */
export function VoiceContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(message.fileMetadata?.duration ?? 0);
  const audio = useRef<HTMLAudioElement>(null);
  const { url, failed } = useObjectUrl(message, wanted, false);
  const toggle = () => {
    if (!wanted) return setWanted(true);
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  };
  return (
    <div className={styles.voice} data-testid="voice">
      <IconButton icon={playing ? Pause : Play} label={playing ? t('messages.pauseVoice') : t('messages.playVoice')} onClick={toggle} disabled={failed} />
      <div className={styles.voiceTrack}>
        <ProgressBar label={t('messages.voiceProgress')} value={length > 0 ? position / length : 0} />
        <span className={styles.voiceTime} data-testid="voice-time">
          {clock(position)} / {clock(length)}
        </span>
      </div>
      {url ? (
        <audio
          ref={audio}
          src={url}
          autoPlay
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onLoadedMetadata={(event) => Number.isFinite(event.currentTarget.duration) && setLength(event.currentTarget.duration)}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        />
      ) : null}
      {IS_ALLOW_VOICE_TO_TEXT && message.voiceToTextMessage ? <p className={styles.voiceText} data-testid="voice-to-text">{message.voiceToTextMessage}</p> : null}
    </div>
  );
}

export function FileContent({ message, uploading }: { message: ChatMessage; uploading: boolean }) {
  const { t } = useTranslation();
  const { allows } = useMessageMode();
  // Shown without bidi controls, with its real type beside it: 'x\u202Efdp.exe' cannot pass for a PDF.
  const name = plainFileName(message.aesMessageFilename ?? '');
  const extension = realExtension(name);
  const size = plaintextSize(message);
  const parts = size !== undefined ? sizeParts(size) : null;
  const download = useDownload(message);
  const original = useDownload(message, true);
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
        {download.busy || original.busy ? <ProgressBar label={t('chat.download', { name })} value={null} /> : null}
      </div>
      {IS_ALLOW_DOWNLOAD_ATTACHMENT && allows.download && !uploading ? (
        <IconButton data-flag="IS_ALLOW_DOWNLOAD_ATTACHMENT" icon={Download} label={t('chat.download', { name })} onClick={() => void download.run()} disabled={download.busy} />
      ) : null}
      {IS_ALLOW_DOWNLOAD_ORIGINAL && allows.original && message.hasOriginalMessageFile && !uploading ? (
        <IconButton data-flag="IS_ALLOW_DOWNLOAD_ORIGINAL" icon={FileDown} label={t('messages.downloadOriginal')} onClick={() => void original.run()} disabled={original.busy} />
      ) : null}
    </div>
  );
}
