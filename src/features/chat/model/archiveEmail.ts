// How an emailed archive's mail went, as the server tells it: the archive lists' emailStatus / emailFailure, and
// the CUSTOM_NOTIFICATION of kind ARCHIVE_EMAIL sent when the mail was sent or given up.
import type { AnyNotification } from '@generated/realtime/index';
import type { ArchiveEmailFailure, ArchivedMessage } from '@generated/types/index';
import { ArchiveEmailFailureValues } from '@generated/types/enums';

const isFailure = (value: unknown): value is ArchiveEmailFailure => (ArchiveEmailFailureValues as readonly unknown[]).includes(value);

/** The archive a CUSTOM_NOTIFICATION of kind ARCHIVE_EMAIL is about, or null for any other notification. */
export function archiveEmailNotice(notification: AnyNotification): ArchivedMessage | null {
  if (notification.notifyType !== 'CUSTOM_NOTIFICATION') return null;
  const data = notification.data;
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const archive = fields.archivedMessage as Partial<ArchivedMessage> | undefined;
  if (fields.kind !== 'ARCHIVE_EMAIL' || typeof archive !== 'object' || archive === null || typeof archive.id !== 'string') return null;
  if (archive.emailStatus !== 'SENT' && archive.emailStatus !== 'FAILED') return null;
  return {
    id: archive.id,
    date: typeof archive.date === 'number' ? archive.date : 0,
    emailStatus: archive.emailStatus,
    ...(typeof archive.roomName === 'string' ? { roomName: archive.roomName } : {}),
    ...(typeof archive.roomId === 'string' ? { roomId: archive.roomId } : {}),
    ...(isFailure(archive.emailFailure) ? { emailFailure: archive.emailFailure } : {}),
  };
}

/** The translation key of an archive's mail state, with its reason's key when it failed; null when not emailed. */
export function emailStateKeys(archive: Pick<ArchivedMessage, 'emailStatus' | 'emailFailure'>): { state: string; reason?: string } | null {
  switch (archive.emailStatus) {
    case 'PENDING':
      return { state: 'history.emailPending' };
    case 'SENT':
      return { state: 'history.emailSent' };
    case 'FAILED':
      return { state: 'history.emailFailed', reason: `history.emailFailure.${archive.emailFailure ?? 'REJECTED'}` };
    default:
      return null;
  }
}
