// Archived messages: queue an archive, list the completed ones, download one.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { fileResult } from '../../http/types.ts';
import { ARCHIVE_KINDS, queueArchive } from '../../services/messages/archive.ts';
import { archiveFileName, toArchivedMessage } from '../../services/messages/archived-message.ts';
import { parseId } from '../../http/wire-ids.ts';

export function archiveHandlers(ctx: ServerContext) {
  return {
    async archiveAesMessagesBeforeDays({ body, session }) {
      const { roomId, beforeDays, withStarredMessage, withEmail } = body;
      await queueArchive(ctx, session, { roomId: parseId(roomId, 'roomId'), beforeDays, withStarredMessage, withEmail });
      return {};
    },

    async archiveAllAesMessages({ body, session }) {
      const { roomId, withStarredMessage, withEmail } = body;
      await queueArchive(ctx, session, { roomId: parseId(roomId, 'roomId'), beforeDays: null, withStarredMessage, withEmail });
      return {};
    },

    async getCompletedArchivedMessages({ session }) {
      const jobs = await ctx.repos.jobs.listCompleted(session.accountId, [...ARCHIVE_KINDS]);
      return { archivedMessages: jobs.map(toArchivedMessage) };
    },

    async downloadArchivedMessage({ body, session }) {
      const caller = session;
      const job = await ctx.repos.jobs.find(parseId(body.id, 'id'));
      if (!job || job.accountId !== caller.accountId || !(ARCHIVE_KINDS as readonly string[]).includes(job.kind) || job.status !== 'COMPLETED' || job.fileBlobId === null) {
        throw new ApiError('NOT_FOUND');
      }
      if (job.messageKeyUuid !== body.messageKeyUuid) throw new ApiError('NOT_FOUND');
      const blob = await ctx.repos.blobs.findById(job.fileBlobId);
      if (!blob) throw new ApiError('DOWNLOAD_FAILED');
      return fileResult(archiveFileName(job), 'application/zip', await ctx.blobs.read(blob.path));
    },
  } satisfies HandlerMap;
}
