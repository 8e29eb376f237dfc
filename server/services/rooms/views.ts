// What one account sees of its rooms: the room list entries (flags, policy, last message, unread counts,
// the other account of a single room), the simple lists, and the room detail of viewroom.
import type * as T from '../../../generated/types/index.ts';
import type { BlobStore } from '../../store/blobs.ts';
import type { Account } from '../../store/repos/accounts.ts';
import type { Repos } from '../../store/repos/index.ts';
import type { Member } from '../../store/repos/members.ts';
import type { MessageView } from '../../store/repos/messages.ts';
import type { PolicyEntry } from '../../store/repos/policies.ts';
import type { Room, RoomListItem } from '../../store/repos/rooms.ts';
import { presenter } from '../messages/wire.ts';
import { policyAllows } from '../room-access.ts';
import type { Viewer } from './context.ts';
import { chatbotName } from './chatbot.ts';
import { displayName, ms, selfDestructTimeOf, toWireAccount, toWirePolicy, wireId } from './wire.ts';

export interface ViewDeps {
  r: Repos;
  blobs: BlobStore;
  now: Date;
}

/** Muted now: with no end, or until a time still ahead. */
export function isMutedNow(member: Member, now: Date): boolean {
  return member.isMuted || (member.muteUntil !== null && member.muteUntil.getTime() > now.getTime());
}

/** A SINGLE room between two people (not a self or chatbot room). */
export const isPairRoom = (room: Room): boolean => room.roomType === 'SINGLE' && room.businessType !== 'SELF' && room.chatbotId === null;

/** Accounts by id, with their tenant's name and the viewer's own synonym for them, for the wire. */
async function accountsById(r: Repos, viewerId: number, ids: readonly number[]): Promise<Map<number, { account: Account; wire: T.Account }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [accounts, tenants] = await Promise.all([r.accounts.listByIdsWithSynonyms(viewerId, unique), r.tenants.list()]);
  const tenantName = new Map(tenants.map((t) => [t.id, t.fullname]));
  return new Map(
    accounts.map(({ account: a, synonym }) => [
      a.id,
      { account: a, wire: { ...toWireAccount(a, tenantName.get(a.tenantId)), ...(synonym !== null ? { synonym } : {}) } },
    ]),
  );
}

export interface ListOptions {
  /** The latest message with its unread counters (the room list); simple lists leave them out. */
  withMessages: boolean;
  withPolicy: boolean;
  withLastUpdateTime: boolean;
  withProfileImage: boolean;
}

export const FULL_LISTING: ListOptions = { withMessages: true, withPolicy: true, withLastUpdateTime: true, withProfileImage: false };

/** Room list entries of the viewer, in the order given. */
export async function listedRooms(deps: ViewDeps, viewer: Viewer, items: readonly RoomListItem[], options: ListOptions): Promise<T.Room[]> {
  const { r } = deps;
  const roomIds = items.map((item) => item.room.id);
  const pairRoomIds = items.filter((item) => isPairRoom(item.room)).map((item) => item.room.id);
  const [policies, unread, pairMembers] = await Promise.all([
    r.policies.listForRooms(roomIds),
    options.withMessages ? r.receipts.unreadByRoom(viewer.accountId, roomIds) : Promise.resolve([]),
    r.members.activeOfRooms(pairRoomIds),
  ]);
  const unreadByRoom = new Map(unread.map((u) => [u.roomId, u]));
  const otherOf = new Map<number, number>();
  for (const member of pairMembers) if (member.accountId !== viewer.accountId) otherOf.set(member.roomId, member.accountId);

  const lastMessages = options.withMessages ? await r.messages.latestOfRooms(roomIds, viewer.accountId, deps.now) : new Map<number, MessageView>();
  const lastViews = [...lastMessages.values()];
  // The message service's presenter, so a room list shows a message exactly as the message calls do.
  const present = await presenter({ repos: r }, viewer.accountId, lastViews);
  const accounts = await accountsById(r, viewer.accountId, [viewer.accountId, ...otherOf.values()]);

  const result: T.Room[] = [];
  for (const { room, member } of items) {
    const policy = policies.get(room.id) ?? [];
    const other = otherOf.get(room.id);
    const otherAccount = other === undefined ? undefined : accounts.get(other);
    const entry: T.Room = {
      roomId: wireId(room.id),
      roomType: room.roomType,
      isMute: isMutedNow(member, deps.now),
      isPin: member.isPinned,
      isMember: member.leftAt === null,
      isAdmin: member.isAdmin,
      isAllowedInput: member.leftAt === null && policyAllows(findPolicy(policy, 'SEND_MESSAGE'), member, viewer.roles),
      isSyncRoom: false,
      isClosed: member.isClosed,
    };
    const name = roomNameFor(room, otherAccount?.account ?? null, accounts.get(viewer.accountId)?.account ?? null);
    if (name) entry.roomName = name;
    if (room.roomSecLevel) entry.roomSecLevel = room.roomSecLevel;
    if (room.businessType) entry.businessType = room.businessType;
    if (room.chatbotId !== null) entry.chatbotId = room.chatbotId;
    if (other !== undefined) entry.singleRoomAccountId = wireId(other);
    if (otherAccount) entry.singleRoomAccount = otherAccount.wire;
    if (options.withPolicy) entry.policy = policy.map(toWirePolicy);
    if (options.withLastUpdateTime) entry.lastUpdateTime = ms(room.lastUpdateAt);
    if (options.withMessages) {
      const last = lastMessages.get(room.id);
      entry.messages = last ? [present(last)] : [];
      entry.noOfUnreadMessage = unreadByRoom.get(room.id)?.unread ?? 0;
      entry.noOfMentionedMessage = unreadByRoom.get(room.id)?.mentioned ?? 0;
    }
    if (options.withProfileImage && room.profileImgTnRef !== null) {
      const thumbnail = await readBlob(deps, room.profileImgTnRef);
      if (thumbnail) entry.roomImg = thumbnail.toString('base64');
    }
    result.push(entry);
  }
  return result;
}

