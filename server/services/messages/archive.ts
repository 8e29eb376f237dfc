// Archives: archiveaesmessagesbeforedays / archiveallaesmessages queue an ARCHIVE job, and the hospital
// deleteandexportroom a DELETE_AND_EXPORT job; a background task builds the zip (JSON of the messages plus
// attachment ciphertexts) into the blob store, completes the job and sends MESSAGE_ARCHIVED to its owner.
// The finished file is listed by getcompletedarchivedmessages. Jobs run exactly once across server processes:
// the runner holds a lease it renews, and a job whose runner died is taken over when its lease runs out. The
// same worker mails the archives asked with withEmail once they are complete (archive-mail.ts).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { saveBlob } from '../../store/blobs.ts';
import type { Job, JobLease } from '../../store/repos/index.ts';
import { ensureRoomKey } from '../keys/room-keys.ts';
import { requirePolicy } from '../room-access.ts';
import { mailArchive } from './archive-mail.ts';
import { toArchivedMessage } from './archived-message.ts';
import { buildBundle, roomTitle } from './bundle.ts';
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
  if (request.withEmail) {
    // Refused before anything is queued: the person learns now that no mail would come.
    if (!ctx.config.mail) throw new ApiError('MAIL_NOT_CONFIGURED');
    const account = await ctx.repos.accounts.findById(caller.accountId);
    if (!account?.emailAddr?.trim()) throw new ApiError('NO_EMAIL_ADDRESS');
  }
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
    mailStatus: request.withEmail ? 'PENDING' : null,
  });
  kickArchiveWorker(ctx);
  return job;
}

async function runArchive(ctx: ServerContext, job: Job, lease: JobLease): Promise<void> {
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
  const done = await ctx.repos.jobs.complete(job.id, blob.id, key.messageKeyUuid, lease);
  // Not ours any more (a stall let another process take it over): that process completes and announces it.
  if (!done) return;
  await ctx.notifier.toAccounts([job.accountId], {
    notifyType: 'MESSAGE_ARCHIVED',
    senderId: 'SYSTEM',
    dataId: String(job.id),
    roomId: String(roomId),
    data: { archivedMessage: toArchivedMessage(done) },
  });
}

interface Worker {
  lease: JobLease;
  draining: Promise<void> | null;
  again: boolean;
  stopped: boolean;
}

const workers = new WeakMap<ServerContext, Worker>();

function workerOf(ctx: ServerContext): Worker {
  let worker = workers.get(ctx);
  if (!worker) {
    // One lease owner per server process (per context in tests that start several in one process).
    const owner = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
    worker = { lease: { owner, ms: ctx.config.jobLeaseMs }, draining: null, again: false, stopped: false };
    workers.set(ctx, worker);
  }
  return worker;
}

/** Does a claimed job's work (its run or its mail), renewing its lease meanwhile so no other process takes it over. */
async function withLease(ctx: ServerContext, worker: Worker, job: Job, work: () => Promise<void>): Promise<void> {
  const renew = setInterval(() => {
    ctx.repos.jobs.renewLease(job.id, worker.lease).catch((error: unknown) => ctx.log('archive job lease not renewed', error));
  }, Math.max(50, Math.floor(worker.lease.ms / 3)));
  try {
    await work();
  } finally {
    clearInterval(renew);
  }
}

function runLeased(ctx: ServerContext, worker: Worker, job: Job): Promise<void> {
  return withLease(ctx, worker, job, async () => {
    try {
      // Test mode only: hold a claimed job, so a test can kill its process part-way (tests/cluster).
      if (ctx.config.testMode && ctx.config.testJobHoldMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.config.testJobHoldMs));
      await runArchive(ctx, job, worker.lease);
    } catch (error) {
      await ctx.repos.jobs.fail(job.id, error instanceof Error ? error.message : String(error), worker.lease);
    }
  });
}

/** A mail that stops on an unexpected fault (the database) stays claimed until its lease runs out, then is tried again. */
function mailLeased(ctx: ServerContext, worker: Worker, job: Job): Promise<void> {
  return withLease(ctx, worker, job, () => mailArchive(ctx, job, worker.lease).catch((error: unknown) => ctx.log(`archive ${job.id}: mail step stopped`, error)));
}

/** Runs the queued archive jobs one after another; a kick while running makes it look again. */
export function kickArchiveWorker(ctx: ServerContext): Promise<void> {
  const worker = workerOf(ctx);
  if (worker.stopped) return Promise.resolve();
  if (worker.draining) {
    worker.again = true;
    return worker.draining;
  }
  const drain = (async () => {
    do {
      worker.again = false;
      for (let job = await ctx.repos.jobs.claimNext([...ARCHIVE_KINDS], worker.lease); job && !worker.stopped; job = await ctx.repos.jobs.claimNext([...ARCHIVE_KINDS], worker.lease)) {
        await runLeased(ctx, worker, job);
      }
      for (let job = await ctx.repos.jobs.claimMail(worker.lease); job && !worker.stopped; job = await ctx.repos.jobs.claimMail(worker.lease)) {
        await mailLeased(ctx, worker, job);
      }
    } while (worker.again && !worker.stopped);
  })()
    .catch((error: unknown) => ctx.log('archive worker stopped', error))
    .finally(() => {
      worker.draining = null;
    });
  worker.draining = drain;
  return drain;
}

/**
 * At start-up and then every few seconds: take pending jobs and jobs whose process died (lease ran out), here
 * or queued by another process. Returns the stop function.
 */
export function resumeArchiveJobs(ctx: ServerContext): () => void {
  const worker = workerOf(ctx);
  void kickArchiveWorker(ctx);
  const timer = setInterval(() => void kickArchiveWorker(ctx), Math.min(5_000, Math.max(100, Math.floor(worker.lease.ms / 2))));
  timer.unref();
  return () => {
    worker.stopped = true;
    clearInterval(timer);
  };
}

/** Resolves when the archive worker has nothing in flight (the server awaits it before closing the database). */
export function archiveWorkerIdle(ctx: ServerContext): Promise<void> {
  return workers.get(ctx)?.draining ?? Promise.resolve();
}
