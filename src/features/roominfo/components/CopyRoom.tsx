// Copy chatroom (right panel): a new group from this room's members (those kept ticked) under a new name; the
// seed's name check. Members who can no longer use the chat (verifyauthorizedaccount) are shown but cannot be
// ticked, as one of them would make the server refuse the whole group ('Certain accounts are unable to add').
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createMultipleRoom } from '@generated/api/rooms';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Button, Checkbox, Spinner, TextField, definePanelPage, showToast, usePanelNav } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { nameLength, upsertRoomInCache } from '../../../domain/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { membersOf, useAuthorisedIds, useRoomDetail } from '../api/data.ts';
import { chosenIds, copyMembers } from '../model/copyMembers.ts';
import styles from './RoomInfo.module.scss';

function CopyRoom({ params }: { params: { roomId: string; roomName: string } }) {
  const { t, i18n } = useTranslation();
  const detail = useRoomDetail(params.roomId);
  const selectRoom = usePanelNav((nav) => nav.selectRoom);
  const me = chatServices().accountId;
  const [name, setName] = useState(params.roomName);
  const [dropped, setDropped] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const others = membersOf(detail.data).filter((member) => member.accountId !== me);
  const authorised = useAuthorisedIds(others.map((member) => member.accountId));
  const members = copyMembers(others, authorised.data, dropped);
  const max = constants.limits.roomNameMaxLength;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const [first, ...rest] = chosenIds(members);
    if (!name.trim()) return setError(t('create.memberOrNameMissing'));
    if (nameLength(name) > max) return setError(t('create.nameLength'));
    if (!first) return setError(t('create.selectMember'));
    setBusy(true);
    const { transport, queryClient } = chatServices();
    const result = await createMultipleRoom(transport, { roomName: name.trim(), memberIds: [first, ...rest] });
    setBusy(false);
    if (!result.ok) return showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
    const room = result.data as Room;
    upsertRoomInCache(queryClient, room);
    selectRoom(room);
  };

  if (detail.isPending) return <Spinner />;
  return (
    <form className={styles.info} onSubmit={(event) => void create(event)} aria-label={t('rooms.copy.heading')}>
      <p className={styles.meta}>{t('rooms.copy.hint')}</p>
      {members.some((member) => !member.addable) ? (
        <p className={styles.meta} role="note" data-testid="copy-unable">
          {t('rooms.copy.unable')}
        </p>
      ) : null}
      <TextField
        label={t('create.roomName')}
        value={name}
        hint={t('create.roomNameHint', { max })}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <fieldset className={styles.policyGroup}>
        <legend className={styles.heading}>{t('create.members')}</legend>
        {members.map(({ account, addable, chosen }) => {
          const name = account.userFullname || account.loginName || account.accountId;
          return (
            <Checkbox
              key={account.accountId}
              label={addable ? name : t('rooms.copy.cannotAdd', { name })}
              checked={chosen}
              disabled={!addable}
              onChange={(event) => setDropped((list) => (event.target.checked ? list.filter((id) => id !== account.accountId) : [...list, account.accountId]))}
            />
          );
        })}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {t('rooms.copy.create')}
        </Button>
      </div>
    </form>
  );
}

export const copyRoomPage = definePanelPage<{ roomId: string; roomName: string }>('copychatroom', 'rooms.copy.heading', CopyRoom);
