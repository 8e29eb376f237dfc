// Archives: archiveaesmessagesbeforedays / archiveallaesmessages queue an ARCHIVE job, and the hospital
// deleteandexportroom a DELETE_AND_EXPORT job; a background task builds the zip (JSON of the messages plus
// attachment ciphertexts) into the blob store, completes the job and sends MESSAGE_ARCHIVED to its owner.
// The finished file is listed by getcompletedarchivedmessages. Jobs left RUNNING by a stopped server run again.
import type { ArchivedMessage } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { saveBlob } from '../../store/blobs.ts';
import type { Job } from '../../store/repos/index.ts';
import { ensureRoomKey } from '../keys/room-keys.ts';
import { requirePolicy } from '../room-access.ts';
import { buildBundle, roomTitle } from './bundle.ts';
import { ms } from './ids.ts';
import { allVisible } from './listing.ts';
import { presentAll } from './wire.ts';

const DAY_MS = 86_400_000;
/** The job kinds this worker runs. */
export const ARCHIVE_KINDS = ['ARCHIVE', 'DELETE_AND_EXPORT'] as const;
/** Archives may be larger than one attachment: a room's worth of them. */
const MAX_ARCHIVE_BYTES = 2 ** 40;

export interface ArchiveRequest {
  roomId: number;
  beforeDays: number | null;
  withStarredMessage: boolean;
  withEmail: boolean;
}

export async function queueArchive(ctx: ServerContext, caller: AuthenticatedSession, request: ArchiveRequest): Promise<Job> {
  await requirePolicy(ctx, request.roomId, caller, 'ALLOW_ARCHIVE_MSG');
  const room = await ctx.repos.rooms.findById(request.roomId);
  const job = await ctx.repos.jobs.create({
    accountId: caller.accountId,
    roomId: request.roomId,
    kind: 'ARCHIVE',
    roomName: await roomTitle(ctx, request.roomId, caller.accountId),
    roomSecLevel: room?.roomSecLevel ?? null,
    params: {
      beforeDays: request.beforeDays,
      withStarredMessage: request.withStarredMessage,
      withEmail: request.withEmail,
      requestedAt: ctx.now().getTime(),
    },
  });
  kickArchiveWorker(ctx);
  return job;
}

export function toArchivedMessage(job: Job): ArchivedMessage {
  return {
    id: String(job.id),
    date: ms(job.completedAt ?? job.createdAt) ?? 0,
    roomName: job.roomName ?? undefined,
    roomSecLevel: job.roomSecLevel ?? undefined,
    messageKeyUuid: job.messageKeyUuid ?? undefined,
  };
}

async function runArchive(ctx: ServerContext, job: Job): Promise<void> {
  const roomId = job.roomId;
  if (roomId === null) throw new Error('an archive job needs a room');
  const beforeDays = typeof job.params.beforeDays === 'number' ? job.params.beforeDays : null;
  const requestedAt = typeof job.params.requestedAt === 'number' ? job.params.requestedAt : job.createdAt.getTime();
  // A delete-and-export exports everything the room showed the caller before the deletion hid it.
  const deleting = job.kind === 'DELETE_AND_EXPORT';
  const views = await allVisible(ctx, roomId, job.accountId, {
    createdBefore: beforeDays === null ? undefined : new Date(requestedAt - beforeDays * DAY_MS),
    excludeStarred: !deleting && job.params.withStarredMessage !== true,
    keepDeletedForMeSince: deleting ? new Date(requestedAt) : undefined,
  });
  const wire = await presentAll(ctx, job.accountId, views);
  const header = { roomId: String(roomId), roomName: job.roomName, roomSecLevel: job.roomSecLevel, archivedAt: ctx.now().getTime() };
  const zip = await buildBundle(ctx, 'archive.json', header, views, wire);
  const { key } = await ensureRoomKey(ctx, roomId, { rotate: false });
  const blob = await saveBlob(ctx.blobs, ctx.db, zip, { contentType: 'application/zip', maxBytes: MAX_ARCHIVE_BYTES });
  const done = await ctx.repos.jobs.complete(job.id, blob.id, key.messageKeyUuid);
  if (!done) return;
  await ctx.notifier.toAccounts([job.accountId], {
    notifyType: 'MESSAGE_ARCHIVED',
    senderId: 'SYSTEM',
    dataId: String(job.id),
    roomId: String(roomId),
    data: { archivedMessage: toArchivedMessage(done) },
  });
}

const draining = new WeakMap<ServerContext, Promise<void>>();
const again = new WeakSet<ServerContext>();

/** Runs the queued archive jobs one after another; a kick while running makes it look again. */
export function kickArchiveWorker(ctx: ServerContext): Promise<void> {
  const running = draining.get(ctx);
  if (running) {
    again.add(ctx);
    return running;
  }
  const drain = (async () => {
    do {
      again.delete(ctx);
      for (let job = await ctx.repos.jobs.claimNext([...ARCHIVE_KINDS]); job; job = await ctx.repos.jobs.claimNext([...ARCHIVE_KINDS])) {
        try {
          await runArchive(ctx, job);
        } catch (error) {
          await ctx.repos.jobs.fail(job.id, error instanceof Error ? error.message : String(error));
        }
      }
    } while (again.has(ctx));
  })()
    .catch((error: unknown) => console.error('archive worker stopped', error))
    .finally(() => draining.delete(ctx));
  draining.set(ctx, drain);
  return drain;
}

/** At start-up: jobs a stopped server left RUNNING go back to the queue, and the queue runs. */
export function resumeArchiveJobs(ctx: ServerContext): void {
  void ctx.repos.jobs
    .requeueRunning([...ARCHIVE_KINDS])
    .then(() => kickArchiveWorker(ctx))
    .catch((error: unknown) => console.error('archive jobs could not resume', error));
}

/** Resolves when the archive worker has nothing in flight (the server awaits it before closing the database). */
export function archiveWorkerIdle(ctx: ServerContext): Promise<void> {
  return draining.get(ctx) ?? Promise.resolve();
}
