// New single chat and new group: the seed's validation texts, then the created room opens.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Button, Dialog, TextField, showToast } from '../../../ui/index.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMultipleRoomMutation, createSingleRoomMutation } from '@generated/api/index';
import { chatServices } from '../../session/index.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { upsertRoomInCache } from '../api/data.ts';
import { validateGroup, validateSingleChat } from '../model/createValidation.ts';

interface CreateProps {
  onClose: () => void;
  onCreated: (room: Room) => void;
}

/** Validation, the busy state and the create call shared by both dialogs. */
function useRoomCreation(onCreated: (room: Room) => void) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const submit = async (invalid: string | null, create: () => Promise<Room>) => {
    if (invalid) return setError(t(invalid));
    setBusy(true);
    try {
      const room = await create();
      upsertRoomInCache(queryClient, room);
      onCreated(room);
    } catch {
      showToast(t('errors.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { error, clearError: () => setError(null), busy, submit };
}

interface FrameProps {
  title: string;
  action: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

function CreateDialogFrame({ title, action, busy, error, onClose, onSubmit, children }: FrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} onClick={onSubmit}>{action}</Button>
        </>
      }
    >
      {error ? <p role="alert" className="cg-error-text">{error}</p> : null}
      {children}
    </Dialog>
  );
}

export function CreateChatDialog({ onClose, onCreated }: CreateProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const { error, clearError, busy, submit } = useRoomCreation(onCreated);
  const createChat = useMutation(createSingleRoomMutation(chatServices().transport));
  return (
    <CreateDialogFrame
      title={t('create.chatHeading')}
      action={t('create.startChat')}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => void submit(validateSingleChat(selected[0]), () => createChat.mutateAsync({ memberId: selected[0] as string }))}
    >
      <AccountPicker multiple={false} selected={selected} onChange={(ids) => { setSelected(ids); clearError(); }} />
    </CreateDialogFrame>
  );
}

export function CreateGroupDialog({ onClose, onCreated }: CreateProps) {
  const { t } = useTranslation();
  const max = constants.limits.roomNameMaxLength;
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const { error, clearError, busy, submit } = useRoomCreation(onCreated);
  const create = useMutation(createMultipleRoomMutation(chatServices().transport));
  return (
    <CreateDialogFrame
      title={t('create.groupHeading')}
      action={t('create.createGroup')}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => void submit(validateGroup(name, selected, max), () => create.mutateAsync({ roomName: name.trim(), memberIds: selected as [string, ...string[]] }))}
    >
      <TextField
        label={t('create.roomName')}
        hint={t('create.roomNameHint', { max })}
        value={name}
        // The buffer lets a slightly long name be typed so the length message can explain it.
        maxLength={max + constants.limits.roomNameLengthBuffer}
        onChange={(event) => { setName(event.target.value); clearError(); }}
      />
      <AccountPicker multiple selected={selected} onChange={(ids) => { setSelected(ids); clearError(); }} />
    </CreateDialogFrame>
  );
}