export const findPolicy = (policy: readonly PolicyEntry[], attr: string): PolicyEntry | null => policy.find((p) => p.attr === attr) ?? null;

/**
 * The name shown for a room: a group's own name; for a single room the other person; for the self room
 * the caller, marked as the caller's own ('Amy Lee (You)'); for a chatbot room the chatbot in the caller's language.
 */
/** How the self room marks that it is the viewer's own, in the viewer's language (WhatsApp's 'Name (You)'). */
const SELF_ROOM_MARKS: Readonly<Record<string, string>> = { en_US: ' (You)', zh_TW: '（你）', zh_CN: '（你）' };

function selfRoomName(self: Account): string {
  return `${displayName(self)}${SELF_ROOM_MARKS[self.langId ?? ''] ?? SELF_ROOM_MARKS.en_US}`;
}

function roomNameFor(room: Room, other: Account | null, self: Account | null): string | null {
  if (room.roomName) return room.roomName;
  if (room.chatbotId !== null) return chatbotName(self?.langId);
  if (room.businessType === 'SELF') return self ? selfRoomName(self) : null;
  if (room.roomType === 'SINGLE') return other ? displayName(other) : null;
  return null;
}

export async function readBlob(deps: Pick<ViewDeps, 'r' | 'blobs'>, blobId: number): Promise<Buffer | null> {
  const record = await deps.r.blobs.findById(blobId);
  return record ? deps.blobs.read(record.path) : null;
}

/** How many of the latest messages viewroom carries (the seed's message fetch batch). */
export const VIEW_MESSAGE_BATCH = 10;

/** viewroom: the listed room plus its detail (seed: Room detail; a business room adds groupAccountId). */
export async function roomDetail(deps: ViewDeps, viewer: Viewer, room: Room, member: Member): Promise<T.RoomDetail | T.BusinessRoomDetail> {
  const { r } = deps;
  const [listed] = await listedRooms(deps, viewer, [{ room, member }], FULL_LISTING);
  const [members, memberSet, batch] = await Promise.all([
    r.members.listActive(room.id),
    r.members.latestMemberSet(room.id),
    r.messages.batch({ roomId: room.id, lastMessageId: null, batchSize: VIEW_MESSAGE_BATCH, upOrDown: 'UP', viewerId: viewer.accountId, now: deps.now }),
  ]);
  const setIds = memberSet?.accountIds ?? members.map((m) => m.accountId);
  const accounts = await accountsById(r, viewer.accountId, [...members.map((m) => m.accountId), ...setIds]);
  const present = await presenter({ repos: r }, viewer.accountId, batch.messages);
  const memberById = new Map(members.map((m) => [m.accountId, m]));
  const nameOf = (id: number) => {
    const account = accounts.get(id)?.account;
    return account ? displayName(account) : null;
  };

  const detail: T.RoomDetail = {
    ...(listed as T.Room),
    messages: batch.messages.map(present),
    roomCreateDate: ms(room.createdAt),
    roomAdminAccountIds: members.filter((m) => m.isAdmin).map((m) => wireId(m.accountId)),
    roomMemberAccountIds: members.map((m) => wireId(m.accountId)),
    roomMembersetMemberAccounts: setIds.map((id) => {
      const m = memberById.get(id);
      const entry: T.RoomMemberAccount = { accountId: wireId(id), isAdmin: m?.isAdmin ?? false };
      const name = nameOf(id);
      if (name) entry.userFullname = name;
      if (m) entry.joinDate = ms(m.joinedAt);
      return entry;
    }),
    roomMemberAccountData: members.flatMap((m) => accounts.get(m.accountId)?.wire ?? []),
  };
  if (memberSet) detail.latestRoomMembersetId = wireId(memberSet.id);
  const timer = selfDestructTimeOf(room);
  if (room.selfDestructEnabled && timer) detail.selfDestructTimer = timer;
  if (member.muteUntil && member.muteUntil.getTime() > deps.now.getTime()) detail.muteUntil = ms(member.muteUntil);
  if (room.businessType && room.groupAccountId !== null) return { ...detail, groupAccountId: wireId(room.groupAccountId) };
  return detail;
}
