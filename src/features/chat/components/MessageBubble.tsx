// One message: sender (first of a group), content by type, time and status ticks, and its actions.
import { memo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Check, CheckCheck, Clock, CornerUpLeft, FileOutput, Forward, ImagePlus, Info, RotateCw, Star, StarOff, Trash2, Undo2 } from 'lucide-react';
import {
  IS_ALLOW_DELETE_FOR_ME,
  IS_ALLOW_OPERATE_MESSAGE,
  IS_ALLOW_PRIVATE_ALBUM,
  IS_ALLOW_RECALL,
  IS_ALLOW_REPLY,
  IS_ALLOW_RESEND,
  IS_ALLOW_STAR,
  IS_ALLOW_UPLOAD_TO_PRIVATE_ALBUM,
  IS_ALLOW_TEXT_TO_SPEECH,
  IS_ALLOW_TRANSLATION,
  IS_SHOW_MESSAGE_INFO,
  IS_SHOW_URL_PREVIEW,
} from '@variant/flags';
import { IconButton, useTabStops } from '../../../ui/index.ts';
import { useChatSlots } from '../slots.ts';
import { serviceOffered } from '../../../core/session/provider-services.ts';
import { FileContent, ImageContent, VideoContent, VoiceContent } from './Attachment.tsx';
import {
  AppCardContent,
  ChoiceContent,
  ContactContent,
  DateTimeContent,
  DismissContent,
  JsonCardContent,
  LocationContent,
  StickerContent,
  UrlPreview,
} from './kinds/Cards.tsx';
import { PollContent } from './kinds/Poll.tsx';
import { messageSummary } from './summary.ts';
import { systemLineText } from '../../../domain/systemLine.ts';
import { chatServices } from '../../../core/session/services.ts';
import { canSaveToAlbum, liveName, useLiveNames } from '../../../domain/index.ts';
import { kindShown } from '../model/kindFlags.ts';
import { useChatRoomContext, useMessageMode } from './RoomContext.tsx';
import { recallDeadline } from '../model/protection.ts';
import { useBeforeDeadline } from '../hooks/useBeforeDeadline.ts';
import { useRoomMembers, type ChatMessage } from '../api/data.ts';
import { MessageText } from './MessageText.tsx';
import styles from './Chat.module.scss';

/** A message with text to translate: TEXT and URL with their text decrypted, not recalled. */
const isText = (message: ChatMessage): boolean =>
  (message.messageType === 'TEXT' || message.messageType === 'URL') && Boolean(message.text?.trim()) && message.messageStatus !== 'ALL_DELETED';

export type MessageAction = 'reply' | 'forward' | 'star' | 'unstar' | 'deleteForMe' | 'recall' | 'resend' | 'info' | 'album' | 'export';

export interface MessageBubbleProps {
  message: ChatMessage;
  firstOfGroup: boolean;
  lastOfGroup: boolean;
  locale: string;
  onAction: (action: MessageAction, message: ChatMessage) => void;
}

function StatusTick({ status }: { status: ChatMessage['messageStatus'] }) {
  const { t } = useTranslation();
  if (!status || status === 'ALL_DELETED') return null;
  const label = t(`chat.status.${status}`);
  const icon = {
    SERVER_RECEIVED: <Check aria-hidden="true" />,
    ALL_RECEIVED: <CheckCheck aria-hidden="true" />,
    ALL_READ: <CheckCheck aria-hidden="true" />,
    PENDING_SEND: <Clock aria-hidden="true" />,
    SEND_FAILED: <AlertCircle aria-hidden="true" />,
  }[status];
  return (
    <span className={[styles.tick, styles[`tick_${status}`]].join(' ')} role="img" aria-label={label} title={label} data-status={status}>
      {icon}
    </span>
  );
}

/** A text that mentions members: their `@Name`s highlighted, the names from the room's members. */
function MentioningText({ message }: { message: ChatMessage }) {
  const members = useRoomMembers(useChatRoomContext().roomId);
  const ids = new Set(message.msgMentionAccountIds);
  const names = members.filter((member) => ids.has(member.accountId)).map((member) => member.userFullname ?? member.loginName ?? '');
  return <MessageText text={message.text ?? ''} mentions={names} />;
}

