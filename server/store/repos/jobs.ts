// Archive and export jobs: queued by a request, run in the background, the file appears later.
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull, toJson } from './convert.ts';

export type JobKind = 'ARCHIVE' | 'EXPORT' | 'EXPORT_ROOM' | 'DELETE_AND_EXPORT';
export type JobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED';
/** The mail step of an archive asked with withEmail (migration 112); null for archives not to be mailed. */
export type JobMailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

export interface Job {
  id: number;
  accountId: number;
  roomId: number | null;
  kind: JobKind;
  status: JobStatus;
  params: Record<string, unknown>;
  roomName: string | null;
  roomSecLevel: string | null;
  fileBlobId: number | null;
  messageKeyUuid: string | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  mailStatus: JobMailStatus | null;
  mailFailure: string | null;
  mailAttempts: number;
}

/** How one mail attempt ended: sent, given up (with why), or to be tried again at `nextAt`. */
export type MailOutcome = { status: 'SENT' } | { status: 'FAILED'; failure: string } | { status: 'PENDING'; nextAt: Date };

export interface NewJob {
  accountId: number;
  roomId?: number | null;
  kind: JobKind;
  params?: Record<string, unknown>;
  roomName?: string | null;
  roomSecLevel?: string | null;
  /** 'PENDING' when the finished archive is to be mailed. */
  mailStatus?: 'PENDING' | null;
}

function toJob(r: Row): Job {
  return {
    id: toId(r.id),
    accountId: toId(r.account_id),
    roomId: toIdOrNull(r.room_id),
    kind: String(r.kind) as JobKind,
    status: String(r.status) as JobStatus,
    params: toJson<Record<string, unknown>>(r.params),
    roomName: textOrNull(r.room_name),
    roomSecLevel: textOrNull(r.room_sec_level),
    fileBlobId: toIdOrNull(r.file_blob_id),
    messageKeyUuid: textOrNull(r.message_key_uuid),
    error: textOrNull(r.error),
    createdAt: toDate(r.created_at),
    startedAt: toDateOrNull(r.started_at),
    completedAt: toDateOrNull(r.completed_at),
    leaseOwner: textOrNull(r.lease_owner),
    leaseExpiresAt: toDateOrNull(r.lease_expires_at),
    mailStatus: textOrNull(r.mail_status) as JobMailStatus | null,
    mailFailure: textOrNull(r.mail_failure),
    mailAttempts: Number(r.mail_attempts ?? 0),
  };
}

/** Who runs a job and for how long it may go without renewing (a process id; milliseconds). */
export interface JobLease {
  owner: string;
  ms: number;
}

/** For callers that run jobs in one process only (tests, tools). */
const ANONYMOUS_LEASE: JobLease = { owner: 'this-process', ms: 60_000 };

