// The left panel's room list: search, new chat/group (left pages), a virtualised list of rooms, footer navigation.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Archive, EyeOff, Megaphone, NotebookPen, LogOut, MessageCirclePlus, MessagesSquare, Search, Users, Inbox } from 'lucide-react';
import type { Account, Room } from '@generated/types/index';
import { IS_ALLOW_BROADCAST, IS_ALLOW_CREATE_CHAT, IS_ALLOW_CREATE_GROUP, IS_ALLOW_SELF_CHAT, IS_SHOW_ARCHIVED_CHATS, IS_SHOW_HIDDEN_ROOMS } from '@variant/flags';
import { Badge, EmptyState, IconButton, Panel, Spinner, showToast, usePanelNav } from '../../../ui/index.ts';
import { selectMembersPage, selectRoomTypePage } from './CreatePages.tsx';
import { RoomRow } from './RoomRow.tsx';
import { useRoomPages } from '../api/listPages.ts';
import { openSelfChat } from '../api/selfChat.ts';
import { useMayBroadcast } from '../api/broadcast.ts';
import { useRoomSearch } from '../api/search.ts';
import { useRoomPictures } from '../api/pictures.ts';
import { useSettled } from '../hooks/useSettled.ts';
import { PeopleResults } from './PeopleResults.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';
import { filterRooms } from '../model/rooms.ts';
import { allPreviews, allRooms } from '../../../domain/roomPages.ts';
import { useRoomListSync } from '../hooks/useRoomListSync.ts';
import { usePeopleSync } from '../hooks/usePeopleSync.ts';
import { useUnreadTitle } from '../hooks/useUnreadTitle.ts';
import { useTotalUnread } from '../api/unreadTotal.ts';
import { unreadText } from '../model/unreadTotal.ts';
import { archivedChatsPage, hiddenRoomsPage } from './RoomListPages.tsx';
import { createBroadcastPage } from './CreateBroadcast.tsx';
import { useRoomMenu } from './useRoomMenu.tsx';
import styles from './RoomList.module.scss';

/** The room list's other lists, as the variant shows them. */
const otherLists = [
  ...(IS_SHOW_ARCHIVED_CHATS ? [{ page: archivedChatsPage, icon: Archive }] : []),
  ...(IS_SHOW_HIDDEN_ROOMS ? [{ page: hiddenRoomsPage, icon: EyeOff }] : []),
];

export interface RoomListProps {
  selectedRoomId: string | null;
  onSelect: (room: Room) => void;
  onLogout: () => void;
  /** A person found by the search (the chat screen opens their user info). */
  onPerson: (account: Account) => void;
  /** The search's messages section for the settled text (the chat's: it searches every room of mine). */
  messageResults?: (text: string) => ReactNode;
  /** The other features' footer buttons (settings, apps, more, full screen), between Chats and Logout. */
  footerLinks?: ReactNode;
  /**
   * The other features' shortcuts above the rooms (news, call history, chatbot), before the room list's own other
   * lists; left out when the variant shows none. `className` is the shortcut's look.
   */
  shortcuts?: (className: string | undefined) => ReactNode;
}

