// The read-only rooms calls: room lists, search, room view, members, last message, policy, audit records
// and profile images. Nothing here changes state, so nothing here needs a transaction.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { RoomListItem } from '../../store/repos/rooms.ts';
import { presentAll } from '../messages/wire.ts';
import { inRoom, type Viewer } from './context.ts';
import { RoomPageCursors } from './page-cursors.ts';
import { FULL_LISTING, listedRooms, readBlob, roomDetail, type ViewDeps } from './views.ts';
import { toWireAccount, toWireAudit, toWirePolicy, wireId } from './wire.ts';

/** Keyset continuation of numbered room list pages, per server (its repositories) in this process's memory. */
const cursorsByServer = new WeakMap<object, RoomPageCursors>();
function cursorsOf(ctx: ServerContext): RoomPageCursors {
  let cursors = cursorsByServer.get(ctx.repos);
  if (!cursors) cursorsByServer.set(ctx.repos, (cursors = new RoomPageCursors()));
  return cursors;
}

const deps = (ctx: ServerContext): ViewDeps => ({ r: ctx.repos, blobs: ctx.blobs, now: ctx.now() });

/** getroomlist: a page of visible, open rooms, pinned first then by last activity. */
export async function roomList(
  ctx: ServerContext,
  viewer: Viewer,
  request: { pageInfo: { pageNo: number; pageSize: number }; withTotalUnreadRoomCount?: boolean; withTotalUnreadMsgCount?: boolean },
): Promise<T.RoomListResponse> {
  const { pageNo, pageSize } = request.pageInfo;
  const pageCursors = cursorsOf(ctx);
  const after = pageNo > 1 ? pageCursors.before(viewer.accountId, pageSize, pageNo) : undefined;
  const page = await ctx.repos.rooms.listForAccount(viewer.accountId, {
    hidden: 'visible',
    excludeClosed: true,
    limit: pageSize,
    ...(after ? { after } : { offset: (pageNo - 1) * pageSize }),
  });
  pageCursors.remember(viewer.accountId, pageSize, pageNo, page.cursor);
  const response: T.RoomListResponse = { rooms: await listedRooms(deps(ctx), viewer, page.items, FULL_LISTING), stillHaveData: page.stillHaveData };
  if (request.withTotalUnreadRoomCount || request.withTotalUnreadMsgCount) {
    const totals = await ctx.repos.receipts.totalUnread(viewer.accountId);
    if (request.withTotalUnreadRoomCount) response.totalUnreadRoomCount = totals.rooms;
    if (request.withTotalUnreadMsgCount) response.totalUnreadMsgCount = totals.messages;
  }
  return response;
}

const SIMPLE_PAGE = 200;

/** getsimpleroomlist (not hidden) and gethidedroomlist (hidden): every such room, without messages. */
export async function simpleRoomList(
  ctx: ServerContext,
  viewer: Viewer,
  hidden: 'visible' | 'hidden',
  request: { isIncludeProfileImage?: boolean; isIncludeLastUpdateTime?: boolean },
): Promise<T.SimpleRoomListResponse> {
  const items: RoomListItem[] = [];
  for (let offset = 0; ; offset += SIMPLE_PAGE) {
    const page = await ctx.repos.rooms.listForAccount(viewer.accountId, { hidden, limit: SIMPLE_PAGE, offset });
    items.push(...page.items);
    if (!page.stillHaveData) break;
  }
  const rooms = await listedRooms(deps(ctx), viewer, items, {
    withMessages: false,
    withPolicy: false,
    withLastUpdateTime: request.isIncludeLastUpdateTime === true,
    withProfileImage: request.isIncludeProfileImage === true,
  });
  return { rooms, noOfRooms: rooms.length };
}

/** How many rooms a search returns (the seed's room list search size). */
export const SEARCH_LIMIT = 30;

/** searchroom: by room name and by the names of the other members. */
export async function searchRooms(ctx: ServerContext, viewer: Viewer, searchCriteria: string): Promise<{ rooms: T.Room[] }> {
  const text = searchCriteria.trim();
  if (!text) return { rooms: [] };
  const items = await ctx.repos.rooms.searchForAccount(viewer.accountId, text, SEARCH_LIMIT);
  return { rooms: await listedRooms(deps(ctx), viewer, items, FULL_LISTING) };
}

