// New single chat and new group: the seed's validation texts, then the created room opens.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Button, Dialog, TextField, showToast } from '../../ui/index.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { createGroup, createSingleChat } from './data.ts';
import { validateGroup, validateSingleChat } from './createValidation.ts';
import { useRoomList } from './store.ts';

interface CreateProps {
  onClose: () => void;
  onCreated: (room: Room) => void;
}

export function CreateChatDialog({ onClose, onCreated }: CreateProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = validateSingleChat(selected[0]);
    if (invalid) return setError(t(invalid));
    setBusy(true);
    try {
      const room = await createSingleChat(selected[0] as string);
      useRoomList.getState().upsert(room);
      onCreated(room);
    } catch {
      showToast(t('errors.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={t('create.chatHeading')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} onClick={() => void submit()}>{t('create.startChat')}</Button>
        </>
      }
    >
      {error ? <p role="alert" className="cg-error-text">{error}</p> : null}
      <AccountPicker multiple={false} selected={selected} onChange={(ids) => { setSelected(ids); setError(null); }} />
    </Dialog>
  );
}

export function CreateGroupDialog({ onClose, onCreated }: CreateProps) {
  const { t } = useTranslation();
  const max = constants.limits.roomNameMaxLength;
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = validateGroup(name, selected, max);
    if (invalid) return setError(t(invalid));
    setBusy(true);
    try {
      const room = await createGroup(name, selected as [string, ...string[]]);
      useRoomList.getState().upsert(room);
      onCreated(room);
    } catch {
      showToast(t('errors.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={t('create.groupHeading')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} onClick={() => void submit()}>{t('create.createGroup')}</Button>
        </>
      }
    >
      {error ? <p role="alert" className="cg-error-text">{error}</p> : null}
      <TextField
        label={t('create.roomName')}
        hint={t('create.roomNameHint', { max })}
        value={name}
        // The buffer lets a slightly long name be typed so the length message can explain it.
        maxLength={max + constants.limits.roomNameLengthBuffer}
        onChange={(event) => { setName(event.target.value); setError(null); }}
      />
      <AccountPicker multiple selected={selected} onChange={(ids) => { setSelected(ids); setError(null); }} />
    </Dialog>
  );
}
