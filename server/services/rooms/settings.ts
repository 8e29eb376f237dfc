// Room settings: each member's own view (pin, mute, hide, close) and the room's shared settings (name,
// policy, self-destruct timer, profile image). Shared changes are admin actions: audited and announced.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SelfDestructUnit } from '../../store/repos/rooms.ts';
import { actorOf, audit, inRoom, roomNotice, roomSummary, roomTransaction, type Empty, type Viewer } from './context.ts';
import { prepareRoomImage, storeRoomImage } from './images.ts';
import { checkRoomName } from './names.ts';
import { postSystemLine } from './system-lines.ts';
import { SECONDS_PER_UNIT, selfDestructTimeOf, toWirePolicy, wireId } from './wire.ts';

export type PersonalFlag = 'pin' | 'unpin' | 'hide' | 'unhide' | 'close';

/** The policy each personal change needs (none: any member may). */
const FLAG_POLICY: Readonly<Record<PersonalFlag, string | undefined>> = {
  pin: undefined,
  unpin: undefined,
  hide: 'ALLOW_HIDE_ROOM',
  unhide: undefined,
  close: 'ALLOW_CLOSE_ROOM',
};

/** pinroom, unpinroom, hideroom, unhideroom, closeroom: the caller's own room list; their other sessions hear of it. */
export async function setPersonalFlag(ctx: ServerContext, viewer: Viewer, roomId: number, flag: PersonalFlag): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, FLAG_POLICY[flag]);
    const { accountId } = viewer;
    const member =
      flag === 'pin' || flag === 'unpin'
        ? await r.members.setPinned(roomId, accountId, flag === 'pin')
        : flag === 'close'
          ? await r.members.setClosed(roomId, accountId, true)
          : await r.members.setHidden(roomId, accountId, flag === 'hide');
    if (!member) throw new ApiError('NOT_ROOM_MEMBER');
    outbox.toAccounts(
      [accountId],
      roomNotice('ROOM_UPDATE', room, accountId, { ...roomSummary(room), isPin: member.isPinned, isHidden: member.isHidden, isClosed: member.isClosed }),
    );
    return {};
  });
}

/** Mute at most two weeks (seed section 9). */
export const MAX_MUTE_MS = 14 * 24 * 3_600_000;
/** Slack for a client whose clock runs a little ahead when it computes "two weeks from now". */
const CLOCK_SLACK_MS = 60_000;

/**
 * muteroom: ALLOW_MUTE_NOTI policy. muteUntil wins over muteHours; with neither the room stays muted until
 * unmuted. Beyond two weeks is MUTE_TOO_LONG.
 */
export async function muteRoom(ctx: ServerContext, viewer: Viewer, roomId: number, request: { muteHours?: number; muteUntil?: number }): Promise<T.RoomMute> {
  const now = ctx.now().getTime();
  let until: number | null = null;
  if (request.muteUntil !== undefined) {
    if (request.muteUntil <= now) throw new ApiError('INVALID_INPUT', 'muteUntil is in the past');
    if (request.muteUntil - now > MAX_MUTE_MS + CLOCK_SLACK_MS) throw new ApiError('MUTE_TOO_LONG');
    until = request.muteUntil;
  } else if (request.muteHours !== undefined) {
    if (request.muteHours * 3_600_000 > MAX_MUTE_MS) throw new ApiError('MUTE_TOO_LONG');
    until = now + request.muteHours * 3_600_000;
  }
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'ALLOW_MUTE_NOTI');
    await r.members.setMute(roomId, viewer.accountId, true, until === null ? null : new Date(until));
    const result: T.RoomMute = {};
    if (until !== null) {
      result.muteUntil = until;
      result.muteHours = Math.max(1, Math.round((until - now) / 3_600_000));
    }
    outbox.toAccounts([viewer.accountId], roomNotice('ROOM_MUTE', room, viewer.accountId, { ...result }));
    return result;
  });
}

/** unmuteroom: always allowed to a member. */
export async function unmuteRoom(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId);
    await r.members.setMute(roomId, viewer.accountId, false, null);
    outbox.toAccounts([viewer.accountId], roomNotice('ROOM_UNMUTE', room, viewer.accountId));
    return {};
  });
}

/** updateroomname: EDIT_ROOM_INFO policy, NAME_LENGTH. */
export async function renameRoom(ctx: ServerContext, viewer: Viewer, roomId: number, roomName: string): Promise<Empty> {
  const name = checkRoomName(roomName);
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'EDIT_ROOM_INFO');
    if (room.roomType === 'SINGLE') throw new ApiError('FORBIDDEN', 'a one-to-one room has no name of its own');
    const renamed = (await r.rooms.rename(roomId, name)) ?? room;
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'ROOM_RENAMED', `renamed the room from "${room.roomName ?? ''}" to "${name}"`);
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice('ROOM_UPDATE', renamed, viewer.accountId, roomSummary(renamed)));
    if (name !== room.roomName) await postSystemLine(ctx, r, outbox, renamed, { code: 'ROOM_RENAMED', actor, roomName: name });
    return {};
  });
}

/**
 * updateroompolicy: EDIT_ROOM_POLICY policy. All or nothing: an attribute that is not editable, unknown
 * to the room, or given a value of the wrong kind refuses the whole change with SAVE_POLICY_FAIL.
 */
