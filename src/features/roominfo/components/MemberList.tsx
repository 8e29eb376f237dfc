// The room's members in pages of 20 (the seed's room info member batch), admins marked; admins' actions on each
// member where the policy allows: grant or remove admin, remove from the room (confirmed). A name opens the
// member's user info.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Shield, ShieldOff, UserMinus } from 'lucide-react';
import type { Account } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Avatar, Button, IconButton, confirmAction } from '../../../ui/index.ts';
import { useRoomInfoSlots } from '../slots.ts';
import { chatServices } from '../../../core/session/services.ts';
import { personName } from '../../../domain/index.ts';
import { roomChanges } from '../api/data.ts';
import { useChange } from './useChange.ts';
import styles from './RoomInfo.module.scss';

type Member = Account & { isAdmin: boolean };

export interface MemberListProps {
  roomId: string;
  members: Member[];
  canEditAdmin: boolean;
  canRemove: boolean;
}

const nameOf = personName;

export function MemberList({ roomId, members, canEditAdmin, canRemove }: MemberListProps) {
  const { t } = useTranslation();
  const run = useChange();
  const { useOpenPerson } = useRoomInfoSlots();
  const openPerson = useOpenPerson();
  const [shown, setShown] = useState<number>(constants.pageSizes.roomInfoMembers);
  const me = chatServices().accountId;
  // Admins first, then by name, so the people who run the room are found at once.
  const sorted = [...members].sort((a, b) => Number(b.isAdmin) - Number(a.isAdmin) || nameOf(a).localeCompare(nameOf(b)));

  const remove = async (member: Member) => {
    const confirmed = await confirmAction({
      title: t('rooms.info.removeMember'),
      message: t('rooms.info.removeConfirm', { name: nameOf(member) }),
      confirmLabel: t('rooms.info.removeMember'),
      tone: 'danger',
    });
    if (confirmed) await run(roomChanges.removeMember(roomId, member.accountId));
  };

  return (
    <>
      <ul className={styles.members} aria-label={t('rooms.info.membersHeading')}>
        {sorted.slice(0, shown).map((member) => {
          const name = nameOf(member);
          const self = member.accountId === me;
          return (
            <li key={member.accountId} className={styles.member} data-testid="room-member">
              <button type="button" className={styles.memberOpen} onClick={() => openPerson(member)}>
                <Avatar name={name} />
                <span className={styles.memberText}>
                  <bdi>{name}</bdi>
                  {member.postTitle ? <span className={styles.meta}>{member.postTitle}</span> : null}
                </span>
              </button>
              {member.isAdmin ? <span className={styles.adminMark}>{t('rooms.info.admin')}</span> : null}
              {canEditAdmin && !self ? (
                <IconButton
                  icon={member.isAdmin ? ShieldOff : Shield}
                  label={t(member.isAdmin ? 'rooms.info.removeAdminOf' : 'rooms.info.makeAdminOf', { name })}
                  onClick={() => void run(roomChanges.setAdmin(roomId, member.accountId, !member.isAdmin))}
                />
              ) : null}
              {canRemove && !self ? (
                <IconButton icon={UserMinus} tone="danger" label={t('rooms.info.removeMemberOf', { name })} onClick={() => void remove(member)} />
              ) : null}
            </li>
          );
        })}
      </ul>
      {sorted.length > shown ? (
        <Button variant="ghost" onClick={() => setShown((count) => count + constants.pageSizes.roomInfoMembers)}>
          {t('rooms.info.moreMembers', { count: sorted.length - shown })}
        </Button>
      ) : null}
    </>
  );
}
