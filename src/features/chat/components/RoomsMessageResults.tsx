// The room list search's messages section: every room of mine (the loaded list first, then the rest by recency) is
// searched in the browser a page at a time (hooks/useRoomsMessageSearch), with its progress and a stop button;
// hits are grouped by room. A hit opens its room at the message; a room's 'Search in this chat' opens the room's
// own search (searchmessagelist) with the same words, for its whole history.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { Button, EmptyState, Spinner, usePanelNav } from '../../../ui/index.ts';
import { roomTitle, useAllRooms } from '../../../domain/index.ts';
import { useRoomsMessageSearch } from '../hooks/useRoomsMessageSearch.ts';
import { groupHits } from '../model/roomsSearch.ts';
import { searchMessageListPage } from './ListPages.tsx';
import { MessageRows } from './MessageRows.tsx';
import own from './RoomsMessageResults.module.scss';

export interface RoomsMessageResultsProps {
  text: string;
  onOpen: (room: Room) => void;
}

const progressKey = ({ state, readingOlder }: { state: string; readingOlder: boolean }) =>
  state === 'done' ? 'rooms.search.progressDone' : readingOlder ? 'rooms.search.progressOlder' : 'rooms.search.progress';

export function RoomsMessageResults({ text, onOpen }: RoomsMessageResultsProps) {
  const { t } = useTranslation();
  const { rooms, settled } = useAllRooms();
  // Rooms I am still a member of, each once (the loaded copy first).
  const byId = useMemo(() => {
    const map = new Map<string, Room>();
    for (const room of rooms) if (room.isMember !== false && !map.has(room.roomId)) map.set(room.roomId, room);
    return map;
  }, [rooms]);
  const order = useMemo(() => (settled ? [...byId.keys()] : null), [byId, settled]);
  const { snapshot, more, stop } = useRoomsMessageSearch(text, order);
  const groups = useMemo(() => groupHits(snapshot?.hits ?? [], order ?? []), [order, snapshot?.hits]);
  const openRight = usePanelNav((nav) => nav.openRight);

  if (!snapshot) return <Spinner />;
  const { state, roomsRead, roomsTotal } = snapshot;
  const searchIn = (room: Room) => {
    onOpen(room);
    openRight(searchMessageListPage, { roomId: room.roomId, query: text });
  };

  return (
    <>
      {roomsTotal > 0 ? (
        <div className={own.progress} data-testid="message-search-progress">
          <span role="status">{t(progressKey(snapshot), { read: roomsRead, total: roomsTotal })}</span>
          <progress max={roomsTotal} value={roomsRead} aria-label={t('rooms.search.progressLabel')} />
        </div>
      ) : null}
      <ul className={own.groups} aria-busy={state === 'running'}>
        {groups.map(({ roomId, hits }) => {
          const room = byId.get(roomId);
          if (!room) return null;
          const title = roomTitle(room);
          return (
            <li key={roomId} className={own.group} data-testid="message-result-group">
              <div className={own.groupHead}>
                <h4 className={own.groupTitle}>
                  <bdi>{title}</bdi>
                </h4>
                <span className={own.groupCount}>{t('rooms.search.found', { count: hits.length })}</span>
              </div>
              <MessageRows roomId={roomId} messages={hits.map((hit) => hit.message)} onOpen={() => onOpen(room)} label={title} testId="message-result" />
              <div className={own.actions}>
                <Button variant="ghost" onClick={() => searchIn(room)}>
                  {t('rooms.search.inChat', { name: title })}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {state === 'done' && snapshot.hits.length === 0 ? <EmptyState text={t('empty.message')} /> : null}
      <div className={own.actions}>
        {state === 'running' ? (
          <>
            <Spinner />
            <Button variant="secondary" onClick={stop}>
              {t('rooms.search.stop')}
            </Button>
          </>
        ) : null}
        {state === 'paused' || state === 'stopped' ? (
          <Button variant="ghost" onClick={more}>
            {t('rooms.search.continue')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
