// New conversations as the seed's left-panel pages: selectroomtype (chat, group, broadcast, my own chat, as the
// variant allows) → selectroommember (the account selector) → createchat (one person) or createroom (a group's
// name, picture and members); the created room opens and the pages close.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone, MessageCircle, NotebookPen, Users, X, type LucideIcon } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMultipleRoomMutation, createSingleRoomMutation } from '@generated/api/index';
import type { Account, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { IS_ALLOW_BROADCAST, IS_ALLOW_CREATE_CHAT, IS_ALLOW_CREATE_GROUP, IS_ALLOW_SELF_CHAT } from '@variant/flags';
import { Button, IconButton, TextField, definePanelPage, showToast, usePanelNav } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useMayBroadcast } from '../api/broadcast.ts';
import { upsertRoomInCache } from '../../../domain/roomList.ts';
import { openSelfChat } from '../api/selfChat.ts';
import { validateGroup, validateSingleChat } from '../model/createValidation.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { AccountLine, accountName } from './AccountChoices.tsx';
import { createBroadcastPage } from './CreateBroadcast.tsx';
import { GroupPicture, type ChosenPicture } from './GroupPicture.tsx';
import styles from './RoomList.module.scss';

/** Opens a created room and closes the creation pages. */
function useOpenCreated() {
  const queryClient = useQueryClient();
  const { selectRoom, closeLeft } = usePanelNav();
  return (room: Room) => {
    upsertRoomInCache(queryClient, room);
    closeLeft();
    selectRoom(room);
  };
}

function FormError({ text }: { text: string | null }) {
  return text ? (
    <p className={styles.formError} role="alert">
      {text}
    </p>
  ) : null;
}

function TypeChoice({ icon: Icon, label, onClick }: { icon: LucideIcon; label: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" className={styles.pageOpen} onClick={onClick}>
        <Icon aria-hidden="true" />
        <span>{label}</span>
      </button>
    </li>
  );
}

function SelectRoomType() {
  const { t } = useTranslation();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const mayBroadcast = useMayBroadcast(IS_ALLOW_BROADCAST);
  const openCreated = useOpenCreated();
  const selfChat = async () => {
    const room = await openSelfChat();
    if (room) openCreated(room);
    else showToast(t('errors.actionFailed'), 'error');
  };
  return (
    <ul className={styles.pageList} aria-label={t('rooms.create.types')}>
      {IS_ALLOW_CREATE_CHAT ? <TypeChoice icon={MessageCircle} label={t('rooms.create.single')} onClick={() => openLeft(selectPersonPage, undefined)} /> : null}
      {IS_ALLOW_CREATE_GROUP ? <TypeChoice icon={Users} label={t('rooms.create.group')} onClick={() => openLeft(selectMembersPage, undefined)} /> : null}
      {IS_ALLOW_BROADCAST && mayBroadcast ? <TypeChoice icon={Megaphone} label={t('rooms.broadcast.heading')} onClick={() => openLeft(createBroadcastPage, undefined)} /> : null}
      {IS_ALLOW_SELF_CHAT ? <TypeChoice icon={NotebookPen} label={t('rooms.selfChat')} onClick={() => void selfChat()} /> : null}
    </ul>
  );
}

function SelectMember({ multiple }: { multiple: boolean }) {
  const { t } = useTranslation();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const [selected, setSelected] = useState<Account[]>([]);
  const [error, setError] = useState<string | null>(null);
  const next = () => {
    const [first] = selected;
    if (!first) return setError(t(multiple ? 'create.selectMember' : 'create.chatMemberMissing'));
    if (multiple) openLeft(createRoomPage, { members: selected });
    else openLeft(createChatPage, { account: first });
  };
  return (
    <div className={styles.broadcast}>
      <AccountPicker multiple={multiple} selected={selected} onChange={(accounts) => { setSelected(accounts); setError(null); }} />
      <FormError text={error} />
      <Button onClick={next}>{t('rooms.create.next')}</Button>
    </div>
  );
}

function CreateChat({ params }: { params: { account: Account } }) {
  const { t } = useTranslation();
  const openCreated = useOpenCreated();
  const create = useMutation(createSingleRoomMutation(chatServices().transport));
  const start = () => {
    const invalid = validateSingleChat(params.account.accountId);
    if (invalid) return showToast(t(invalid), 'error');
    create.mutate({ memberId: params.account.accountId }, { onSuccess: (room) => openCreated(room as Room), onError: () => showToast(t('errors.actionFailed'), 'error') });
  };
  return (
    <div className={styles.broadcast}>
      <Person account={params.account} />
      <Button busy={create.isPending} onClick={start}>
        {t('create.startChat')}
      </Button>
    </div>
  );
}

function Person({ account }: { account: Account }) {
  return (
    <div className={styles.pickerItem}>
      <AccountLine account={account} />
    </div>
  );
}

function CreateRoom({ params }: { params: { members: Account[] } }) {
  const { t } = useTranslation();
  const max = constants.limits.roomNameMaxLength;
  const openCreated = useOpenCreated();
  const create = useMutation(createMultipleRoomMutation(chatServices().transport));
  const [name, setName] = useState('');
  const [members, setMembers] = useState<Account[]>(params.members);
  const [picture, setPicture] = useState<ChosenPicture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const ids = members.map((member) => member.accountId);
    const invalid = validateGroup(name, ids, max);
    const [first, ...rest] = ids;
    if (invalid || !first) return setError(t(invalid ?? 'create.selectMember'));
    create.mutate(
      { roomName: name.trim(), memberIds: [first, ...rest], ...(picture ? { roomImg: picture.base64 } : {}) },
      { onSuccess: (room) => openCreated(room as Room), onError: () => showToast(t('errors.actionFailed'), 'error') },
    );
  };
  return (
    <div className={styles.broadcast}>
      <GroupPicture name={name} value={picture} onChange={setPicture} />
      <TextField
        label={t('create.roomName')}
        hint={t('create.roomNameHint', { max })}
        value={name}
        // The buffer lets a slightly long name be typed so the length message can explain it.
        maxLength={max + constants.limits.roomNameLengthBuffer}
        onChange={(event) => { setName(event.target.value); setError(null); }}
      />
      <p className={styles.pickerCount}>{t('create.selected', { count: members.length })}</p>
      <ul className={styles.pickerList} aria-label={t('create.members')}>
        {members.map((member) => (
          <li key={member.accountId} className={styles.chosen}>
            <Person account={member} />
            <IconButton
              icon={X}
              label={t('rooms.create.removeOf', { name: accountName(member) })}
              onClick={() => setMembers(members.filter((one) => one.accountId !== member.accountId))}
            />
          </li>
        ))}
      </ul>
      <FormError text={error} />
      <Button busy={create.isPending} onClick={submit}>
        {t('create.createGroup')}
      </Button>
    </div>
  );
}

export const selectRoomTypePage = definePanelPage('selectroomtype', 'create.chatHeading', SelectRoomType);
const selectPersonPage = definePanelPage('selectroommember', 'rooms.create.selectPerson', () => <SelectMember multiple={false} />);
export const selectMembersPage = definePanelPage('selectroommember', 'rooms.create.selectMembers', () => <SelectMember multiple />);
const createChatPage = definePanelPage<{ account: Account }>('createchat', 'rooms.create.chatTitle', CreateChat);
const createRoomPage = definePanelPage<{ members: Account[] }>('createroom', 'create.groupHeading', CreateRoom);
