// Add member (right panel): the account selector, many at a time; the server refuses accounts it cannot add
// with 'Certain accounts are unable to add'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { Button, definePanelPage, usePanelNav } from '../../../ui/index.ts';
import { useRoomInfoSlots } from '../slots.ts';
import { roomChanges } from '../api/data.ts';
import { useChange } from './useChange.ts';
import styles from './RoomInfo.module.scss';

function AddMembers({ params }: { params: { roomId: string } }) {
  const { t } = useTranslation();
  const { AccountPicker } = useRoomInfoSlots();
  const run = useChange();
  const backRight = usePanelNav((nav) => nav.backRight);
  const [selected, setSelected] = useState<Account[]>([]);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const [first, ...rest] = selected.map((account) => account.accountId);
    if (!first) return;
    setBusy(true);
    const added = await run(roomChanges.addMembers(params.roomId, [first, ...rest]), t('rooms.info.membersAdded', { count: selected.length }));
    setBusy(false);
    if (added) backRight();
  };
  return (
    <div className={styles.info}>
      <AccountPicker multiple roomId={params.roomId} selected={selected} onChange={setSelected} />
      <Button disabled={selected.length === 0} busy={busy} onClick={() => void add()}>
        {t('rooms.info.addMember')}
      </Button>
    </div>
  );
}

export const addMembersPage = definePanelPage<{ roomId: string }>('addroommember', 'rooms.info.addMember', AddMembers);
