// Right-panel pages of the chat: room info (members) and message info (who read and received it).
import { getAesMessageInfo } from '@generated/api/messages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, GetAesMessageInfoResponse } from '@generated/types/index';
import { unwrap } from '@generated/api/runtime';
import { Avatar, EmptyState, Spinner } from '../../../ui/index.ts';
import { chatServices } from '../../session/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { OnlineDot } from './OnlineDot.tsx';
import { useOnlineStatuses } from '../hooks/usePresence.ts';
import styles from './Chat.module.scss';

export function RoomInfoBody({ members }: { members: Account[] }) {
  const { t } = useTranslation();
  const online = useOnlineStatuses(members);
  if (members.length === 0) return <EmptyState text={t('empty.user')} />;
  return (
    <section className={styles.info}>
      <h3 className={styles.infoHeading}>{t('roomInfo.membersHeading')}</h3>
      <ul className={styles.memberList}>
        {members.map((member) => {
          const name = member.userFullname ?? member.loginName ?? member.accountId;
          return (
            <li key={member.accountId} className={styles.member}>
              <Avatar name={name} />
              <span className={styles.memberText}>
                <span>
                  {name}
                  <OnlineDot online={online.get(member.accountId)} />
                </span>
                {member.postTitle ? <span className={styles.postTitle}>{member.postTitle}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function MessageInfoBody({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<GetAesMessageInfoResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setInfo(null);
    getAesMessageInfo(chatServices().transport, { roomId: message.roomId, messageId: message.messageId })
      .then((result) => !cancelled && setInfo(unwrap('getAesMessageInfo', result)))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [message.messageId, message.roomId]);
  if (failed) return <EmptyState text={t('empty.record')} />;
  if (!info) return <Spinner />;
  const locale = i18n.language.replace('_', '-');
  const when = (time: number | undefined, none: string) => (time ? new Date(time).toLocaleString(locale) : none);
  const rows = (items: { accountId: string; userFullname?: string; date: string }[], testId: string) => (
    <ul className={styles.memberList} data-testid={testId}>
      {items.map((item) => (
        <li key={item.accountId} className={styles.member}>
          <Avatar name={item.userFullname ?? ''} />
          <span className={styles.memberText}>
            <span>{item.userFullname}</span>
            <span className={styles.postTitle}>{item.date}</span>
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className={styles.info}>
      <p className={styles.meta} data-testid="total-recipients">{t('messages.totalRecipients', { count: info.totalRecipient ?? 0 })}</p>
      <h3 className={styles.infoHeading}>{t('chat.readBy')}</h3>
      {rows((info.messageInfoRead ?? []).map((item) => ({ ...item, date: item.isRead ? when(item.readDate, t('chat.notReadYet')) : t('chat.notReadYet') })), 'read-list')}
      <h3 className={styles.infoHeading}>{t('messages.notifiedHeading')}</h3>
      {rows(
        (info.messageInfoNotified ?? []).map((item) => ({ ...item, date: item.isNotified ? when(item.notifiedDate, t('messages.notNotified')) : t('messages.notNotified') })),
        'notified-list',
      )}
    </section>
  );
}