function Content({ message, locale }: { message: ChatMessage; locale: string }) {
  const { t } = useTranslation();
  if (message.messageStatus === 'ALL_DELETED') return <em className={styles.recalled}>{t('chat.recalled')}</em>;
  if (message.failure) return <em className={styles.failure}>{t(message.failure.key, { id: message.failure.id })}</em>;
  if (!kindShown(message.messageType)) return <em className={styles.unsupported}>{t('errors.typeNotSupported')}</em>;
  switch (message.messageType) {
    case 'TEXT':
    case 'URL':
      return (
        <>
          {message.msgMentionAccountIds?.length ? <MentioningText message={message} /> : <MessageText text={message.text ?? ''} />}
          {IS_SHOW_URL_PREVIEW ? <UrlPreview message={message} /> : null}
        </>
      );
    case 'IMAGE':
      return <ImageContent message={message} />;
    case 'VIDEO':
      return <VideoContent message={message} />;
    case 'VOICE':
      return <VoiceContent message={message} />;
    case 'FILE':
      return <FileContent message={message} uploading={message.messageStatus === 'PENDING_SEND'} />;
    case 'LOCATION':
      return <LocationContent message={message} />;
    case 'CONTACT':
      return <ContactContent message={message} />;
    case 'STICKER':
      return <StickerContent message={message} />;
    case 'BAPP':
      return <AppCardContent message={message} />;
    case 'REQUEST':
    case 'MC':
      return <ChoiceContent message={message} />;
    case 'DATETIME':
      return <DateTimeContent message={message} locale={locale} />;
    case 'JSONCARD':
      return <JsonCardContent message={message} />;
    case 'DISMISS':
    case 'DISMISS_MC':
    case 'DISMISS_REQ':
    case 'DISMISS_BAPP':
      return <DismissContent message={message} />;
    case 'POLLING':
      return <PollContent message={message} />;
    default:
      return <em className={styles.unsupported}>{t('errors.typeNotSupported')}</em>;
  }
}

