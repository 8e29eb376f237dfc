// What the room list shows of the other features: the footer's settings, apps, more and full-screen buttons and the
// shortcuts to news, call history and the chatbot. They open other features' pages, so the chat room composes them
// into the room list (features do not import each other).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Ellipsis, LayoutGrid, Settings } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { IS_ALLOW_FULL_SCREEN, IS_ALLOW_VIDEO_CONFERENCE, IS_ALLOW_VOICE_CALL, IS_SHOW_BUSINESS_APPS, IS_SHOW_CHATBOT, IS_SHOW_NEWS } from '@variant/flags';
import { IconButton, usePanelNav } from '../../ui/index.ts';
import { roomFromCache, roomTitle, upsertRoomInCache } from '../../domain/index.ts';
import { bappListPage } from '../../features/bapps/index.ts';
import { ChatbotShortcut, chatbotListPage } from '../../features/chatbot/index.ts';
import { CallHistoryShortcut, callHistoryPage } from '../../features/conference/index.ts';
import { FullScreenToggle } from '../../features/fullscreen/index.ts';
import { NewsShortcut, newsListPage } from '../../features/news/index.ts';
import { settingPage } from '../../features/settings/index.ts';
import { morePage } from './morePage.tsx';

/** The variant offers calls: the room list has their history. */
const hasCalls = IS_ALLOW_VOICE_CALL || IS_ALLOW_VIDEO_CONFERENCE;

export function RoomListFooterLinks() {
  const { t } = useTranslation();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  return (
    <>
      <IconButton icon={Settings} label={t('roomList.settings')} onClick={() => openLeft(settingPage, undefined)} />
      {IS_SHOW_BUSINESS_APPS ? <IconButton icon={LayoutGrid} label={t('roomList.apps')} onClick={() => openLeft(bappListPage, undefined)} /> : null}
      <IconButton icon={Ellipsis} label={t('bapps.more')} onClick={() => openLeft(morePage, undefined)} />
      {IS_ALLOW_FULL_SCREEN ? <FullScreenToggle /> : null}
    </>
  );
}

/** The shortcuts the variant shows, for the room list's `shortcuts`; undefined when it shows none. */
export function useRoomListShortcuts(onSelect: (room: Room) => void): ((className: string | undefined) => ReactNode) | undefined {
  const queryClient = useQueryClient();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const closeLeft = usePanelNav((nav) => nav.closeLeft);
  if (!IS_SHOW_NEWS && !IS_SHOW_CHATBOT && !hasCalls) return undefined;

  const openChatbotRoom = (room: Room) => {
    upsertRoomInCache(queryClient, room);
    closeLeft();
    onSelect(room);
  };
  const knownRoom = (roomId: string) => {
    const room = roomFromCache(queryClient, roomId);
    return room ? { room, title: roomTitle(room) } : undefined;
  };
  const openListedRoom = (room: Room) => {
    closeLeft();
    onSelect(room);
  };
  return (className) => (
    <>
      {IS_SHOW_NEWS ? <NewsShortcut className={className} onOpen={() => openLeft(newsListPage, undefined)} /> : null}
      {hasCalls ? <CallHistoryShortcut className={className} onOpen={() => openLeft(callHistoryPage, { roomOf: knownRoom, onOpenRoom: openListedRoom })} /> : null}
      {IS_SHOW_CHATBOT ? <ChatbotShortcut className={className} onOpen={() => openLeft(chatbotListPage, { onOpened: openChatbotRoom })} /> : null}
    </>
  );
}