export function RoomList({ selectedRoomId, onSelect, onLogout, onPerson, messageResults, footerLinks, shortcuts }: RoomListProps) {
  const { t } = useTranslation();
  useRoomListSync(selectedRoomId);
  usePeopleSync();
  const unread = useTotalUnread();
  useUnreadTitle(unread);
  const pages = useRoomPages();
  const rooms = useMemo(() => allRooms(pages.data), [pages.data]);
  const previews = useMemo(() => allPreviews(pages.data), [pages.data]);
  const pictures = useRoomPictures(rooms);
  const loaded = pages.isSuccess || pages.isError;
  const { hasNextPage, isFetching, isError, fetchNextPage } = pages;
  const [query, setQuery] = useState('');
  const menu = useRoomMenu();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const mayBroadcast = useMayBroadcast(IS_ALLOW_BROADCAST);
  const searched = useSettled(query);
  const found = useRoomSearch(searched);
  // Loaded rooms matching the name, then rooms the server found (by name or member) that are not loaded.
  const visible = useMemo(() => {
    const local = filterRooms(rooms, query);
    const more = query.trim() ? (found.data ?? []).filter((room) => !local.some((known) => known.roomId === room.roomId)) : [];
    return [...local, ...more];
  }, [found.data, query, rooms]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 68,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastItem = items[items.length - 1];
  const nearEnd = lastItem !== undefined && lastItem.index >= visible.length - 5;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetching && !isError && !query) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isError, isFetching, nearEnd, query]);
  useEffect(() => {
    if (isError) showToast(t('errors.actionFailed'));
  }, [isError, t]);

  const selfChat = async () => {
    const room = await openSelfChat();
    if (room) onSelect(room);
    else showToast(t('errors.actionFailed'));
  };

  return (
    <Panel
      title={t('roomList.heading')}
      actions={
        <>
          {IS_ALLOW_CREATE_CHAT ? <IconButton icon={MessageCirclePlus} label={t('roomList.createChat')} onClick={() => openLeft(selectRoomTypePage, undefined)} /> : null}
          {IS_ALLOW_CREATE_GROUP ? <IconButton icon={Users} label={t('roomList.createGroup')} onClick={() => openLeft(selectMembersPage, undefined)} /> : null}
          {IS_ALLOW_BROADCAST && mayBroadcast ? <IconButton icon={Megaphone} label={t('rooms.broadcast.heading')} onClick={() => openLeft(createBroadcastPage, undefined)} /> : null}
          {IS_ALLOW_SELF_CHAT ? <IconButton icon={NotebookPen} label={t('rooms.selfChat')} onClick={() => void selfChat()} /> : null}
        </>
      }
      footer={
        <nav className={styles.footer} aria-label={t('roomList.footer')}>
          <span className={styles.footerItem}>
            <IconButton icon={MessagesSquare} label={unread ? t('roomList.chatsWithUnread', { count: unread }) : t('roomList.chats')} pressed tone="accent" />
            {unread ? (
              // The button's name already says it: the badge is for the eye only.
              <span className={styles.footerBadge} data-testid="unread-total" aria-hidden="true">
                <Badge label={t('roomList.unread', { count: unread })}>{unreadText(unread)}</Badge>
              </span>
            ) : null}
          </span>
          {footerLinks}
          <IconButton icon={LogOut} label={t('roomList.logout')} onClick={onLogout} />
        </nav>
      }
    >
      <div className={styles.layout}>
        <ProfileSummary />
        <div className={styles.search} role="search" aria-label={t('roomList.searchLabel')}>
          <Search className={styles.searchIcon} aria-hidden="true" />
          <input
            className={styles.searchInput}
            type="search"
            aria-label={t('roomList.searchLabel')}
            placeholder={t('roomList.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setQuery('')}
          />
        </div>
        {otherLists.length > 0 || shortcuts ? (
          <nav className={styles.shortcuts} aria-label={t('rooms.otherLists')}>
            {shortcuts?.(styles.shortcut)}
            {otherLists.map(({ page, icon: Icon }) => (
              <button key={page.name} type="button" className={styles.shortcut} onClick={() => openLeft(page, undefined)}>
                <Icon aria-hidden="true" />
                {t(page.titleKey)}
              </button>
            ))}
          </nav>
        ) : null}
        <div ref={scrollRef} className={styles.scroller} data-testid="room-list">
          {!loaded ? <Spinner /> : null}
          {loaded && visible.length === 0 ? <EmptyState icon={Inbox} text={t('empty.room')} /> : null}
          <ul className={styles.list} style={{ height: virtualizer.getTotalSize() }} role="list" aria-label={t('roomList.heading')}>
            {items.map((item) => {
              const room = visible[item.index] as Room;
              return (
                <li
                  key={room.roomId}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={styles.item}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <RoomRow room={room} preview={previews[room.roomId]} picture={pictures[room.roomId]} selected={room.roomId === selectedRoomId} onSelect={onSelect} onMenu={menu.open} />
                </li>
              );
            })}
          </ul>
          {searched && query.trim() ? <PeopleResults text={searched} onPerson={onPerson} /> : null}
          {searched && query.trim() && messageResults ? (
            <section className={styles.results} aria-label={t('rooms.search.messages')} data-testid="message-results">
              <h3 className={styles.resultsHeading}>{t('rooms.search.messages')}</h3>
              {messageResults(searched)}
            </section>
          ) : null}
        </div>
      </div>
      {menu.element}
    </Panel>
  );
}
