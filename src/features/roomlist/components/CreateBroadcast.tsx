// The seed's createbroadcast page (left panel): for whom (the delegates this account may broadcast for), to whom
// (everyone active where the delegate's allowedBroadcastSelectionType is ALL, or the recipients of the selection
// displays the delegate and the variant allow) and what; the broadcast room then opens.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
import type { Room } from '@generated/types/index';
import {
  IS_ALLOW_BROADCAST_DELEGATE,
  IS_ALLOW_BROADCAST_DISTRIBUTION_LIST,
  IS_ALLOW_BROADCAST_GROUP_LIST,
  IS_ALLOW_BROADCAST_TO_ALL,
  IS_ALLOW_BROADCAST_UPLOAD_LIST,
} from '@variant/flags';
import { Button, Checkbox, EmptyState, Spinner, definePanelPage, showToast, usePanelNav } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { sendBroadcast, useBroadcastDelegates } from '../api/broadcast.ts';
import { invalidateRoomList } from '../../../domain/roomList.ts';
import { recipientFields, selectionDisplays, type BroadcastFlags } from '../model/broadcastRecipients.ts';
import { BroadcastRecipients, noRecipients, type RecipientState } from './BroadcastRecipients.tsx';
import styles from './RoomList.module.scss';

const flags: BroadcastFlags = {
  groupList: IS_ALLOW_BROADCAST_GROUP_LIST,
  distributionList: IS_ALLOW_BROADCAST_DISTRIBUTION_LIST,
  uploadList: IS_ALLOW_BROADCAST_UPLOAD_LIST,
};

function CreateBroadcast() {
  const { t, i18n } = useTranslation();
  const delegates = useBroadcastDelegates();
  const { selectRoom, closeLeft } = usePanelNav();
  const [delegateId, setDelegateId] = useState<string | null>(null);
  const [recipients, setRecipients] = useState<RecipientState>(noRecipients);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (delegates.isPending) return <Spinner />;
  const list = delegates.data ?? [];
  const delegate = list.find((entry) => entry.delegateMemberId === delegateId) ?? list[0];
  if (!delegate) return <EmptyState icon={Megaphone} text={t('rooms.broadcast.notAllowed')} />;
  const rights = delegate.allowedBroadcastSelectionType;
  const displays = selectionDisplays(rights, flags);
  const allowAll = IS_ALLOW_BROADCAST_TO_ALL && rights === 'ALL';
  const choice = { ...recipients, toAll: allowAll && recipients.toAll };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('rooms.broadcast.textMissing'));
    const fields = recipientFields(choice);
    if (!fields) return setError(t('create.selectMember'));
    setBusy(true);
    const result = await sendBroadcast(delegate.delegateMemberId, fields, text.trim());
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
          <select
            className={styles.select}
            value={delegate.delegateMemberId}
            onChange={(event) => {
              setDelegateId(event.target.value);
              setRecipients(noRecipients);
            }}
          >
            {list.map((entry) => (
              <option key={entry.delegateMemberId} value={entry.delegateMemberId}>
                {entry.delegateMemberDisplayName ?? entry.delegateMemberId}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {allowAll ? <Checkbox label={t('rooms.broadcast.toAll')} checked={recipients.toAll} onChange={(event) => setRecipients({ ...recipients, toAll: event.target.checked })} /> : null}
      {!choice.toAll && rights && displays.length > 0 ? (
        <BroadcastRecipients key={delegate.delegateMemberId} delegateId={delegate.delegateMemberId} rights={rights} flags={flags} displays={displays} value={recipients} onChange={setRecipients} />
      ) : null}
      {displays.length === 0 && !allowAll ? <p className={styles.pickerCount}>{t('rooms.broadcast.noSelection')}</p> : null}
      <label className={styles.field}>
        {t('rooms.broadcast.message')}
        <textarea className={styles.textarea} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy} disabled={displays.length === 0 && !allowAll}>
        {t('rooms.broadcast.send')}
      </Button>
    </form>
  );
}

export const createBroadcastPage = definePanelPage('createbroadcast', 'rooms.broadcast.heading', CreateBroadcast);
