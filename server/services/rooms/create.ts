// Opening and creating rooms: the one single room of a pair, group rooms, the self room and the chatbot
// room. Single, self and chatbot rooms are found again by their dedupe key instead of being duplicated.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Account } from '../../store/repos/accounts.ts';
import type { Repos } from '../../store/repos/index.ts';
import { chatbotRoomKey, selfRoomKey, singleRoomKey, type RoomBusinessType, type Room } from '../../store/repos/rooms.ts';
import { CHATBOT_ID, chatbotName } from './chatbot.ts';
import { actorOf, audit, namesOf, roomNotice, roomSummary, roomTransaction, roomTransactionRetryingUnique, type Outbox, type Viewer } from './context.ts';
import { prepareRoomImage, storeRoomImage, type PreparedImage } from './images.ts';
import { checkRoomName } from './names.ts';
import { FULL_LISTING, listedRooms } from './views.ts';
import { ms, wireId } from './wire.ts';

type Created = T.Room & { isNewRoom: boolean };

/** The caller's listed view of one room. */
async function viewOf(ctx: ServerContext, r: Repos, viewer: Viewer, room: Room): Promise<T.Room> {
  const member = await r.members.find(room.id, viewer.accountId);
  if (!member) throw new ApiError('NOT_ROOM_MEMBER');
  const [view] = await listedRooms({ r, blobs: ctx.blobs, now: ctx.now() }, viewer, [{ room, member }], FULL_LISTING);
  if (!view) throw new ApiError('INTERNAL_ERROR', 'room view missing');
  return view;
}

/**
 * Brings back the people of a one-to-one room who had left it, and shows it again to the caller (who may
 * have hidden or closed it). Returns the ids that rejoined.
 */
async function reopenFor(r: Repos, room: Room, callerId: number, accountIds: readonly number[]): Promise<number[]> {
  const active = new Set(await r.members.activeAccountIds(room.id));
  const rejoining = accountIds.filter((id) => !active.has(id));
  await r.members.add(room.id, rejoining);
  await r.members.setHidden(room.id, callerId, false);
  await r.members.setClosed(room.id, callerId, false);
  return rejoining;
}

/** Finds the room of `key` or creates it with `accountIds` as members; notifies ROOM_CREATE / ROOM_JOIN. */
async function openKeyedRoom(
  ctx: ServerContext,
  viewer: Viewer,
  key: string,
  accountIds: readonly number[],
  create: (r: Repos, caller: Account) => Promise<Room>,
): Promise<{ room: Room; isNew: boolean; view: T.Room }> {
  return roomTransactionRetryingUnique(ctx, async (r, outbox) => {
    const existing = await r.rooms.findByDedupeKey(key);
    if (existing) {
      const rejoined = await reopenFor(r, existing, viewer.accountId, accountIds);
      if (rejoined.length > 0) {
        const members = await r.members.activeAccountIds(existing.id);
        outbox.restore(existing.id, rejoined);
        outbox.toRoom(existing.id, members, roomNotice('ROOM_JOIN', existing, viewer.accountId, { accountIds: rejoined.map(wireId) }));
      }
      return { room: existing, isNew: false, view: await viewOf(ctx, r, viewer, existing) };
    }
    const caller = await r.accounts.findById(viewer.accountId);
    if (!caller) throw new ApiError('SESSION_EXPIRED');
    const room = await create(r, caller);
    await r.policies.applyDefaults(room.id, room.roomType);
    await r.members.add(room.id, accountIds);
    outbox.toRoom(room.id, accountIds, roomNotice('ROOM_CREATE', room, viewer.accountId, roomSummary(room, accountIds)));
    return { room, isNew: true, view: await viewOf(ctx, r, viewer, room) };
  });
}

/** An account that may be in a room: known and not disabled. */
async function activeAccount(r: Repos, wire: string): Promise<Account | null> {
  if (!/^\d{1,15}$/.test(wire)) return null;
  const account = await r.accounts.findById(Number(wire));
  return account && !account.disabled ? account : null;
}

/** createsingleroom: the pair's one room (per business type), created on first use. */
export async function createSingleRoom(ctx: ServerContext, viewer: Viewer, memberId: string, businessType?: RoomBusinessType): Promise<Created> {
  if (businessType === 'SELF' || memberId === wireId(viewer.accountId)) return createSelfRoom(ctx, viewer);
  const other = await activeAccount(ctx.repos, memberId);
  if (!other) throw new ApiError('CHAT_MEMBER_MISSING', memberId);
  const key = businessType ? `${singleRoomKey(viewer.accountId, other.id)}:${businessType}` : singleRoomKey(viewer.accountId, other.id);
  const { isNew, view } = await openKeyedRoom(ctx, viewer, key, [viewer.accountId, other.id], (r, caller) =>
    r.rooms.create({
      roomType: 'SINGLE',
      businessType: businessType ?? null,
      tenantId: caller.tenantId,
      createdBy: caller.id,
      // A group-account forwarding room belongs to the group account it was opened with.
      groupAccountId: businessType === 'GRP_ACC_FWD_RM' ? other.id : null,
      dedupeKey: key,
    }),
  );
  return { ...view, isNewRoom: isNew };
}

