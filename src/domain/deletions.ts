// What a deletion notification asks of the open room. One notification names every message it concerns
// (`data.messageIds`; `dataId` is the first): a recall (MESSAGE_DELETED) leaves each as 'This message was deleted',
// while a self-destruct (MESSAGE_DELETED with reason SELF_DESTRUCT, the room's timer) and a delete for me take them
// away, as the server's pages no longer hold them.
import type { AnyNotification } from '@generated/types/index';

/** What deletionOf reads of a notification of any type (the others give null). */
export type DeletionNotice = Pick<AnyNotification, 'notifyType' | 'dataId'> & { data?: unknown };

export type Deletion = { kind: 'recalled' | 'removed'; messageIds: string[] };

/** The message ids named by the notification: its list when it is one of texts, else its dataId. */
export function deletedIds(notice: DeletionNotice): string[] {
  const ids = (notice.data as { messageIds?: unknown } | undefined)?.messageIds;
  return Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string') ? (ids as string[]) : [notice.dataId];
}

/** The room's change for a deletion notification; null for any other notification. */
export function deletionOf(notice: DeletionNotice): Deletion | null {
  if (notice.notifyType === 'MESSAGE_DELETED_FOR_ME') return { kind: 'removed', messageIds: deletedIds(notice) };
  if (notice.notifyType !== 'MESSAGE_DELETED') return null;
  const selfDestructed = (notice.data as { reason?: unknown } | undefined)?.reason === 'SELF_DESTRUCT';
  return { kind: selfDestructed ? 'removed' : 'recalled', messageIds: deletedIds(notice) };
}