/** viewroom: members only. */
export async function viewRoom(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<T.RoomDetail> {
  const { room, member } = await inRoom(ctx.repos, viewer, roomId);
  return roomDetail(deps(ctx), viewer, room, member);
}

/** getroomaccounts: the members' accounts. */
export async function roomAccounts(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<{ accounts: T.Account[] }> {
  await inRoom(ctx.repos, viewer, roomId);
  const ids = await ctx.repos.members.activeAccountIds(roomId);
  const [accounts, tenants] = await Promise.all([ctx.repos.accounts.listByIds(ids), ctx.repos.tenants.list()]);
  const tenantName = new Map(tenants.map((t) => [t.id, t.fullname]));
  return { accounts: accounts.map((a) => toWireAccount(a, tenantName.get(a.tenantId))) };
}

/** getlastmessage: the newest message the caller can see, with the unread counters when asked. */
export async function lastMessage(ctx: ServerContext, viewer: Viewer, roomId: number, withUnreadCount: boolean) {
  await inRoom(ctx.repos, viewer, roomId);
  const view = await ctx.repos.messages.latest(roomId, viewer.accountId, ctx.now());
  const response: { message?: T.Message; noOfUnreadMessage?: number; noOfMentionedMessage?: number } = {};
  if (view) [response.message] = await presentAll(ctx, viewer.accountId, [view]);
  if (withUnreadCount) {
    const [counts] = await ctx.repos.receipts.unreadByRoom(viewer.accountId, [roomId]);
    response.noOfUnreadMessage = counts?.unread ?? 0;
    response.noOfMentionedMessage = counts?.mentioned ?? 0;
  }
  return response;
}

/** getroompolicy. */
export async function roomPolicy(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<{ policy: T.RoomPolicyEntry[] }> {
  await inRoom(ctx.repos, viewer, roomId);
  return { policy: (await ctx.repos.policies.list(roomId)).map(toWirePolicy) };
}

/** getallroompolicy: every policy attribute with the value a new group starts from. */
export async function allRoomPolicies(ctx: ServerContext): Promise<{ policy: T.RoomPolicyEntry[] }> {
  return { policy: (await ctx.repos.policies.defaultsFor('MULTIPLE')).map(toWirePolicy) };
}

/** getauditinfo: members may read the room's audit trail, newest first. */
export async function auditInfo(
  ctx: ServerContext,
  viewer: Viewer,
  roomId: number,
  lastRoomAuditInfoId: number | null,
  batchSize: number,
): Promise<{ roomAuditInfos: T.RoomAuditRecord[]; stillHaveData: boolean }> {
  await inRoom(ctx.repos, viewer, roomId);
  const page = await ctx.repos.audit.list(roomId, lastRoomAuditInfoId, batchSize);
  return { roomAuditInfos: page.records.map(toWireAudit), stillHaveData: page.stillHaveData };
}

/**
 * getroomprofileimage: the pictures of the caller's rooms among `roomIds` (others are left out); the
 * thumbnail always, the full picture when isFull.
 */
export async function profileImages(ctx: ServerContext, viewer: Viewer, roomIds: readonly number[], isFull: boolean): Promise<{ roomProfileImages: T.RoomProfileImage[] }> {
  const images: T.RoomProfileImage[] = [];
  for (const roomId of roomIds) {
    const room = await ctx.repos.rooms.findById(roomId);
    if (!room || room.deletedAt || !(await ctx.repos.members.isActiveMember(roomId, viewer.accountId))) continue;
    const entry: T.RoomProfileImage = { roomId: wireId(roomId) };
    if (room.profileImgTnRef !== null) {
      const thumbnail = await readBlob(deps(ctx), room.profileImgTnRef);
      if (thumbnail) entry.img_tn = thumbnail.toString('base64');
    }
    if (isFull && room.profileImgRef !== null) {
      const full = await readBlob(deps(ctx), room.profileImgRef);
      if (full) entry.img = full.toString('base64');
    }
    images.push(entry);
  }
  return { roomProfileImages: images };
}