/** createselfroom: the caller's own notes room, one per account. */
export async function createSelfRoom(ctx: ServerContext, viewer: Viewer): Promise<Created> {
  const key = selfRoomKey(viewer.accountId);
  const { isNew, view } = await openKeyedRoom(ctx, viewer, key, [viewer.accountId], (r, caller) =>
    r.rooms.create({ roomType: 'SINGLE', businessType: 'SELF', tenantId: caller.tenantId, createdBy: caller.id, dedupeKey: key }),
  );
  return { ...view, isNewRoom: isNew };
}

/** createchatbotroom: the caller's room with the chatbot, named in the caller's language. */
export async function createChatbotRoom(ctx: ServerContext, viewer: Viewer, langId: string) {
  const key = chatbotRoomKey(viewer.accountId, CHATBOT_ID);
  const { room, isNew } = await openKeyedRoom(ctx, viewer, key, [viewer.accountId], (r, caller) =>
    r.rooms.create({ roomType: 'SINGLE', chatbotId: CHATBOT_ID, tenantId: caller.tenantId, createdBy: caller.id, dedupeKey: key }),
  );
  return { roomId: wireId(room.id), roomName: chatbotName(langId), lastUpdateTime: ms(room.lastUpdateAt), isNewRoom: isNew };
}

export interface NewGroup {
  roomName: string;
  memberIds: readonly string[];
  businessType?: RoomBusinessType;
  roomImg?: string;
}

/** Accounts that cannot join: unknown, disabled or not an id. Refuses the whole call when there are any. */
export async function requireAddableAccounts(r: Repos, wireIds: readonly string[]): Promise<Account[]> {
  const accounts: Account[] = [];
  const failed: string[] = [];
  for (const wire of wireIds) {
    const account = await activeAccount(r, wire);
    if (account) accounts.push(account);
    else failed.push(wire);
  }
  if (failed.length > 0) throw new ApiError('ACCOUNTS_UNABLE_TO_ADD', failed.join(', '));
  return accounts;
}

/** The room size limit a new room of this type starts with (0 = none). */
async function defaultSizeLimit(r: Repos, roomType: Room['roomType']): Promise<number> {
  const entry = (await r.policies.defaultsFor(roomType)).find((p) => p.attr === 'ROOM_SIZE_LIMIT');
  const value = entry ? Number(entry.value) : 0;
  return Number.isFinite(value) ? value : 0;
}

/** createmultipleroom: a named group with the caller as its first admin. */
export async function createMultipleRoom(ctx: ServerContext, viewer: Viewer, group: NewGroup): Promise<T.Room> {
  const name = group.roomName.trim();
  if (!name) throw new ApiError('GROUP_FIELDS_MISSING', 'roomName');
  checkRoomName(name);
  const others = [...new Set(group.memberIds)].filter((id) => id !== wireId(viewer.accountId));
  if (others.length === 0) throw new ApiError('GROUP_FIELDS_MISSING', 'memberIds');
  const image: PreparedImage | null = group.roomImg ? await prepareRoomImage(Buffer.from(group.roomImg, 'base64'), ctx.config.attachSizeBytes) : null;

  return roomTransaction(ctx, async (r, outbox, tx) => {
    const accounts = await requireAddableAccounts(r, others);
    const limit = await defaultSizeLimit(r, 'MULTIPLE');
    if (limit > 0 && accounts.length + 1 > limit) throw new ApiError('ROOM_SIZE_LIMIT', `at most ${limit} members`);
    const caller = await r.accounts.findById(viewer.accountId);
    if (!caller) throw new ApiError('SESSION_EXPIRED');
    let room = await r.rooms.create({
      roomType: 'MULTIPLE',
      roomName: name,
      businessType: group.businessType ?? null,
      tenantId: caller.tenantId,
      createdBy: caller.id,
    });
    await r.policies.applyDefaults(room.id, 'MULTIPLE');
    const memberIds = [viewer.accountId, ...accounts.map((a) => a.id)];
    await r.members.add(room.id, memberIds);
    await r.members.setAdmin(room.id, viewer.accountId, true);
    if (image) room = (await r.rooms.setProfileImage(room.id, await storeRoomImage(ctx.blobs, tx, image, ctx.config.attachSizeBytes))) ?? room;
    await audit(r, room.id, await actorOf(r, viewer.accountId), 'ROOM_CREATED', `created the room "${name}" with ${await namesOf(r, memberIds.slice(1))}`);
    notifyCreated(outbox, room, viewer, memberIds);
    const view = await viewOf(ctx, r, viewer, room);
    return { ...view, memberIds: memberIds.map(wireId), ...(image ? { roomImg: image.thumbnail.toString('base64') } : {}) };
  });
}

function notifyCreated(outbox: Outbox, room: Room, viewer: Viewer, memberIds: readonly number[]): void {
  outbox.toRoom(room.id, memberIds, roomNotice('ROOM_CREATE', room, viewer.accountId, roomSummary(room, memberIds)));
}
