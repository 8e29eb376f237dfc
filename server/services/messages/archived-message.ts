// An archive job as the wire shows it (getcompletedarchivedmessages, MESSAGE_ARCHIVED, the mail's notice).
import type { ArchiveEmailFailure, ArchivedMessage } from '../../../generated/types/index.ts';
import { ArchiveEmailFailureValues } from '../../../generated/types/enums.ts';
import type { Job } from '../../store/repos/index.ts';
import { ms } from './ids.ts';

const isFailure = (value: string | null): value is ArchiveEmailFailure => (ArchiveEmailFailureValues as readonly (string | null)[]).includes(value);

/** The mail's state for the person: sending and waiting to retry are both still on the way. */
function emailFields(job: Job): Pick<ArchivedMessage, 'emailStatus' | 'emailFailure'> {
  if (job.mailStatus === null) return {};
  if (job.mailStatus === 'SENT') return { emailStatus: 'SENT' };
  if (job.mailStatus === 'FAILED') return { emailStatus: 'FAILED', ...(isFailure(job.mailFailure) ? { emailFailure: job.mailFailure } : {}) };
  return { emailStatus: 'PENDING' };
}

export function toArchivedMessage(job: Job): ArchivedMessage {
  return {
    id: String(job.id),
    date: ms(job.completedAt ?? job.createdAt) ?? 0,
    roomName: job.roomName ?? undefined,
    roomSecLevel: job.roomSecLevel ?? undefined,
    ...(job.roomId !== null ? { roomId: String(job.roomId) } : {}),
    messageKeyUuid: job.messageKeyUuid ?? undefined,
    ...emailFields(job),
  };
}

/** The archive's file name, the same for a download and a mail. */
export const archiveFileName = (job: Job): string => `${(job.roomName ?? 'room').replace(/[/\\]/g, '_')}-archive-${job.id}.zip`;
