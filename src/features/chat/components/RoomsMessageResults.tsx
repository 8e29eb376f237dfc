// The room list search's messages section: matches from the most recent rooms first (hooks/useRoomsMessageSearch),
// each with its room; choosing one opens the room at that message.
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { Button, EmptyState, Spinner } from '../../../ui/index.ts';
import { roomTitle } from '../../roomlist/index.ts';
import { useJumpStore } from '../hooks/jumpStore.ts';
import { useRoomsMessageSearch } from '../hooks/useRoomsMessageSearch.ts';
import { messageSummary } from './summary.ts';
import styles from './Chat.module.scss';

export interface RoomsMessageResultsProps {
  text: string;
  /** The rooms to search, most recent first. */
  rooms: readonly Room[];
  onOpen: (room: Room) => void;
}

export function RoomsMessageResults({ text, rooms, onOpen }: RoomsMessageResultsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const searchable = rooms.filter((room) => room.isMember !== false);
  const search = useRoomsMessageSearch(text, searchable.map((room) => room.roomId));
  const jumpTo = useJumpStore((store) => store.jumpTo);
  const byId = new Map(rooms.map((room) => [room.roomId, room]));

  return (
    <>
      <ul className={styles.listRows} aria-busy={search.busy}>
        {search.hits.map(({ roomId, message }) => {
          const room = byId.get(roomId);
          if (!room) return null;
          return (
            <li key={`${roomId}/${message.messageId}`} className={styles.listRow} data-testid="message-result">
              <button
                type="button"
                className={styles.listRowButton}
                title={t('messages.goToMessage')}
                onClick={() => {
                  onOpen(room);
                  jumpTo(roomId, message.messageId);
                }}
              >
                <span className={styles.listRowHead}>
                  <bdi className={styles.quoteName}>{roomTitle(room)}</bdi>
                  <time className={styles.listRowTime}>{message.messageCreateDate ? new Date(message.messageCreateDate).toLocaleString(locale) : ''}</time>
                </span>
                <bdi className={styles.listRowText}>
                  {message.isSendFromYou ? t('chat.you') : message.messageUsername}: {messageSummary(message, t)}
                </bdi>
              </button>
            </li>
          );
        })}
      </ul>
      {search.busy ? <Spinner /> : null}
      {!search.busy && search.hits.length === 0 && !search.hasMore ? <EmptyState text={t('empty.message')} /> : null}
      {!search.busy && search.hasMore ? (
        <Button variant="ghost" onClick={search.more}>
          {t('rooms.search.moreMessages')}
        </Button>
      ) : null}
    </>
  );
}
