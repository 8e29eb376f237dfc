// The seed's chatroominfo page (right panel): the room's picture, name, created date and member count; edit
// room info; in a single chat the other person's info; the policy and audit pages; the self-destruct timer; the members with add, remove and admin
// actions; leave room. Everything follows the room's notifications, so two admins see each other's changes.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut, Pencil, UserPlus } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { IS_ALLOW_SELF_DESTRUCT } from '@variant/flags';
import { Avatar, Button, IconButton, Spinner, usePanelNav } from '../../../ui/index.ts';
import { roomTitle, useFunctionRoles, useRoom } from '../../../domain/index.ts';
import { useRoomInfoSlots } from '../slots.ts';
import { membersOf, useRoomDetail, useRoomImage } from '../api/data.ts';
import { roomInfoPermissions } from '../model/permissions.ts';
import { EditRoomInfo } from './EditRoomInfo.tsx';
import { MemberList } from './MemberList.tsx';
import { SelfDestructForm } from './SelfDestructForm.tsx';
import { copyRoomPage } from './CopyRoom.tsx';
import { roomInfoLinks, addMembersPage } from './links.ts';
import styles from './RoomInfo.module.scss';

export function ChatRoomInfo({ roomId }: { roomId: string }) {
  const { t, i18n } = useTranslation();
  const navRoom = usePanelNav((nav) => nav.room);
  const liveRoom = useRoom(roomId);
  const room: Room | undefined = liveRoom ?? (navRoom?.roomId === roomId ? navRoom : undefined);
  const detail = useRoomDetail(roomId);
  const image = useRoomImage(roomId);
  const roles = useFunctionRoles();
  const { UserInfoBody, useRoomActionRunner } = useRoomInfoSlots();
  const runAction = useRoomActionRunner();
  const openRight = usePanelNav((nav) => nav.openRight);
  const [editing, setEditing] = useState(false);

  if (!room) return <Spinner />;
  const can = roomInfoPermissions(room, roles);
  const members = membersOf(detail.data);
  // The seed's single-room member info: in a single chat, the other person's profile (as their privacy allows).
  const other = room.roomType === 'SINGLE' ? (members.find((member) => member.accountId === room.singleRoomAccountId) ?? room.singleRoomAccount) : undefined;
  const name = roomTitle(room);
  const created = detail.data?.roomCreateDate ? new Date(detail.data.roomCreateDate).toLocaleDateString(i18n.language.replace('_', '-'), { dateStyle: 'long' }) : null;

  return (
    <div className={styles.info} data-testid="room-info">
      <section className={styles.identity} aria-label={t('rooms.info.roomInfo')}>
        {image.data ? <img className={styles.picture} src={image.data} alt={t('rooms.info.picture', { name })} /> : <Avatar name={name} group={room.roomType !== 'SINGLE'} />}
        <div className={styles.identityText}>
          <h3 className={styles.name} data-testid="room-info-name">
            <bdi>{name}</bdi>
          </h3>
          {created ? <p className={styles.meta}>{t('rooms.info.created', { date: created })}</p> : null}
          <p className={styles.meta}>{t('rooms.info.memberCount', { count: members.length })}</p>
        </div>
        {can.editInfo && !editing ? <IconButton icon={Pencil} label={t('rooms.info.editInfo')} onClick={() => setEditing(true)} /> : null}
      </section>
      {other ? (
        <section className={styles.section} aria-label={t('rooms.info.memberInfo')} data-testid="single-member-info">
          <UserInfoBody account={other} />
        </section>
      ) : null}
      {editing ? <EditRoomInfo roomId={roomId} name={room.roomName ?? ''} hasImage={Boolean(image.data)} onDone={() => setEditing(false)} /> : null}

      <nav className={styles.links} aria-label={t('rooms.info.more')}>
        {roomInfoLinks(can).map(({ page, label }) => (
          <Button key={page.name} variant="secondary" block onClick={() => openRight(page, { roomId })}>
            {t(label)}
          </Button>
        ))}
        {can.copyRoom ? (
          <Button variant="secondary" block onClick={() => openRight(copyRoomPage, { roomId, roomName: room.roomName ?? '' })}>
            {t('rooms.copy.heading')}
          </Button>
        ) : null}
      </nav>

      {IS_ALLOW_SELF_DESTRUCT && room.isMember !== false ? (
        <section className={styles.section}>
          <h3 className={styles.heading}>{t('rooms.info.selfDestruct')}</h3>
          {detail.data ? <SelfDestructForm key={JSON.stringify(detail.data.selfDestructTimer ?? null)} roomId={roomId} current={detail.data.selfDestructTimer} editable={can.selfDestruct} /> : null}
        </section>
      ) : null}

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h3 className={styles.heading}>{t('rooms.info.membersHeading')}</h3>
          {can.addMember ? <IconButton icon={UserPlus} label={t('rooms.info.addMember')} onClick={() => openRight(addMembersPage, { roomId })} /> : null}
        </div>
        {detail.isPending ? <Spinner /> : <MemberList roomId={roomId} members={members} canEditAdmin={can.editAdmin} canRemove={can.removeMember} />}
      </section>

      {can.leave ? (
        <Button variant="danger" icon={<LogOut />} onClick={() => void runAction('leave', room)}>
          {t('rooms.menu.leave')}
        </Button>
      ) : null}
    </div>
  );
}
