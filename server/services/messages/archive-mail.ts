// The mail step of an archive asked with withEmail (docs/server-messages.md "Emailed archives"): once the archive
// is complete, it is mailed, as stored (encrypted), to the account's email address. A passing fault (no answer,
// an SMTP 4xx) is tried again after each of MAIL_RETRY_DELAYS_MS; a refusal (5xx), a missing address, an archive
// over MAIL_MAX_ATTACHMENT_BYTES or a transport removed since the request ends it at once. The outcome is kept on
// the job (the archive lists show it) and the owner is told by a CUSTOM_NOTIFICATION of kind ARCHIVE_EMAIL.
import type { ArchiveEmailFailure } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Job, JobLease, MailOutcome } from '../../store/repos/index.ts';
import { archiveMailText } from '../mail/archive-texts.ts';
import { MailFault, mailTransportOf } from '../mail/transport.ts';
import { archiveFileName, toArchivedMessage } from './archived-message.ts';

/** The kind of the CUSTOM_NOTIFICATION that tells the owner how the mail went. */
export const ARCHIVE_EMAIL_NOTICE = 'ARCHIVE_EMAIL';

const failed = (failure: ArchiveEmailFailure): MailOutcome => ({ status: 'FAILED', failure });

async function attempt(ctx: ServerContext, job: Job): Promise<MailOutcome> {
  const config = ctx.config.mail;
  if (!config) return failed('NOT_CONFIGURED');
  const account = await ctx.repos.accounts.findById(job.accountId);
  const address = account?.emailAddr?.trim();
  if (!account || !address) return failed('NO_ADDRESS');
  const blob = job.fileBlobId === null ? null : await ctx.repos.blobs.findById(job.fileBlobId);
  if (!blob) throw new Error('the archive file is missing');
  if (blob.size > config.maxAttachmentBytes) return failed('TOO_LARGE');
  const file = archiveFileName(job);
  const { subject, text } = archiveMailText(account.langId, job.roomName ?? '', file);
  try {
    await mailTransportOf(config).send({
      to: address,
      subject,
      text,
      attachments: [{ filename: file, content: await ctx.blobs.read(blob.path), contentType: 'application/zip' }],
    });
    return { status: 'SENT' };
  } catch (error) {
    if (!(error instanceof MailFault)) throw error;
    ctx.log(`archive ${job.id}: mail not sent (${error.message})`);
    const wait = config.retryDelaysMs[job.mailAttempts];
    if (error.permanent) return failed('REJECTED');
    if (wait === undefined) return failed(error.answered ? 'REJECTED' : 'UNREACHABLE');
    return { status: 'PENDING', nextAt: new Date(ctx.now().getTime() + wait) };
  }
}

/** One attempt at a claimed mail, recorded by the lease holder; the owner hears of a final outcome. */
export async function mailArchive(ctx: ServerContext, job: Job, lease: JobLease): Promise<void> {
  const outcome = await attempt(ctx, job);
  const settled = await ctx.repos.jobs.settleMail(job.id, outcome, lease);
  if (!settled || outcome.status === 'PENDING') return;
  await ctx.notifier.toAccounts([job.accountId], {
    notifyType: 'CUSTOM_NOTIFICATION',
    senderId: 'SYSTEM',
    dataId: String(job.id),
    ...(job.roomId !== null ? { roomId: String(job.roomId) } : {}),
    data: { kind: ARCHIVE_EMAIL_NOTICE, archivedMessage: toArchivedMessage(settled) },
  });
}
