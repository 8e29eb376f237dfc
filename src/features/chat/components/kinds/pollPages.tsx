// The poll's right-panel pages: pollingresult (each option with its votes, live from the open room's window)
// and pollingresultlist (the members who voted for one option).
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Avatar, EmptyState, definePanelPage, usePanelNav } from '../../../../ui/index.ts';
import { messagePagesQuery } from '../../api/messagePages.ts';
import { useRoomMembers } from '../../api/data.ts';
import { allMessages } from '../../model/messagePages.ts';
import styles from '../Chat.module.scss';

interface PollRef {
  roomId: string;
  messageId: string;
}

function usePoll({ roomId, messageId }: PollRef) {
  const query = useInfiniteQuery({
    ...messagePagesQuery(roomId),
    select: (data) => allMessages(data).find((message) => message.messageId === messageId)?.messagePolling,
  });
  return query.data;
}

function PollingResult({ params }: { params: PollRef }) {
  const { t } = useTranslation();
  const poll = usePoll(params);
  const openRight = usePanelNav((nav) => nav.openRight);
  if (!poll) return <EmptyState text={t('empty.result')} />;
  return (
    <section className={styles.info} data-testid="polling-result">
      <h3 className={styles.infoHeading}><bdi>{poll.topic}</bdi></h3>
      <ul className={styles.memberList}>
        {poll.options.map((option) => (
          <li key={option.optionId}>
            <button
              type="button"
              className={styles.resultRow}
              onClick={() => openRight(pollingResultListPage, { ...params, optionId: option.optionId })}
            >
              <bdi>{option.text}</bdi>
              <span className={styles.pollVotes}>{t('messages.votes', { count: option.votes })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PollingResultList({ params }: { params: PollRef & { optionId: string } }) {
  const { t } = useTranslation();
  const poll = usePoll(params);
  const members = useRoomMembers(params.roomId);
  const option = poll?.options.find((entry) => entry.optionId === params.optionId);
  const voters = option?.voterAccountIds ?? [];
  if (!option || voters.length === 0) return <EmptyState text={t('empty.record')} />;
  return (
    <section className={styles.info} data-testid="polling-result-list">
      <h3 className={styles.infoHeading}><bdi>{option.text}</bdi></h3>
      <ul className={styles.memberList}>
        {voters.map((accountId) => {
          const member = members.find((entry) => entry.accountId === accountId);
          const name = member?.userFullname ?? member?.loginName ?? accountId;
          return (
            <li key={accountId} className={styles.member}>
              <Avatar name={name} />
              <span className={styles.memberText}>{name}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const pollingResultPage = definePanelPage<PollRef>('pollingresult', 'messages.pollResults', PollingResult);
export const pollingResultListPage = definePanelPage<PollRef & { optionId: string }>('pollingresultlist', 'messages.pollVoters', PollingResultList);
