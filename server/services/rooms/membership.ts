// Who is in a room: adding and removing members, granting and removing admin, leaving, and deleting the
// room. Each is one transaction; admin actions leave an audit record; the room's members are notified.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { lockRoom, type Repos } from '../../store/repos/index.ts';
import type { Room } from '../../store/repos/rooms.ts';
import { numericPolicy } from '../room-access.ts';
import { actorOf, audit, inRoom, namesOf, roomNotice, roomTransaction, SYSTEM_SENDER, type Outbox, type Empty, type Viewer } from './context.ts';
import { requireAddableAccounts } from './create.ts';
import { postSystemLine } from './system-lines.ts';
import { wireId } from './wire.ts';
import { parseId } from '../../http/wire-ids.ts';

/** A group without admins could never be managed again: its longest-standing member becomes admin. */
async function keepAnAdmin(ctx: ServerContext, r: Repos, room: Room, outbox: Outbox): Promise<void> {
  if (room.roomType === 'SINGLE') return;
  const members = await r.members.listActive(room.id);
  const first = members[0];
  if (!first || members.some((m) => m.isAdmin)) return;
  await r.members.setAdmin(room.id, first.accountId, true);
  await audit(r, room.id, null, 'ADMIN_ADDED', `${await namesOf(r, [first.accountId])} became admin as the last admin left`);
  outbox.toRoom(room.id, members.map((m) => m.accountId), roomNotice('ROOM_ADMIN_ADD', room, SYSTEM_SENDER, { accountId: wireId(first.accountId) }));
  await postSystemLine(ctx, r, outbox, room, { code: 'ADMIN_ADDED', actor: null, targets: await r.accounts.listByIds([first.accountId]) });
}

/** An active member of the room other than by the caller's own rules; NOT_FOUND otherwise. */
async function requireTargetMember(r: Repos, roomId: number, accountId: string) {
  const id = parseId(accountId, 'accountId');
  const member = await r.members.find(roomId, id);
  if (!member || member.leftAt) throw new ApiError('NOT_FOUND', `account ${accountId} is not a member`);
  return member;
}

/** addroommembers: ADD_MEMBER policy, the room size limit, and only known, enabled accounts. */
export async function addMembers(ctx: ServerContext, viewer: Viewer, roomId: number, accountIds: readonly string[]) {
  return roomTransaction(ctx, async (r, outbox, tx) => {
    // The room's lock before the size check: two adds side by side (PostgreSQL) must not both pass the limit.
    await lockRoom(tx, roomId);
    const { room } = await inRoom(r, viewer, roomId, 'ADD_MEMBER');
    const accounts = await requireAddableAccounts(r, accountIds);
    const active = new Set(await r.members.activeAccountIds(roomId));
    const joining = accounts.map((a) => a.id).filter((id) => !active.has(id));
    if (joining.length === 0) return { failedAccountIds: [] };
    const limit = await numericPolicy({ repos: r }, roomId, 'ROOM_SIZE_LIMIT');
    if (limit > 0 && active.size + joining.length > limit) throw new ApiError('ROOM_SIZE_LIMIT', `at most ${limit} members`);
    await r.members.add(roomId, joining);
    await r.rooms.touch(roomId, ctx.now());
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'MEMBER_ADDED', `added ${await namesOf(r, joining)}`);
    const members = await r.members.activeAccountIds(roomId);
    outbox.restore(roomId, joining);
    outbox.toRoom(roomId, members, roomNotice('ROOM_JOIN', room, viewer.accountId, { accountIds: joining.map(wireId) }));
    await postSystemLine(ctx, r, outbox, room, { code: 'MEMBER_ADDED', actor, targets: accounts.filter((a) => joining.includes(a.id)) });
    return { failedAccountIds: [] };
  });
}

/** removeroommember: REMOVE_MEMBER policy; the removed account is told too. */
export async function removeMember(ctx: ServerContext, viewer: Viewer, roomId: number, accountId: string): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'REMOVE_MEMBER');
    const target = await requireTargetMember(r, roomId, accountId);
    if (target.accountId === viewer.accountId) throw new ApiError('FORBIDDEN', 'leave the room instead of removing yourself');
    await r.members.remove(roomId, target.accountId);
    await r.rooms.touch(roomId, ctx.now());
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'MEMBER_REMOVED', `removed ${await namesOf(r, [target.accountId])}`);
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, [...members, target.accountId], roomNotice('ROOM_MEMBER_DELETE', room, viewer.accountId, { accountId: wireId(target.accountId) }));
    outbox.revoke({ kind: 'room-member', roomId: String(roomId), accountId: String(target.accountId) });
    await postSystemLine(ctx, r, outbox, room, { code: 'MEMBER_REMOVED', actor, targets: await r.accounts.listByIds([target.accountId]) });
    await keepAnAdmin(ctx, r, room, outbox);
    return {};
  });
}

