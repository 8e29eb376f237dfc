// The poll's right-panel pages: pollingresult (each option with its votes and who cast them, live from the open
// room's window) and pollingresultlist (every member who voted for one option).
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Account } from '@generated/types/index';
import { Avatar, EmptyState, definePanelPage, usePanelNav } from '../../../../ui/index.ts';
import { chatServices } from '../../../../core/session/services.ts';
import { liveName, personName, useLiveNames, type LiveNames } from '../../../../domain/index.ts';
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

/** How many voters an option's row names before 'and N more' (the whole list is one click away). */
const VOTERS_SHOWN = 5;

/** A voter's name: 'You' for the viewer, a member by the name they now have, one who left the room as such. */
function useVoterName(roomId: string): (accountId: string) => string {
  const { t } = useTranslation();
  const members = useRoomMembers(roomId);
  const names = useLiveNames();
  return (accountId) => voterName(accountId, members, names, t);
}

function voterName(accountId: string, members: readonly Account[], names: LiveNames, t: TFunction): string {
  if (accountId === chatServices().accountId) return t('chat.you');
  const member = members.find((entry) => entry.accountId === accountId);
  return liveName(names, accountId, member ? personName(member) : undefined) ?? t('messages.pollFormerMember');
}

function PollingResult({ params }: { params: PollRef }) {
  const { t } = useTranslation();
  const poll = usePoll(params);
  const openRight = usePanelNav((nav) => nav.openRight);
  const nameOf = useVoterName(params.roomId);
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
            {option.voterAccountIds && option.voterAccountIds.length > 0 ? (
              <p className={styles.pollVoterNames} data-testid="poll-voters">
                {option.voterAccountIds.slice(0, VOTERS_SHOWN).map(nameOf).join(', ')}
                {option.voterAccountIds.length > VOTERS_SHOWN ? ` ${t('messages.pollMoreVoters', { count: option.voterAccountIds.length - VOTERS_SHOWN })}` : ''}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PollingResultList({ params }: { params: PollRef & { optionId: string } }) {
  const { t } = useTranslation();
  const poll = usePoll(params);
  const nameOf = useVoterName(params.roomId);
  const option = poll?.options.find((entry) => entry.optionId === params.optionId);
  const voters = option?.voterAccountIds ?? [];
  if (!option || voters.length === 0) return <EmptyState text={t('empty.record')} />;
  return (
    <section className={styles.info} data-testid="polling-result-list">
      <h3 className={styles.infoHeading}><bdi>{option.text}</bdi></h3>
      <ul className={styles.memberList}>
        {voters.map((accountId) => {
          const name = nameOf(accountId);
          return (
            <li key={accountId} className={styles.member} data-testid="poll-voter">
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
