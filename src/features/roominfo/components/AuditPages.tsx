// The room's audit info (right panel): who did what and when, newest first, 30 at a time (the seed's audit
// batch), and one record's detail. Empty: 'No Audit Records'.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClipboardList } from 'lucide-react';
import { getAuditInfo } from '@generated/api/rooms';
import { queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { RoomAuditRecord } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Button, EmptyState, Spinner, definePanelPage, usePanelNav } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import styles from './RoomInfo.module.scss';

function useWhen(): (time: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  return (time) => new Date(time).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

function AuditInfo({ params }: { params: { roomId: string } }) {
  const { t } = useTranslation();
  const when = useWhen();
  const openRight = usePanelNav((nav) => nav.openRight);
  const batchSize = constants.pageSizes.auditInfo;
  const pages = useInfiniteQuery({
    queryKey: queryKeys.rooms.getAuditInfo({ roomId: params.roomId, batchSize }),
    queryFn: async ({ pageParam, signal }) =>
      unwrap('getAuditInfo', await getAuditInfo(chatServices().transport, { roomId: params.roomId, batchSize, ...(pageParam ? { lastRoomAuditInfoId: pageParam } : {}) }, { signal })),
    initialPageParam: '',
    getNextPageParam: (last) => (last.stillHaveData ? last.roomAuditInfos[last.roomAuditInfos.length - 1]?.roomAuditInfoId : undefined),
  });
  if (pages.isPending) return <Spinner />;
  const records = pages.data?.pages.flatMap((page) => page.roomAuditInfos) ?? [];
  if (records.length === 0) return <EmptyState icon={ClipboardList} text={t('empty.audit')} />;
  return (
    <div className={styles.info}>
      <ul className={styles.members} aria-label={t('rooms.audit.heading')}>
        {records.map((record) => (
          <li key={record.roomAuditInfoId} data-testid="audit-record">
            <button type="button" className={styles.memberOpen} onClick={() => openRight(auditDetailPage, { record })}>
              <span className={styles.memberText}>
                <span>
                  <bdi>{record.actorName ?? t('rooms.audit.system')}</bdi> <bdi>{record.message}</bdi>
                </span>
                <span className={styles.meta}>{when(record.actionTime)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <Button variant="ghost" busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('rooms.audit.more')}
        </Button>
      ) : null}
    </div>
  );
}

function AuditDetail({ params }: { params: { record: RoomAuditRecord } }) {
  const { t } = useTranslation();
  const when = useWhen();
  const { record } = params;
  const rows: [string, string | undefined][] = [
    [t('rooms.audit.actor'), record.actorName],
    [t('rooms.audit.time'), when(record.actionTime)],
    [t('rooms.audit.action'), record.message],
    [t('rooms.audit.messages'), record.messageIds?.join(', ')],
  ];
  return (
    <dl className={styles.info} data-testid="audit-detail">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt className={styles.meta}>{label}</dt>
            <dd className={styles.detailValue}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
    </dl>
  );
}

export const auditInfoPage = definePanelPage<{ roomId: string }>('auditinfo', 'rooms.audit.heading', AuditInfo);
export const auditDetailPage = definePanelPage<{ record: RoomAuditRecord }>('auditinfodetail', 'rooms.audit.detail', AuditDetail);
