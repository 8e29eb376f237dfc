// One room in the list: name, time, decrypted preview, unread and mention badges, pin and mute icons.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AtSign, BellOff, MoreHorizontal, Pin } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { Avatar, Badge, IconButton } from '../../../ui/index.ts';
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import { isEmojiOnly } from '../../../core/messages/text.ts';
import { chatServices } from '../../../core/session/services.ts';
import { previewText } from '../model/previewText.ts';
import { roomTitle } from '../../../domain/index.ts';
import { unreadText } from '../model/unreadTotal.ts';
import type { MenuAnchor } from './RoomMenu.tsx';
import { anchorBelow } from './useRoomMenu.tsx';
import styles from './RoomList.module.scss';

export interface RoomRowProps {
  room: Room;
  preview: DecryptedMessage | undefined;
  /** The group picture or the other person's photo (data URL), when there is one. */
  picture?: string | undefined;
  selected: boolean;
  onSelect: (room: Room) => void;
  /** Opens the room's menu (right-click, or the row's '⋯' button). */
  onMenu: (room: Room, anchor: MenuAnchor) => void;
}

function usePreviewText(preview: DecryptedMessage | undefined): string {
  const { t } = useTranslation();
  return previewText(preview, t, chatServices().accountId);
}

function formatTime(time: number | undefined, locale: string): string {
  if (!time) return '';
  const date = new Date(time);
  const now = new Date();
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}

export const RoomRow = memo(function RoomRow({ room, preview, picture, selected, onSelect, onMenu }: RoomRowProps) {
  const { t, i18n } = useTranslation();
  const previewText = usePreviewText(preview);
  const title = roomTitle(room);
  const unread = room.noOfUnreadMessage ?? 0;
  const mentioned = room.noOfMentionedMessage ?? 0;
  const locale = i18n.language.replace('_', '-');
  return (
    <div
      className={styles.rowWrap}
      data-testid="room-row"
      data-room-id={room.roomId}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(room, { x: event.clientX, y: event.clientY });
      }}
    >
    <button
      type="button"
      className={[styles.row, selected ? styles.selected : ''].join(' ')}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(room)}
      data-testid="room-open"
    >
      <Avatar name={title} group={room.roomType !== 'SINGLE'} src={picture} />
      <span className={styles.rowBody}>
        <span className={styles.rowTop}>
          <bdi className={styles.rowName} data-testid="room-name">{title}</bdi>
          <span className={styles.rowTime}>{formatTime(room.lastUpdateTime, locale)}</span>
        </span>
        <span className={styles.rowBottom}>
          <bdi
            className={[styles.preview, preview?.messageType === 'TEXT' && isEmojiOnly(preview.text ?? '') ? styles.emojiPreview : ''].join(' ')}
            data-testid="room-preview"
          >
            {previewText}
          </bdi>
          {room.isPin ? <Pin className={styles.flagIcon} aria-label={t('roomList.pinned')} role="img" /> : null}
          {room.isMute ? <BellOff className={styles.flagIcon} aria-label={t('roomList.muted')} role="img" /> : null}
          {mentioned > 0 ? (
            <Badge tone="mention" label={t('roomList.mentioned')}>
              <AtSign className={styles.badgeIcon} aria-hidden="true" />
            </Badge>
          ) : null}
          {unread > 0 ? (
            <Badge tone={room.isMute ? 'muted' : 'unread'} label={t('roomList.unread', { count: unread })}>
              {unreadText(unread)}
            </Badge>
          ) : null}
        </span>
      </span>
    </button>
    <IconButton
      icon={MoreHorizontal}
      label={t('rooms.menu.label', { name: title })}
      aria-haspopup="menu"
      className={styles.rowMenu}
      data-testid="room-menu-button"
      onClick={(event) => onMenu(room, anchorBelow(event.currentTarget))}
    />
    </div>
  );
});
