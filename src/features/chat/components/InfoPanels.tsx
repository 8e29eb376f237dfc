// Right-panel page of the chat: message info (who read it and who was notified, with dates).
import { getAesMessageInfoQuery } from '@generated/api/messages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Avatar, EmptyState, Spinner } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import type { ChatMessage } from '../api/data.ts';
import styles from './Chat.module.scss';

export function MessageInfoBody({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  const { data: info, isError } = useQuery(getAesMessageInfoQuery(chatServices().transport, { roomId: message.roomId, messageId: message.messageId }));
  if (isError) return <EmptyState text={t('empty.record')} />;
  if (!info) return <Spinner />;
  const locale = i18n.language.replace('_', '-');
  const when = (time: number | undefined, none: string) => (time ? new Date(time).toLocaleString(locale) : none);
  // An empty list says so rather than leaving its heading alone.
  const rows = (items: { accountId: string; userFullname?: string; date: string }[], testId: string) => items.length === 0 ? (
    <p className={styles.meta} data-testid={testId}>{t('chat.nobodyYet')}</p>
  ) : (
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
