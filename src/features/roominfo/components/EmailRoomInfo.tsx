// The seed's email-room info (right panel, `IS_ALLOW_EMAIL_ROOM_INFO`): the room's info and members with the e-mail
// addresses the viewer may see, 'Email room info' opening the user's mail program with it (model/emailRoomInfo.ts),
// and the members' addresses to copy.
import { useTranslation } from 'react-i18next';
import { Copy, Mail } from 'lucide-react';
import { Avatar, Button, Spinner, definePanelPage, showToast } from '../../../ui/index.ts';
import { roomTitle, useRoom } from '../../../domain/index.ts';
import { membersOf, useRoomDetail } from '../api/data.ts';
import { memberAddresses, roomMailHref, type MailMember } from '../model/emailRoomInfo.ts';
import styles from './RoomInfo.module.scss';

function EmailRoomInfo({ params }: { params: { roomId: string } }) {
  const { t, i18n } = useTranslation();
  const room = useRoom(params.roomId);
  const detail = useRoomDetail(params.roomId);
  if (detail.isPending || !room) return <Spinner />;
  const members = membersOf(detail.data);
  const mailMembers: MailMember[] = members.map((member) => ({ name: member.userFullname || member.loginName || member.accountId, email: member.emailAddr }));
  const addresses = memberAddresses(mailMembers);
  const name = roomTitle(room);
  const created = detail.data?.roomCreateDate ? t('rooms.info.created', { date: new Date(detail.data.roomCreateDate).toLocaleDateString(i18n.language.replace('_', '-'), { dateStyle: 'long' }) }) : null;
  const facts = [...(created ? [created] : []), t('rooms.info.memberCount', { count: members.length })];
  const href = roomMailHref({ roomName: name, facts, members: mailMembers, andMore: (count) => t('rooms.email.andMore', { count }) });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(addresses.join('; '));
      showToast(t('rooms.email.copied', { count: addresses.length }), 'success');
    } catch {
      showToast(t('errors.actionFailed'), 'error');
    }
  };

  return (
    <div className={styles.info} data-testid="email-room-info">
      <section className={styles.identityText} aria-label={t('rooms.info.roomInfo')}>
        <h3 className={styles.name}>
          <bdi>{name}</bdi>
        </h3>
        {facts.map((fact) => (
          <p key={fact} className={styles.meta}>
            {fact}
          </p>
        ))}
      </section>
      <div className={styles.actions}>
        <a className={styles.mailLink} href={href} data-testid="email-room-link">
          <Mail aria-hidden="true" />
          {t('rooms.email.send')}
        </a>
        <Button variant="secondary" icon={<Copy />} disabled={addresses.length === 0} onClick={() => void copy()}>
          {t('rooms.email.copy')}
        </Button>
      </div>
      <ul className={styles.members} aria-label={t('rooms.info.membersHeading')}>
        {mailMembers.map((member, index) => (
          <li key={members[index]?.accountId ?? index} className={styles.member} data-testid="email-member">
            <Avatar name={member.name} />
            <span className={styles.memberText}>
              <bdi>{member.name}</bdi>
              <span className={styles.meta}>{member.email ? <bdi>{member.email}</bdi> : t('rooms.email.none')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const emailRoomInfoPage = definePanelPage<{ roomId: string }>('emailroominfo', 'rooms.email.heading', EmailRoomInfo);