export const MessageBubble = memo(function MessageBubble({ message, firstOfGroup, lastOfGroup, locale, onAction }: MessageBubbleProps) {
  const { t } = useTranslation();
  const { ReadAloudAction, TranslateAction, TranslationLine } = useChatSlots();
  const mode = useMessageMode();
  // A row's buttons and links are Tab stops only while it is pointed at or focused (the list's arrow keys move
  // between rows): else every action of every message stood between the room header and the composer.
  const rowRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useTabStops(rowRef, hovered || focused || mode.selected !== null);
  const names = useLiveNames();
  // RECALL_MESSAGE_TIME: 'Delete for everyone' only while the room's window since sending is open.
  const recallOpen = useBeforeDeadline(message.isSendFromYou ? recallDeadline(message.messageCreateDate, mode.allows.recallSeconds) : null);
  if (message.messageType === 'SYSTEM' && kindShown('SYSTEM')) {
    return (
      // A line of the message log (role log), read out as it comes: no role of its own.
      <p className={styles.system} data-testid="system-line" data-message-id={message.messageId}>
        {systemLineText(message, t, chatServices().accountId)}
      </p>
    );
  }
  const own = Boolean(message.isSendFromYou);
  const sender = liveName(names, message.messageUserId, message.messageUsername);
  const local = message.messageId.startsWith('local-');
  const failed = message.messageStatus === 'SEND_FAILED';
  const time = message.messageCreateDate
    ? new Date(message.messageCreateDate).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : '';
  const deleted = message.messageStatus === 'ALL_DELETED';
  const act = (action: MessageAction) => () => onAction(action, message);
  const selecting = mode.selected !== null;
  const selectable = selecting && !local;
  return (
    <div
      ref={rowRef}
      tabIndex={-1}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event: FocusEvent) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      className={[styles.messageRow, own ? styles.own : styles.other, firstOfGroup ? styles.groupStart : '', lastOfGroup ? styles.groupEnd : '', selecting ? styles.selecting : ''].join(' ')}
      data-testid="message"
      data-message-id={message.messageId}
      data-own={own ? 'true' : 'false'}
      data-kind={message.messageType}
    >
      {selectable ? (
        <input
          type="checkbox"
          className={styles.selectBox}
          aria-label={t('messages.selectMessage')}
          checked={mode.selected?.has(message.messageId) ?? false}
          onChange={() => mode.toggleSelected(message.messageId)}
        />
      ) : null}
      {/* The bubble and its actions: the toolbar sits beside the bubble, level with its top, never over another message. */}
      <div className={styles.bubbleAnchor}>
        <article className={[styles.bubble, own ? styles.bubbleOwn : styles.bubbleOther].join(' ')} aria-label={sender ?? undefined}>
          {firstOfGroup && !own ? (
            <header className={styles.sender}>
              <bdi>{sender}</bdi>
            </header>
          ) : null}
          {message.isForwardMessage ? <p className={styles.meta}>{t('chat.forwarded')}</p> : null}
          {message.replyToMessage ? (
            <blockquote className={styles.quote}>
              <bdi className={styles.quoteName}>{liveName(names, message.replyToMessage.messageUserId, message.replyToMessage.messageUsername)}</bdi>
              <bdi className={styles.quoteText}>{messageSummary(message.replyToMessage, t)}</bdi>
            </blockquote>
          ) : null}
          <div className={styles.content}>
            <Content message={message} locale={locale} />
            {IS_ALLOW_TRANSLATION && IS_ALLOW_OPERATE_MESSAGE ? <TranslationLine messageId={message.messageId} /> : null}
          </div>
          <footer className={styles.footerLine}>
            {message.isStarredByYou ? <Star className={styles.starMark} role="img" aria-label={t('chat.starred')} /> : null}
            <time dateTime={message.messageCreateDate ? new Date(message.messageCreateDate).toISOString() : undefined}>{time}</time>
            {own && message.sendRetrying ? <span className={styles.sendNote}>{t('chat.sendRetrying')}</span> : null}
            {own && failed ? <span className={[styles.sendNote, styles.sendNoteFailed].join(' ')}>{t('chat.status.SEND_FAILED')}</span> : null}
            {own ? <StatusTick status={message.messageStatus} /> : null}
          </footer>
        </article>
        {!deleted && !selecting ? (
          <div className={styles.actions} role="toolbar" aria-label={t('chat.messageActions')}>
            {failed && IS_ALLOW_RESEND ? <IconButton icon={RotateCw} label={t('chat.resend')} tone="danger" onClick={act('resend')} /> : null}
            {!local && IS_ALLOW_REPLY ? <IconButton icon={CornerUpLeft} label={t('chat.reply')} onClick={act('reply')} /> : null}
            {IS_ALLOW_TRANSLATION && IS_ALLOW_OPERATE_MESSAGE && serviceOffered('translate') && !local && !own && isText(message) ? <TranslateAction message={message} /> : null}
            {IS_ALLOW_TEXT_TO_SPEECH && serviceOffered('readAloud') && !local && isText(message) ? <ReadAloudAction messageId={message.messageId} /> : null}
            {!local && mode.canForward ? <IconButton icon={Forward} label={t('chat.forward')} onClick={act('forward')} /> : null}
            {!local && IS_ALLOW_STAR && mode.allows.star ? (
              message.isStarredByYou ? (
                <IconButton icon={StarOff} label={t('chat.unstar')} onClick={act('unstar')} />
              ) : (
                <IconButton icon={Star} label={t('chat.star')} onClick={act('star')} />
              )
            ) : null}
            {!local && mode.canExport ? <IconButton icon={FileOutput} label={t('history.exportMessage')} onClick={act('export')} /> : null}
            {IS_ALLOW_PRIVATE_ALBUM && IS_ALLOW_UPLOAD_TO_PRIVATE_ALBUM && mode.allows.download && canSaveToAlbum(message) ? (
              <IconButton data-flag="IS_ALLOW_UPLOAD_TO_PRIVATE_ALBUM" icon={ImagePlus} label={t('album.saveAction')} onClick={act('album')} />
            ) : null}
            {!local && own && IS_SHOW_MESSAGE_INFO ? <IconButton icon={Info} label={t('chat.messageInfo')} onClick={act('info')} /> : null}
            {(IS_ALLOW_DELETE_FOR_ME || local) ? <IconButton icon={Trash2} label={t('chat.deleteForMe')} onClick={act('deleteForMe')} /> : null}
            {!local && own && IS_ALLOW_RECALL && mode.allows.recall && recallOpen ? <IconButton icon={Undo2} label={t('chat.recall')} onClick={act('recall')} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
});
