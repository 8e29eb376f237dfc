// What every rooms operation shares: one transaction per state change, notifications sent only after it
// commits, the live room a call names, the acting account, and the audit record of an admin's action.
import type { NotifyType } from '../../../generated/realtime/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../store/db.ts';
import { repos, type Repos } from '../../store/repos/index.ts';
import type { Member } from '../../store/repos/members.ts';
import type { Room } from '../../store/repos/rooms.ts';
import { notificationOf, type Notification, type Notifier } from '../notifier.ts';
import type { Revocation } from '../../realtime/revocation.ts';
import { requireMember, requirePolicy } from '../room-access.ts';
import { displayName, ms, wireId } from './wire.ts';

/** The answer of a call whose response is only the envelope status. */
export type Empty = Record<string, unknown>;

/** The caller as the room rules see it. */
export type Viewer = Pick<AuthenticatedSession, 'accountId' | 'roles'>;

/** senderId of notifications the server itself causes (e.g. promoting a new admin). */
export const SYSTEM_SENDER = 'SYSTEM';

/** Notifications collected during a transaction, published once it has committed. */
export class Outbox {
  /** `critical`: a failure fails the call (revocations); a lost notification is only logged. */
  private readonly sends: { run: (notifier: Notifier) => Promise<void>; critical: boolean }[] = [];

  toRoom(roomId: number, memberIds: readonly number[], notification: Notification): void {
    this.sends.push({ run: (notifier) => notifier.toRoom(roomId, memberIds, notification), critical: false });
  }

  toAccounts(accountIds: readonly number[], notification: Notification): void {
    this.sends.push({ run: (notifier) => notifier.toAccounts(accountIds, notification), critical: false });
  }

  /** Other work published after the commit in its turn (a system line's NEW_MESSAGE, which needs the store). */
  later(run: () => Promise<void>): void {
    this.sends.push({ run: () => run(), critical: false });
  }

  /** Published in order with the notifications: add it after the ones that tell the account why. */
  revoke(revocation: Revocation): void {
    this.sends.push({ run: (notifier) => notifier.revoke(revocation), critical: true });
  }

  /** Accounts that are members again: before the notification that tells them, so they hear it. */
  restore(roomId: number, accountIds: readonly number[]): void {
    for (const accountId of accountIds) this.revoke({ kind: 'room-member-restored', roomId: String(roomId), accountId: String(accountId) });
  }

  /** Publishes what was collected; `log` is the server's (ctx.log), which keeps a fault's kind and place only. */
  async flush(notifier: Notifier, log: ServerContext['log']): Promise<void> {
    let failedRevocation: unknown = null;
    for (const { run, critical } of this.sends) {
      try {
        await run(notifier);
      } catch (error) {
        // The change is committed; a lost notification is healed by the client's reload after reconnect. A lost
        // revocation is not healed by anything: the call fails (the caller may retry), after the other sends.
        if (critical) failedRevocation ??= error;
        else log('room notification failed', error);
      }
    }
    if (failedRevocation !== null) throw failedRevocation;
  }
}

export type RoomWork<R> = (r: Repos, outbox: Outbox, tx: Queryable) => Promise<R>;

/** Runs one state change in one transaction, then publishes its notifications. */
export async function roomTransaction<R>(ctx: ServerContext, fn: RoomWork<R>): Promise<R> {
  const outbox = new Outbox();
  const result = await ctx.db.transaction((tx) => fn(repos(tx), outbox, tx));
  await outbox.flush(ctx.notifier, ctx.log);
  return result;
}

/**
 * Like roomTransaction, for creations guarded by a unique key (one single room per pair): when another
 * request created the same room first, the second attempt finds it instead of failing.
 */
export async function roomTransactionRetryingUnique<R>(ctx: ServerContext, fn: RoomWork<R>): Promise<R> {
  try {
    return await roomTransaction(ctx, fn);
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    if (sqlState(error) !== UNIQUE_VIOLATION && sqlState(cause) !== UNIQUE_VIOLATION) throw error;
    return roomTransaction(ctx, fn);
  }
}

/** The live (not deleted) room; an unknown or deleted room is NOT_FOUND. */
export async function liveRoom(r: Repos, roomId: number): Promise<Room> {
  const room = await r.rooms.findById(roomId);
  if (!room || room.deletedAt) throw new ApiError('NOT_FOUND', `room ${roomId}`);
  return room;
}

export interface Actor {
  accountId: number;
  name: string;
}

export async function actorOf(r: Repos, accountId: number): Promise<Actor> {
  const account = await r.accounts.findById(accountId);
  return { accountId, name: account ? displayName(account) : String(accountId) };
}

/** Audit codes of the admin actions recorded in a room (getauditinfo). */
export type AuditAction =
  | 'ROOM_CREATED'
  | 'ROOM_DELETED'
  | 'ROOM_RENAMED'
  | 'ROOM_IMAGE_UPDATED'
  | 'ROOM_IMAGE_REMOVED'
  | 'MEMBER_ADDED'
  | 'MEMBER_REMOVED'
  | 'ADMIN_ADDED'
  | 'ADMIN_REMOVED'
  | 'POLICY_UPDATED'
  | 'SELF_DESTRUCT_UPDATED';

export async function audit(r: Repos, roomId: number, actor: Actor | null, action: AuditAction, message: string): Promise<void> {
  await r.audit.record({ roomId, actorId: actor?.accountId ?? null, actorName: actor?.name ?? SYSTEM_SENDER, action, message });
}

/** Names of accounts for audit texts: "Amy Lee, Ben Chan". */
export async function namesOf(r: Repos, accountIds: readonly number[]): Promise<string> {
  const accounts = await r.accounts.listByIds(accountIds);
  return accounts.map(displayName).join(', ');
}

/** A room notification about the room itself (dataId is the room id). */
export function roomNotice<T extends NotifyType>(notifyType: T, room: Pick<Room, 'id'>, senderId: number | string, data?: object) {
  return notificationOf(notifyType, { senderId: String(senderId), dataId: wireId(room.id), roomId: wireId(room.id), ...(data ? { data } : {}) });
}

/** The part of a room that is the same for every member, as ROOM_CREATE / ROOM_UPDATE data. */
export function roomSummary(room: Room, memberIds?: readonly number[]): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    roomId: wireId(room.id),
    roomType: room.roomType,
    lastUpdateTime: ms(room.lastUpdateAt),
  };
  if (room.roomName) summary.roomName = room.roomName;
  if (room.businessType) summary.businessType = room.businessType;
  if (memberIds) summary.memberIds = memberIds.map(wireId);
  return summary;
}

/**
 * The live room and the caller's membership, checked against a policy attribute when one is named
 * (NOT_FOUND, NOT_ROOM_MEMBER or ROOM_POLICY_FORBIDS otherwise).
 */
export async function inRoom(r: Repos, viewer: Viewer, roomId: number, policyAttr?: string): Promise<{ room: Room; member: Member }> {
  const room = await liveRoom(r, roomId);
  const member = policyAttr ? await requirePolicy({ repos: r }, roomId, viewer, policyAttr) : await requireMember({ repos: r }, roomId, viewer.accountId);
  return { room, member };
}