export function jobsRepo(q: Queryable) {
  return {
    async create(input: NewJob): Promise<Job> {
      const { rows } = await q.query(
        `INSERT INTO jobs (account_id, room_id, kind, params, room_name, room_sec_level, mail_status)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) RETURNING *`,
        [input.accountId, input.roomId ?? null, input.kind, JSON.stringify(input.params ?? {}), input.roomName ?? null, input.roomSecLevel ?? null, input.mailStatus ?? null],
      );
      return toJob(onlyRow(rows));
    },

    /**
     * Takes the oldest job that is pending or whose lease ran out (its process died), marks it RUNNING and
     * leases it to `lease.owner`. SKIP LOCKED lets several server processes share the queue on PostgreSQL
     * without taking the same job.
     */
    async claimNext(kinds?: readonly JobKind[], lease: JobLease = ANONYMOUS_LEASE): Promise<Job | null> {
      const { rows } = await q.query(
        `UPDATE jobs SET status = 'RUNNING', started_at = now(), lease_owner = $2,
                lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE id = (SELECT id FROM jobs
                     WHERE (status = 'PENDING' OR (status = 'RUNNING' AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp())))
                       AND ($1::text[] IS NULL OR kind = ANY($1::text[]))
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [kinds ? [...kinds] : null, lease.owner, lease.ms],
      );
      return rows[0] ? toJob(rows[0]) : null;
    },

    /** The holder extends its lease while it works (a run or a mail); false when the lease is no longer its own. */
    async renewLease(id: number, lease: JobLease): Promise<boolean> {
      const { rowCount } = await q.query(
        `UPDATE jobs SET lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE id = $1 AND (status = 'RUNNING' OR mail_status = 'SENDING') AND lease_owner = $2`,
        [id, lease.owner, lease.ms],
      );
      return rowCount === 1;
    },

    /** Only the lease holder completes a job (null otherwise): a job re-claimed after a stall finishes once. */
    async complete(id: number, fileBlobId: number, messageKeyUuid: string | null, lease: JobLease = ANONYMOUS_LEASE): Promise<Job | null> {
      const { rows } = await q.query(
        `UPDATE jobs SET status = 'COMPLETED', file_blob_id = $2, message_key_uuid = $3, completed_at = now(),
                lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND status = 'RUNNING' AND lease_owner = $4 RETURNING *`,
        [id, fileBlobId, messageKeyUuid, lease.owner],
      );
      return rows[0] ? toJob(rows[0]) : null;
    },

    /** A pending job, or a running one by its lease holder. */
    async fail(id: number, error: string, lease: JobLease = ANONYMOUS_LEASE): Promise<Job | null> {
      const { rows } = await q.query(
        `UPDATE jobs SET status = 'FAILED', error = $2, completed_at = now(), lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND (status = 'PENDING' OR (status = 'RUNNING' AND lease_owner = $3)) RETURNING *`,
        [id, error, lease.owner],
      );
      return rows[0] ? toJob(rows[0]) : null;
    },

    /**
     * Takes the oldest completed job whose mail is due (pending and past its retry time, or sending by a process
     * whose lease ran out) and leases it like a run: the lease columns are free once the job completed.
     */
    async claimMail(lease: JobLease = ANONYMOUS_LEASE): Promise<Job | null> {
      const { rows } = await q.query(
        `UPDATE jobs SET mail_status = 'SENDING', lease_owner = $1, lease_expires_at = clock_timestamp() + $2 * interval '1 millisecond'
         WHERE id = (SELECT id FROM jobs
                     WHERE status = 'COMPLETED'
                       AND ((mail_status = 'PENDING' AND (mail_next_at IS NULL OR mail_next_at <= clock_timestamp()))
                         OR (mail_status = 'SENDING' AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp())))
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [lease.owner, lease.ms],
      );
      return rows[0] ? toJob(rows[0]) : null;
    },

    /** Records one mail attempt by the lease holder (null when the mail is no longer its own). */
    async settleMail(id: number, outcome: MailOutcome, lease: JobLease = ANONYMOUS_LEASE): Promise<Job | null> {
      const { rows } = await q.query(
        `UPDATE jobs SET mail_status = $3, mail_failure = $4, mail_next_at = $5, mail_attempts = mail_attempts + 1,
                lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND mail_status = 'SENDING' AND lease_owner = $2 RETURNING *`,
        [id, lease.owner, outcome.status, outcome.status === 'FAILED' ? outcome.failure : null, outcome.status === 'PENDING' ? outcome.nextAt : null],
      );
      return rows[0] ? toJob(rows[0]) : null;
    },

    async find(id: number): Promise<Job | null> {
      const { rows } = await q.query('SELECT * FROM jobs WHERE id = $1', [id]);
      return rows[0] ? toJob(rows[0]) : null;
    },

    /** getcompletedarchivedmessages / exported messages: the account's finished jobs, newest first. */
    async listCompleted(accountId: number, kinds?: readonly JobKind[]): Promise<Job[]> {
      const { rows } = await q.query(
        `SELECT * FROM jobs WHERE account_id = $1 AND status = 'COMPLETED' AND ($2::text[] IS NULL OR kind = ANY($2::text[]))
         ORDER BY completed_at DESC, id DESC`,
        [accountId, kinds ? [...kinds] : null],
      );
      return rows.map(toJob);
    },
  };
}

export type JobsRepo = ReturnType<typeof jobsRepo>;
