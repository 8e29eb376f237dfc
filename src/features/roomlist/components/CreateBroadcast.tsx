// The seed's createbroadcast page (left panel): for whom (the delegates this account may broadcast for), to whom
// (everyone active, where the delegate's allowedBroadcastSelectionType allows it, or people picked with the
// account selector) and what; the broadcast room then opens.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
import type { Account, Room } from '@generated/types/index';
import { IS_ALLOW_BROADCAST_DELEGATE, IS_ALLOW_BROADCAST_TO_ALL } from '@variant/flags';
import { Button, Checkbox, EmptyState, Spinner, definePanelPage, showToast, usePanelNav } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../session/index.ts';
import { mayPickPeople, sendBroadcast, useBroadcastDelegates } from '../api/broadcast.ts';
import { invalidateRoomList } from '../api/data.ts';
import { AccountPicker } from './AccountPicker.tsx';
import styles from './RoomList.module.scss';

function CreateBroadcast() {
  const { t, i18n } = useTranslation();
  const delegates = useBroadcastDelegates();
  const { selectRoom, closeLeft } = usePanelNav();
  const [delegateId, setDelegateId] = useState<string | null>(null);
  const [toAll, setToAll] = useState(false);
  const [picked, setPicked] = useState<Account[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (delegates.isPending) return <Spinner />;
  const list = delegates.data ?? [];
  if (list.length === 0) return <EmptyState icon={Megaphone} text={t('rooms.broadcast.notAllowed')} />;
  const delegate = list.find((entry) => entry.delegateMemberId === delegateId) ?? list[0];
  const pick = mayPickPeople(delegate);
  const allowAll = IS_ALLOW_BROADCAST_TO_ALL && pick;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!delegate || !text.trim()) return setError(t('rooms.broadcast.textMissing'));
    if (!(allowAll && toAll) && picked.length === 0) return setError(t('create.selectMember'));
    setBusy(true);
    const result = await sendBroadcast(delegate.delegateMemberId, allowAll && toAll ? { isAllActiveMembers: true } : { memberIds: picked.map((account) => account.accountId) }, text.trim());
    setBusy(false);
    if (!result.ok) return showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
    await invalidateRoomList(chatServices().queryClient);
    closeLeft();
    selectRoom({ roomId: result.data.roomId, roomType: 'BROADCAST', roomName: delegate.delegateMemberDisplayName } satisfies Room);
  };

  return (
    <form className={styles.broadcast} onSubmit={(event) => void send(event)} aria-label={t('rooms.broadcast.heading')}>
      {IS_ALLOW_BROADCAST_DELEGATE && list.length > 1 ? (
        <label className={styles.field}>
          {t('rooms.broadcast.delegate')}
          <select className={styles.select} value={delegate?.delegateMemberId} onChange={(event) => setDelegateId(event.target.value)}>
            {list.map((entry) => (
              <option key={entry.delegateMemberId} value={entry.delegateMemberId}>
                {entry.delegateMemberDisplayName ?? entry.delegateMemberId}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {allowAll ? <Checkbox label={t('rooms.broadcast.toAll')} checked={toAll} onChange={(event) => setToAll(event.target.checked)} /> : null}
      {pick && !(allowAll && toAll) ? <AccountPicker multiple selected={picked} onChange={setPicked} /> : null}
      {!pick ? <p className={styles.pickerCount}>{t('rooms.broadcast.listsOnly')}</p> : null}
      <label className={styles.field}>
        {t('rooms.broadcast.message')}
        <textarea className={styles.textarea} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy} disabled={!pick}>
        {t('rooms.broadcast.send')}
      </Button>
    </form>
  );
}

export const createBroadcastPage = definePanelPage('createbroadcast', 'rooms.broadcast.heading', CreateBroadcast);