export async function updatePolicy(ctx: ServerContext, viewer: Viewer, roomId: number, changes: readonly { attr: string; value: number }[]): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'EDIT_ROOM_POLICY');
    const { updated, refused } = await r.policies.update(
      roomId,
      changes.map((c) => ({ attr: c.attr, value: String(c.value) })),
    );
    if (refused.length > 0) throw new ApiError('SAVE_POLICY_FAIL', refused.join(', '));
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'POLICY_UPDATED', `changed ${updated.map((p) => `${p.attr} to ${p.value}`).join(', ')}`);
    const policy = (await r.policies.list(roomId)).map(toWirePolicy);
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice('ROOM_POLICY_UPDATE', room, viewer.accountId, { policy }));
    if (updated.length > 0) await postSystemLine(ctx, r, outbox, room, { code: 'POLICY_UPDATED', actor });
    return {};
  });
}

/** Longest accepted timer: it must fit the store's seconds column. */
const MAX_SELF_DESTRUCT_SECONDS = 2_147_483_647;

/** getselfdestructsetting. */
export async function getSelfDestruct(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<T.SelfDestructSetting> {
  const { room } = await inRoom(ctx.repos, viewer, roomId);
  const time = selfDestructTimeOf(room);
  return { roomId: wireId(room.id), enable: room.selfDestructEnabled && time !== null, ...(time ? { selfDestructTime: time } : {}) };
}

/**
 * updateselfdestructsetting: ALLOW_SELF_DESTRUCT policy. The timer applies to messages sent afterwards
 * (the message service reads rooms.selfDestructSeconds when it stores a message).
 */
export async function updateSelfDestruct(
  ctx: ServerContext,
  viewer: Viewer,
  roomId: number,
  request: { enable: boolean; selfDestructTime?: { value: number; unit: SelfDestructUnit } },
): Promise<Empty> {
  const time = request.selfDestructTime ? { seconds: request.selfDestructTime.value * SECONDS_PER_UNIT[request.selfDestructTime.unit], unit: request.selfDestructTime.unit } : null;
  if (time && time.seconds > MAX_SELF_DESTRUCT_SECONDS) throw new ApiError('INVALID_INPUT', 'selfDestructTime is too long');
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'ALLOW_SELF_DESTRUCT');
    if (request.enable && !time && room.selfDestructSeconds === null) throw new ApiError('INVALID_INPUT', 'selfDestructTime is required to switch it on');
    const updated = (await r.rooms.setSelfDestructTime(roomId, request.enable, time)) ?? room;
    const stored = selfDestructTimeOf(updated);
    const setting: T.SelfDestructSetting = { roomId: wireId(roomId), enable: updated.selfDestructEnabled, ...(stored ? { selfDestructTime: stored } : {}) };
    const actor = await actorOf(r, viewer.accountId);
    await audit(
      r,
      roomId,
      actor,
      'SELF_DESTRUCT_UPDATED',
      updated.selfDestructEnabled && stored ? `set the self-destruct timer to ${stored.value} ${stored.unit}` : 'switched the self-destruct timer off',
    );
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice('SELF_DESTRUCT_UPDATE', room, viewer.accountId, { ...setting }));
    const on = updated.selfDestructEnabled && stored !== null;
    await postSystemLine(ctx, r, outbox, room, on ? { code: 'SELF_DESTRUCT_ON', actor, selfDestructTime: stored } : { code: 'SELF_DESTRUCT_OFF', actor });
    return {};
  });
}

/** saveroomprofileimage: EDIT_ROOM_INFO policy; answers with the image and its thumbnail. */
export async function saveProfileImage(ctx: ServerContext, viewer: Viewer, roomId: number, data: Buffer): Promise<T.RoomProfileImage> {
  // Who may first: the image work is costly, and someone outside the room learns nothing from its outcome.
  await inRoom(ctx.repos, viewer, roomId, 'EDIT_ROOM_INFO');
  const prepared = await prepareRoomImage(data, ctx.config.attachSizeBytes);
  return roomTransaction(ctx, async (r, outbox, tx) => {
    const { room } = await inRoom(r, viewer, roomId, 'EDIT_ROOM_INFO');
    const refs = await storeRoomImage(ctx.blobs, tx, prepared, ctx.config.attachSizeBytes);
    await r.rooms.setProfileImage(roomId, refs);
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'ROOM_IMAGE_UPDATED', 'changed the room picture');
    const image: T.RoomProfileImage = { roomId: wireId(roomId), img: prepared.image.toString('base64'), img_tn: prepared.thumbnail.toString('base64') };
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice('ROOM_PROFILE_IMAGE_UPDATE', room, viewer.accountId, { roomId: image.roomId, img_tn: image.img_tn }));
    await postSystemLine(ctx, r, outbox, room, { code: 'ROOM_IMAGE_UPDATED', actor });
    return image;
  });
}

/** removeroomprofileimage: EDIT_ROOM_INFO policy. */
export async function removeProfileImage(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<Empty> {
  return roomTransaction(ctx, async (r, outbox) => {
    const { room } = await inRoom(r, viewer, roomId, 'EDIT_ROOM_INFO');
    if (room.profileImgRef === null) return {};
    await r.rooms.setProfileImage(roomId, null);
    const actor = await actorOf(r, viewer.accountId);
    await audit(r, roomId, actor, 'ROOM_IMAGE_REMOVED', 'removed the room picture');
    const members = await r.members.activeAccountIds(roomId);
    outbox.toRoom(roomId, members, roomNotice('ROOM_PROFILE_IMAGE_UPDATE', room, viewer.accountId, { roomId: wireId(roomId) }));
    await postSystemLine(ctx, r, outbox, room, { code: 'ROOM_IMAGE_REMOVED', actor });
    return {};
  });
}

