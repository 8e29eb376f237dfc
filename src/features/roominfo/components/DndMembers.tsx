// The seed's dndmemberlist (right panel): which members of the room are in Do Not Disturb now, and until when.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff } from 'lucide-react';
import { Avatar, EmptyState, Spinner, definePanelPage } from '../../../ui/index.ts';
import { personName } from '../../../domain/index.ts';
import { membersOf, useRoomDetail } from '../api/data.ts';
import { inDndNow } from '../model/dnd.ts';
import styles from './RoomInfo.module.scss';

function DndMembers({ params }: { params: { roomId: string } }) {
  const { t, i18n } = useTranslation();
  const detail = useRoomDetail(params.roomId);
  const [now] = useState(() => Date.now());
  if (detail.isPending) return <Spinner />;
  const members = membersOf(detail.data).filter((member) => inDndNow(member, now));
  if (members.length === 0) return <EmptyState icon={BellOff} text={t('empty.user')} />;
  const locale = i18n.language.replace('_', '-');
  return (
    <ul className={[styles.info, styles.members].join(' ')} aria-label={t('rooms.dnd.heading')}>
      {members.map((member) => {
        const name = personName(member);
        return (
          <li key={member.accountId} className={styles.member} data-testid="dnd-member">
            <Avatar name={name} />
            <span className={styles.memberText}>
              <bdi>{name}</bdi>
              <span className={styles.meta}>
                {member.dndEndDate ? t('rooms.dnd.until', { time: new Date(member.dndEndDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) }) : t('rooms.dnd.on')}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export const dndMembersPage = definePanelPage<{ roomId: string }>('dndmemberlist', 'rooms.dnd.heading', DndMembers);
