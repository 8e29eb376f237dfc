// The call history (left page `callhistory`, conference/gethistory): the caller's calls, newest first, each with its
// kind, room, time and people; a row opens its room where the room list knows it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { History, Phone, Video } from 'lucide-react';
import { getConferenceHistoryQuery } from '@generated/api/services';
import type { Room } from '@generated/types/index';
import { EmptyState, Spinner } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import styles from './Call.module.scss';

export interface CallHistoryProps {
  /** The room list's room and its shown name, when the room list knows the room. */
  roomOf: (roomId: string) => { room: Room; title: string } | undefined;
  onOpenRoom: (room: Room) => void;
}

export function CallHistory({ roomOf, onOpenRoom }: CallHistoryProps) {
  const { t, i18n } = useTranslation();
  const { transport } = chatServices();
  // Every visit asks afresh: a call just made or missed is the first thing looked for here.
  const history = useQuery({ ...getConferenceHistoryQuery(transport, {}), staleTime: 0 });
  if (history.isPending) return <Spinner />;
  const calls = history.data?.conferences ?? [];
  if (history.isError || calls.length === 0) return <EmptyState icon={History} text={t('empty.record')} />;
  const locale = i18n.language.replace('_', '-');
  return (
    <ul className={styles.history} data-testid="call-history">
      {calls.map((call) => {
        const known = call.roomId ? roomOf(call.roomId) : undefined;
        const Icon = call.type === 'VIDEO' ? Video : Phone;
        return (
          <li key={call.uuid}>
            <button type="button" className={styles.historyRow} disabled={!known} onClick={() => known && onOpenRoom(known.room)} data-testid="call-history-row">
              <Icon aria-label={t(call.type === 'VIDEO' ? 'conference.videoCall' : 'conference.voiceCall')} role="img" className={styles.icon} />
              <span className={styles.historyText}>
                <bdi className={styles.text}>{known?.title ?? t('conference.unknownRoom')}</bdi>
                <span className={styles.note}>
                  {call.createDate ? new Date(call.createDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : ''}
                  {' · '}
                  {t('conference.people', { count: call.accountIds?.length ?? 0 })}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
