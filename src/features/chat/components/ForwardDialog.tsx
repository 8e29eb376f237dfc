// Forward one or more messages to several rooms: a searchable list of the rooms where the user may send (a room
// whose policy or membership forbids sending is left out), checked, then forwarded to each.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { Button, Checkbox, Dialog, EmptyState, TextField, showToast } from '../../../ui/index.ts';
import { roomAllows, roomTitle, useFunctionRoles, useRooms } from '../../../domain/index.ts';
import { forward } from '../api/data.ts';
import styles from './Chat.module.scss';

export const canSendIn = (room: Room, roles: readonly string[]): boolean =>
  room.isMember !== false && room.isAllowedInput !== false && roomAllows(room, 'SEND_MESSAGE', roles);

export interface ForwardDialogProps {
  fromRoomId: string;
  messageIds: readonly string[];
  onClose: (forwarded: boolean) => void;
}

export function ForwardDialog({ fromRoomId, messageIds, onClose }: ForwardDialogProps) {
  const { t } = useTranslation();
  const rooms = useRooms();
  const roles = useFunctionRoles();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return rooms.filter((room) => canSendIn(room, roles)).filter((room) => needle === '' || roomTitle(room).toLocaleLowerCase().includes(needle));
  }, [query, roles, rooms]);

  const toggle = (roomId: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(roomId)) next.delete(roomId);
      else next.add(roomId);
      return next;
    });

  const send = async () => {
    setBusy(true);
    const refused = await forward(fromRoomId, [...picked], messageIds);
    setBusy(false);
    if (refused.length > 0) {
      showToast(t('errors.actionFailed'));
      return;
    }
    showToast(t('messages.forwardDone', { count: picked.size }), 'success');
    onClose(true);
  };

  return (
    <Dialog
      open
      title={t('chat.forwardHeading')}
      onClose={() => onClose(false)}
      footer={
        <Button disabled={picked.size === 0 || busy} busy={busy} onClick={() => void send()}>
          {t('messages.forwardSend', { count: picked.size })}
        </Button>
      }
    >
      <TextField label={t('messages.forwardSearch')} hideLabel type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      {shown.length === 0 ? (
        <EmptyState text={t('empty.room')} />
      ) : (
        <ul className={styles.forwardList} data-testid="forward-rooms">
          {shown.map((room) => (
            <li key={room.roomId}>
              <Checkbox label={roomTitle(room)} checked={picked.has(room.roomId)} onChange={() => toggle(room.roomId)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
