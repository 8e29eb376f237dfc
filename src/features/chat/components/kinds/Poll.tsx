// A poll: its topic and options with their votes; a member votes and takes the vote back with the option's
// button (the server refuses a stale checksum: the poll then shows its newest state). Other members' votes
// arrive live (MESSAGE_VOTE). The results page lists who voted for what.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart3, Check } from 'lucide-react';
import { IS_SHOW_POLLING_RESULT } from '@variant/flags';
import { unvoteMessage, voteMessage } from '@generated/api/messages';
import { unwrap } from '@generated/api/runtime';
import type { MessagePolling } from '@generated/types/index';
import { Button, ProgressBar, showToast, usePanelNav } from '../../../../ui/index.ts';
import { chatServices } from '../../../../core/session/services.ts';
import type { ChatMessage } from '../../api/data.ts';
import { useChatRoomContext } from '../RoomContext.tsx';
import { pollingResultPage } from './pollPages.tsx';
import styles from '../Chat.module.scss';

export const votedByMe = (option: MessagePolling['options'][number], accountId: string): boolean =>
  option.isVotedByYou ?? (option.voterAccountIds ?? []).includes(accountId);

export function PollContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const { patch } = useChatRoomContext();
  const openRight = usePanelNav((nav) => nav.openRight);
  const [busy, setBusy] = useState(false);
  const poll = message.messagePolling;
  if (!poll) return <em className={styles.unsupported}>{t('errors.typeNotSupported')}</em>;
  const me = chatServices().accountId;
  const total = poll.totalVotes ?? poll.options.reduce((sum, option) => sum + option.votes, 0);

  const toggle = async (optionId: string, voted: boolean) => {
    setBusy(true);
    try {
      const body = { roomId: message.roomId, messageId: message.messageId, type: 'POLLING' as const, optionId, pollingChecksum: poll.pollingChecksum };
      const { transport } = chatServices();
      const result = voted ? await unvoteMessage(transport, body) : await voteMessage(transport, body);
      const next = unwrap(voted ? 'unvoteMessage' : 'voteMessage', result).messagePolling;
      if (next) patch(message.messageId, { messagePolling: next });
    } catch {
      showToast(t('messages.pollStale'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.poll} data-testid="poll">
      <strong className={styles.pollTopic}><bdi>{poll.topic}</bdi></strong>
      <p className={styles.meta}>{poll.isMultipleChoice ? t('messages.pollMultiple') : t('messages.pollSingle')}</p>
      <ul className={styles.pollOptions}>
        {poll.options.map((option) => {
          const voted = votedByMe(option, me);
          return (
            <li key={option.optionId} className={styles.pollOption} data-testid="poll-option" data-voted={voted ? 'true' : 'false'}>
              <Button
                variant={voted ? 'primary' : 'secondary'}
                block
                disabled={busy || message.messageStatus === 'ALL_DELETED'}
                aria-pressed={voted}
                onClick={() => void toggle(option.optionId, voted)}
                icon={voted ? <Check aria-hidden="true" /> : undefined}
              >
                <bdi>{option.text}</bdi>
              </Button>
              <span className={styles.pollVotes} data-testid="poll-votes">{t('messages.votes', { count: option.votes })}</span>
              <ProgressBar label={option.text} value={total > 0 ? option.votes / total : 0} />
            </li>
          );
        })}
      </ul>
      {IS_SHOW_POLLING_RESULT ? (
        <Button variant="ghost" icon={<BarChart3 aria-hidden="true" />} onClick={() => openRight(pollingResultPage, { roomId: message.roomId, messageId: message.messageId }, { replace: true })}>
          {t('messages.pollResults')}
        </Button>
      ) : null}
    </div>
  );
}