/** addroomadmin / removeroomadmin: EDIT_ADMIN policy; a room keeps at least one admin. */
export async function setAdmin(ctx: ServerContext, viewer: Viewer, roomId: number, accountId: string, isAdmin: boolean): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox, tx) => {
    // The room's lock before counting admins: two removals side by side (PostgreSQL) must not both see a second admin.
    await lockRoom(tx, roomId);
    const { room } = await inRoom(r, viewer, roomId, 'EDIT_ADMIN');
    const target = await requireTargetMember(r, roomId, accountId);
    if (target.isAdmin === isAdmin) return {};
    if (!isAdmin && (await r.members.adminAccountIds(roomId)).length <= 1) throw new ApiError('FORBIDDEN', 'the room needs at least one admin');
    await r.members.setAdmin(roomId, target.accountId, isAdmin);
    const name = await namesOf(r, [target.accountId]);
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, isAdmin ? 'ADMIN_ADDED' : 'ADMIN_REMOVED', isAdmin ? `made ${name} admin` : `removed ${name} as admin`);
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice(isAdmin ? 'ROOM_ADMIN_ADD' : 'ROOM_ADMIN_REMOVE', room, viewer.accountId, { accountId: wireId(target.accountId) }));
    const targets = await r.accounts.listByIds([target.accountId]);
    await postSystemLine(ctx, r, outbox, room, { code: isAdmin ? 'ADMIN_ADDED' : 'ADMIN_REMOVED', actor, targets });
    return {};
  });
}

/** leaveroom: ALLOW_EXIT_ROOM policy; leaving twice is ALREADY_LEFT_ROOM. */
export async function leaveRoom(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const membership = await r.members.find(roomId, viewer.accountId);
    if (membership?.leftAt) throw new ApiError('ALREADY_LEFT_ROOM');
    const { room } = await inRoom(r, viewer, roomId, 'ALLOW_EXIT_ROOM');
    await leave(ctx, r, room, viewer.accountId, outbox);
    return {};
  });
}

async function leave(ctx: ServerContext, r: Repos, room: Room, accountId: number, outbox: Outbox): Promise<void> {
  await r.members.remove(room.id, accountId);
  const members = await r.members.activeAccountIds(room.id);
  outbox.toRoom(room.id, [...members, accountId], roomNotice('ROOM_LEAVE', room, accountId, { accountId: wireId(accountId) }));
  outbox.revoke({ kind: 'room-member', roomId: String(room.id), accountId: String(accountId) });
  if (members.length > 0) await postSystemLine(ctx, r, outbox, room, { code: 'MEMBER_LEFT', actor: await actorOf(r, accountId) });
  await keepAnAdmin(ctx, r, room, outbox);
}

/**
 * deleteroom: ALLOW_DELETE_ROOM policy. A group is deleted for everyone. A one-to-one, self or chatbot room
 * is deleted for the caller only: its messages go from the caller's view and the caller leaves; the room
 * itself goes once nobody is left in it.
 */
export async function deleteRoom(ctx: ServerContext, viewer: Viewer, roomId: number, options: { export?: boolean } = {}): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'ALLOW_DELETE_ROOM');
    if (options.export) {
      await inRoom(r, viewer, roomId, 'ALLOW_EXPORT_MSG');
      // The export runs later from the stored messages, which a deleted room keeps.
      await r.jobs.create({
        accountId: viewer.accountId,
        roomId,
        kind: 'DELETE_AND_EXPORT',
        roomName: room.roomName,
        roomSecLevel: room.roomSecLevel,
        params: { requestedAt: ctx.now().getTime() },
      });
    }
    if (room.roomType === 'SINGLE') {
      await r.receipts.deleteAllForMe(viewer.accountId, roomId, true, ctx.now());
      await leave(ctx, r, room, viewer.accountId, outbox);
      if ((await r.members.activeAccountIds(roomId)).length === 0) await r.rooms.markDeleted(roomId);
      return {};
    }
    const members = await r.members.activeAccountIds(roomId);
    await r.rooms.markDeleted(roomId);
    await audit(r, roomId, await actorOf(r, viewer.accountId), 'ROOM_DELETED', `deleted the room${room.roomName ? ` "${room.roomName}"` : ''}`);
    outbox.toRoom(roomId, members, roomNotice('ROOM_DELETE', room, viewer.accountId));
    outbox.revoke({ kind: 'room', roomId: String(roomId) });
    return {};
  });
}
