// The open room's header: its name (cut with an ellipsis, whole in the tooltip) with presence, post title, members
// and typing under it, the room menu, and the room's actions, the most used as buttons and the rest in a "More"
// menu as the width allows (OverflowToolbar; docs/client-ui.md, "Chat header").
import { useTranslation } from 'react-i18next';
import { CheckSquare, FileArchive, Globe, Images, Info, Phone, Search, Star, Timer, Users, Video, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { getSelfDestructSettingQuery } from '@generated/api/index';
import { IS_ALLOW_EXTERNAL_CONFERENCE, IS_ALLOW_SEARCH_MESSAGE, IS_ALLOW_VIDEO_CONFERENCE, IS_ALLOW_VOICE_CALL, IS_SHOW_MEDIA_LIST, IS_SHOW_PRESENCE, IS_SHOW_STARRED_MESSAGES, IS_SHOW_TYPING_INDICATOR, IS_SHOW_UNSUPPORTED_FEATURE_NOTICE } from '@variant/flags';
import type { Account, Room } from '@generated/types/index';
import { IconButton, OverflowToolbar, ToolbarAction, useNotSupportedPopup, usePanelNav } from '../../../ui/index.ts';
import { roomTitle } from '../../../domain/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useChatSlots } from '../slots.ts';
import { useOnlineStatuses, useRoomPresence } from '../hooks/usePresence.ts';
import { LastSeen, OnlineDot } from './OnlineDot.tsx';
import { mediaListPage, searchMessageListPage, starredMessageListPage } from './ListPages.tsx';
import { roomHistoryPage } from './RoomHistory.tsx';
import styles from './Chat.module.scss';

export interface ChatHeaderProps {
  room: Room;
  members: readonly Account[];
  /** Whether select mode has something to do here (forward, delete or export several). */
  canSelect: boolean;
  selecting: boolean;
  onToggleSelect: () => void;
  /** The room's export or archive page is open to this user. */
  canOpenHistory: boolean;
}

export function ChatHeader({ room, members, canSelect, selecting, onToggleSelect, canOpenHistory }: ChatHeaderProps) {
  const { t } = useTranslation();
  const openRight = usePanelNav((nav) => nav.openRight);
  const selectRoom = usePanelNav((nav) => nav.selectRoom);
  const notSupported = useNotSupportedPopup();
  const { RoomMenu, roomInfoPage, createConferencePage, usePlaceCall } = useChatSlots();
  const placeCall = usePlaceCall(room.roomId);
  const typing = useRoomPresence(room.roomId, members);
  const online = useOnlineStatuses(members);
  const title = roomTitle(room);
  const roomId = room.roomId;
  // Every member is told while the room's messages self-destruct (the timer's change reloads the rooms' reads).
  const selfDestruct = useQuery({ ...getSelfDestructSettingQuery(chatServices().transport, { roomId }), enabled: room.isMember !== false });
  const timer = selfDestruct.data?.enable ? selfDestruct.data.selfDestructTime : undefined;
  // A call rings the other members: a room of one (self, chatbot) or one the user has left has nobody to ring.
  const canCall = room.isMember !== false && !room.chatbotId && room.businessType !== 'SELF';
  const single = room.roomType === 'SINGLE' ? members.find((member) => member.accountId === room.singleRoomAccountId) : undefined;
  const typingText =
    !IS_SHOW_TYPING_INDICATOR || typing.length === 0 ? '' : typing.length === 1 ? t('chat.typing', { name: typing[0] }) : t('chat.typingMany', { names: typing.join(', ') });

  return (
    <header className={styles.header}>
      <div className={styles.headerText}>
        <h2 className={styles.roomName} data-testid="chat-title">
          <span className={styles.roomNameText} title={title}>
            {title}
          </span>
          {IS_SHOW_PRESENCE && single ? <OnlineDot status={online.get(single.accountId)} /> : null}
        </h2>
        <p className={styles.headerMeta}>
          {single?.postTitle ? <span className={styles.postTitle}>{single.postTitle}</span> : null}
          {IS_SHOW_PRESENCE && single ? <LastSeen status={online.get(single.accountId)} /> : null}
          {room.roomType !== 'SINGLE' && members.length > 0 ? <span>{t('chat.members', { count: members.length })}</span> : null}
          {timer ? (
            <span className={styles.selfDestructNote} data-testid="self-destruct-note">
              <Timer aria-hidden="true" />
              {t('chat.selfDestructNote', { value: timer.value, unit: t(`rooms.info.units.${timer.unit}`) })}
            </span>
          ) : null}
          <span className={styles.typing} aria-live="polite" data-testid="typing-indicator">
            {typingText}
          </span>
        </p>
      </div>
      <RoomMenu room={room} />
      {/* Listed in the order they show; the rank says which stay as buttons when the header is short (0 = most used).
          An external conference needs a provider the web client does not have (the seed's not-supported popup). */}
      <OverflowToolbar moreLabel={t('common.more')} className={styles.headerActions}>
        {IS_ALLOW_VOICE_CALL && canCall ? <ToolbarAction data-flag="IS_ALLOW_VOICE_CALL" rank={2} icon={Phone} label={t('chat.voiceCall')} onSelect={() => void placeCall('VOICE')} /> : null}
        {IS_ALLOW_VIDEO_CONFERENCE && canCall ? <ToolbarAction data-flag="IS_ALLOW_VIDEO_CONFERENCE" rank={3} icon={Video} label={t('chat.videoConference')} onSelect={() => void placeCall('VIDEO')} /> : null}
        {IS_ALLOW_VIDEO_CONFERENCE && canCall && createConferencePage ? <ToolbarAction data-flag="IS_ALLOW_VIDEO_CONFERENCE" rank={7} icon={Users} label={t('conference.create.title')} onSelect={() => openRight(createConferencePage, { roomId }, { replace: true })} /> : null}
        {IS_ALLOW_EXTERNAL_CONFERENCE && IS_SHOW_UNSUPPORTED_FEATURE_NOTICE ? <ToolbarAction data-flag="IS_ALLOW_EXTERNAL_CONFERENCE" rank={9} icon={Globe} label={t('chat.externalConference')} onSelect={() => void notSupported()} /> : null}
        {IS_ALLOW_SEARCH_MESSAGE ? <ToolbarAction rank={1} icon={Search} label={t('messages.searchList')} onSelect={() => openRight(searchMessageListPage, { roomId }, { replace: true })} /> : null}
        {IS_SHOW_STARRED_MESSAGES ? <ToolbarAction rank={4} icon={Star} label={t('messages.starredList')} onSelect={() => openRight(starredMessageListPage, { roomId }, { replace: true })} /> : null}
        {IS_SHOW_MEDIA_LIST ? <ToolbarAction rank={5} icon={Images} label={t('messages.mediaList')} onSelect={() => openRight(mediaListPage, { roomId }, { replace: true })} /> : null}
        {canSelect ? <ToolbarAction rank={6} icon={CheckSquare} label={t('messages.select')} pressed={selecting} onSelect={onToggleSelect} /> : null}
        {canOpenHistory ? <ToolbarAction rank={8} icon={FileArchive} label={t('history.open')} onSelect={() => openRight(roomHistoryPage, { roomId }, { replace: true })} /> : null}
        <ToolbarAction rank={0} icon={Info} label={t('chat.roomInfo')} onSelect={() => openRight(roomInfoPage, { roomId }, { replace: true })} />
      </OverflowToolbar>
      <IconButton icon={X} label={t('chat.closeRoom')} onClick={() => selectRoom(null)} />
    </header>
  );
}
