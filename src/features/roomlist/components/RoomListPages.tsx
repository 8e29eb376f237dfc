// Left-panel pages of the room list: the hidden rooms (hidedroomlist, with Unhide) and the archived chats (rooms
// the user closed; a new message or opening and writing brings one back to the room list).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Archive, EyeOff } from 'lucide-react';
import { getHidedRoomListQuery, getSimpleRoomListQuery } from '@generated/api/rooms';
import type { Room } from '@generated/types/index';
import { Avatar, Button, EmptyState, Spinner, definePanelPage, usePanelNav } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { simpleListBody as listBody } from '../../../domain/roomList.ts';
import { roomTitle, sortRooms } from '../../../domain/index.ts';
import { useRoomActionRunner } from './useRoomMenu.tsx';
import styles from './RoomList.module.scss';


function RoomEntries({ rooms, loading, emptyIcon, unhide }: { rooms: Room[] | undefined; loading: boolean; emptyIcon: typeof Archive; unhide?: boolean }) {
  const { t } = useTranslation();
  const selectRoom = usePanelNav((nav) => nav.selectRoom);
  const run = useRoomActionRunner();
  if (loading) return <Spinner />;
  if (!rooms || rooms.length === 0) return <EmptyState icon={emptyIcon} text={t('empty.room')} />;
  return (
    <ul className={styles.pageList}>
      {sortRooms(rooms).map((room) => (
        <li key={room.roomId} className={styles.pageRow} data-testid="listed-room">
          <button type="button" className={styles.pageOpen} onClick={() => selectRoom(room)}>
            <Avatar name={roomTitle(room)} group={room.roomType !== 'SINGLE'} />
            <bdi className={styles.rowName}>{roomTitle(room)}</bdi>
          </button>
          {unhide ? (
            <Button variant="secondary" onClick={() => void run('unhide', room)} aria-label={t('rooms.unhideRoom', { name: roomTitle(room) })}>
              {t('rooms.menu.unhide')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function HiddenRooms() {
  const hidden = useQuery(getHidedRoomListQuery(chatServices().transport, listBody));
  return <RoomEntries rooms={hidden.data?.rooms} loading={hidden.isPending} emptyIcon={EyeOff} unhide />;
}

function ArchivedChats() {
  const all = useQuery({ ...getSimpleRoomListQuery(chatServices().transport, listBody), select: (data) => data.rooms.filter((room) => room.isClosed) });
  return <RoomEntries rooms={all.data} loading={all.isPending} emptyIcon={Archive} />;
}

export const hiddenRoomsPage = definePanelPage('hidedroomlist', 'rooms.hiddenRooms', HiddenRooms);
export const archivedChatsPage = definePanelPage('archivedchats', 'rooms.archivedChats', ArchivedChats);
