// The rooms calls over the wire: three signed-in users, the generated client, the real server and its
// STOMP reply queues.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as T from '../../../generated/types/index.ts';
import { errorCode, type SignedInClient } from '../../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import { subscribeReplyQueue, type ReplyQueue } from './realtime.ts';
import { signIn } from '../../support/node-transport.ts';

let server: TestServer;
let amy: SignedInClient;
let ben: SignedInClient;
let cat: SignedInClient;
let catQueue: ReplyQueue;
let benQueue: ReplyQueue;
let disabledId: string;

beforeAll(async () => {
  server = await startTestServer();
  for (const [loginName, fullName] of [
    ['amy', 'Amy Lee'],
    ['ben', 'Ben Chan'],
    ['cat', 'Cat Wong'],
  ] as const) {
    await createTestAccount(server, { loginName, fullName });
  }
  const gone = await createTestAccount(server, { loginName: 'gone', fullName: 'Gone Away' });
  await server.app.ctx.repos.accounts.setDisabled(gone.id, true);
  disabledId = String(gone.id);
  [amy, ben, cat] = await Promise.all([
    signIn(server.url, 'amy', TEST_PASSWORD),
    signIn(server.url, 'ben', TEST_PASSWORD),
    signIn(server.url, 'cat', TEST_PASSWORD),
  ]);
  const mqSysName = server.app.ctx.config.mqSysName;
  catQueue = await subscribeReplyQueue(server.url, cat.apiKey, mqSysName, cat.accountId);
  benQueue = await subscribeReplyQueue(server.url, ben.apiKey, mqSysName, ben.accountId);
});

afterAll(async () => {
  await catQueue?.close();
  await benQueue?.close();
  await server?.close();
});

function ok<D>(result: { ok: true; data: D } | { ok: false; errMsgList: unknown }): D {
  if (!result.ok) throw new Error(`call failed: ${JSON.stringify(result.errMsgList)}`);
  return result.data;
}

async function roomsOf(client: SignedInClient): Promise<T.Room[]> {
  return ok(await client.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 }, withTotalUnreadMsgCount: true })).rooms;
}

const find = (rooms: T.Room[], roomId: string) => rooms.find((room) => room.roomId === roomId);

async function newGroup(owner: SignedInClient, roomName: string, members: SignedInClient[]): Promise<string> {
  const room = ok(await owner.api.createMultipleRoom({ roomName, memberIds: members.map((m) => m.accountId) as [string, ...string[]] }));
  return room.roomId;
}

describe('group rooms', () => {
  let ward: string;

  it('creates a group that every member lists, with the creator as its only admin', async () => {
    ward = await newGroup(amy, 'Ward 7', [ben]);
    const mine = find(await roomsOf(amy), ward);
    const his = find(await roomsOf(ben), ward);
    expect(mine).toMatchObject({ roomName: 'Ward 7', roomType: 'MULTIPLE', isAdmin: true, isMember: true, isAllowedInput: true });
    expect(his).toMatchObject({ roomName: 'Ward 7', isAdmin: false, isMember: true });
    expect(his?.policy?.find((p) => p.attr === 'ADD_MEMBER')).toMatchObject({ value: 2, type: 'MEMBER_ROLE', allowEdit: true });
    expect(find(await roomsOf(cat), ward)).toBeUndefined();
  });

  it('refuses a group without a name or without other members, and unknown accounts', async () => {
    expect(errorCode(await amy.api.createMultipleRoom({ roomName: '   ', memberIds: [ben.accountId] }))).toBe('UI_IM_E3008');
    expect(errorCode(await amy.api.createMultipleRoom({ roomName: 'Solo', memberIds: [amy.accountId] }))).toBe('UI_IM_E3008');
    const unknown = await amy.api.createMultipleRoom({ roomName: 'Ghosts', memberIds: [ben.accountId, '987654', disabledId] });
    expect(errorCode(unknown)).toBe('UI_IM_E3004');
    expect(JSON.stringify(unknown)).toContain('987654');
    expect(JSON.stringify(unknown)).toContain(disabledId);
  });

  it('lists pinned rooms first', async () => {
    const newer = await newGroup(amy, 'Ward 8', [ben]);
    expect((await roomsOf(amy))[0]?.roomId).toBe(newer);
    ok(await amy.api.pinRoom({ roomId: ward }));
    const rooms = await roomsOf(amy);
    expect(rooms[0]).toMatchObject({ roomId: ward, isPin: true });
    expect((await roomsOf(ben))[0]?.roomId).toBe(newer);
    ok(await amy.api.unpinRoom({ roomId: ward }));
    expect((await roomsOf(amy))[0]?.roomId).toBe(newer);
  });

  it('mutes for at most two weeks', async () => {
    const fifteenDays = Date.now() + 15 * 24 * 3_600_000;
    expect(errorCode(await ben.api.muteRoom({ roomId: ward, muteUntil: fifteenDays }))).toBe('UI_IM_E3007');
    const muted = ok(await ben.api.muteRoom({ roomId: ward, muteHours: 8 }));
    expect(muted.muteHours).toBe(8);
    expect(find(await roomsOf(ben), ward)?.isMute).toBe(true);
    expect(ok(await ben.api.viewRoom({ roomId: ward })).muteUntil).toBe(muted.muteUntil);
    ok(await ben.api.unmuteRoom({ roomId: ward }));
    expect(find(await roomsOf(ben), ward)?.isMute).toBe(false);
  });

  it('lets only admins add members (default policy), and the new member hears ROOM_JOIN and lists the room', async () => {
    expect(errorCode(await ben.api.addRoomMembers({ roomId: ward, accountIds: [cat.accountId] }))).toBe('UI_IM_E3002');
    expect(errorCode(await amy.api.addRoomMembers({ roomId: ward, accountIds: ['987654'] }))).toBe('UI_IM_E3004');
    expect(ok(await amy.api.addRoomMembers({ roomId: ward, accountIds: [cat.accountId] })).failedAccountIds).toEqual([]);
    const join = await catQueue.next((n) => n.notifyType === 'ROOM_JOIN' && n.roomId === ward);
    expect(join).toMatchObject({ senderId: amy.accountId, data: { accountIds: [cat.accountId] } });
    expect(find(await roomsOf(cat), ward)).toMatchObject({ roomName: 'Ward 7', isAdmin: false });
  });

  it('shows the room detail to members only', async () => {
    const detail = ok(await cat.api.viewRoom({ roomId: ward }));
    expect(detail.roomAdminAccountIds).toEqual([amy.accountId]);
    expect([...(detail.roomMemberAccountIds ?? [])].sort()).toEqual([amy.accountId, ben.accountId, cat.accountId].sort());
    expect(detail.latestRoomMembersetId).toMatch(/^\d+$/);
    expect(detail.roomMembersetMemberAccounts?.find((m) => m.accountId === amy.accountId)).toMatchObject({ userFullname: 'Amy Lee', isAdmin: true });
    expect(detail.roomMemberAccountData?.map((a) => a.userFullname).sort()).toEqual(['Amy Lee', 'Ben Chan', 'Cat Wong']);
    expect(detail.roomCreateDate).toBeGreaterThan(0);
    const accounts = ok(await cat.api.getRoomAccounts({ roomId: ward })).accounts;
    expect(accounts).toHaveLength(3);

    const other = await newGroup(amy, 'Private', [ben]);
    expect(errorCode(await cat.api.viewRoom({ roomId: other }))).toBe('UI_IM_E3001');
    expect(errorCode(await cat.api.getRoomPolicy({ roomId: other }))).toBe('UI_IM_E3001');
    expect(errorCode(await cat.api.viewRoom({ roomId: '99999999' }))).toBe('UI_IM_E1004');
  });

  it('refuses policy changes to non-editable attributes or bad values, all or nothing', async () => {
    const update = (client: SignedInClient, policyAttr: { attr: T.RoomPolicyEntry['attr']; value: number }[]) =>
      client.api.updateRoomPolicy({ roomId: ward, policyAttr: policyAttr as [(typeof policyAttr)[number], ...typeof policyAttr] });
    expect(errorCode(await update(amy, [{ attr: 'ROOM_SIZE_LIMIT', value: 5 }]))).toBe('UI_IM_E3011');
    expect(errorCode(await update(amy, [{ attr: 'ALLOW_STAR_MSG', value: 0 }, { attr: 'ADD_MEMBER', value: 7 }]))).toBe('UI_IM_E3011');
    expect(errorCode(await update(ben, [{ attr: 'ALLOW_STAR_MSG', value: 0 }]))).toBe('UI_IM_E3002');
    const before = ok(await amy.api.getRoomPolicy({ roomId: ward })).policy;
    expect(before.find((p) => p.attr === 'ALLOW_STAR_MSG')?.value).toBe(1);

    ok(await update(amy, [{ attr: 'ALLOW_STAR_MSG', value: 0 }]));
    const notice = await benQueue.next((n) => n.notifyType === 'ROOM_POLICY_UPDATE' && n.roomId === ward);
    expect((notice.data?.policy as T.RoomPolicyEntry[]).find((p) => p.attr === 'ALLOW_STAR_MSG')?.value).toBe(0);
    expect(ok(await ben.api.getRoomPolicy({ roomId: ward })).policy.find((p) => p.attr === 'ALLOW_STAR_MSG')?.value).toBe(0);
    const defaults = ok(await ben.api.getAllRoomPolicy({})).policy;
    expect(defaults).toHaveLength(31);
    expect(defaults.find((p) => p.attr === 'ALLOW_STAR_MSG')?.value).toBe(1);
  });

  it('enforces the room size limit', async () => {
    const small = await newGroup(amy, 'Small', [ben]);
    await server.app.ctx.repos.policies.set(Number(small), 'ROOM_SIZE_LIMIT', '2');
    expect(errorCode(await amy.api.addRoomMembers({ roomId: small, accountIds: [cat.accountId] }))).toBe('UI_IM_E3010');
    expect(find(await roomsOf(cat), small)).toBeUndefined();
  });

  it('manages admins, renames, and keeps an audit trail of admin actions, newest first', async () => {
    expect(errorCode(await ben.api.addRoomAdmin({ roomId: ward, accountId: cat.accountId }))).toBe('UI_IM_E3002');
    ok(await amy.api.addRoomAdmin({ roomId: ward, accountId: ben.accountId }));
    await benQueue.next((n) => n.notifyType === 'ROOM_ADMIN_ADD' && n.roomId === ward);
    expect(find(await roomsOf(ben), ward)?.isAdmin).toBe(true);
    ok(await ben.api.removeRoomAdmin({ roomId: ward, accountId: ben.accountId }));
    expect(find(await roomsOf(ben), ward)?.isAdmin).toBe(false);
    expect(errorCode(await amy.api.updateRoomName({ roomId: ward, roomName: '  ' }))).toBe('UI_IM_E3006');
    ok(await amy.api.updateRoomName({ roomId: ward, roomName: 'Ward Seven' }));
    expect(find(await roomsOf(cat), ward)?.roomName).toBe('Ward Seven');

    const first = ok(await cat.api.getAuditInfo({ roomId: ward, batchSize: 3 }));
    expect(first.stillHaveData).toBe(true);
    expect(first.roomAuditInfos.map((a) => a.action)).toEqual(['ROOM_RENAMED', 'ADMIN_REMOVED', 'ADMIN_ADDED']);
    expect(first.roomAuditInfos[0]).toMatchObject({ actorId: amy.accountId, actorName: 'Amy Lee', roomId: ward });
    expect(first.roomAuditInfos[1]).toMatchObject({ actorName: 'Ben Chan' });
    const rest = ok(await cat.api.getAuditInfo({ roomId: ward, batchSize: 30, lastRoomAuditInfoId: first.roomAuditInfos[2]?.roomAuditInfoId }));
    expect(rest.stillHaveData).toBe(false);
    expect(rest.roomAuditInfos.map((a) => a.action)).toEqual(['POLICY_UPDATED', 'MEMBER_ADDED', 'ROOM_CREATED']);
    expect(rest.roomAuditInfos[1]?.message).toContain('Cat Wong');
  });

  it('keeps an admin and the size limit when two admins act at the same moment', async () => {
    const pair = await newGroup(amy, 'Two admins', [ben, cat]);
    ok(await amy.api.addRoomAdmin({ roomId: pair, accountId: ben.accountId }));
    // Each removes the other: one must be refused, or the room would have no admin left.
    const removals = await Promise.all([
      amy.api.removeRoomAdmin({ roomId: pair, accountId: ben.accountId }),
      ben.api.removeRoomAdmin({ roomId: pair, accountId: amy.accountId }),
    ]);
    expect(removals.filter((result) => result.ok)).toHaveLength(1);
    expect(await server.app.ctx.repos.members.adminAccountIds(Number(pair))).toHaveLength(1);

    const admin = (await server.app.ctx.repos.members.adminAccountIds(Number(pair)))[0] === Number(amy.accountId) ? amy : ben;
    await server.app.ctx.repos.policies.set(Number(pair), 'ROOM_SIZE_LIMIT', '4');
    const extra = await Promise.all(['Dot Ho', 'Eli Ma'].map((name, i) => createTestAccount(server, { loginName: `limit_${i}`, fullName: name })));
    const adds = await Promise.all(extra.map((account) => admin.api.addRoomMembers({ roomId: pair, accountIds: [String(account.id)] })));
    expect(adds.filter((result) => result.ok)).toHaveLength(1);
    expect(await server.app.ctx.repos.members.activeAccountIds(Number(pair))).toHaveLength(4);
  });

  it('stores the self-destruct setting with its unit for the room', async () => {
    expect(ok(await ben.api.getSelfDestructSetting({ roomId: ward }))).toEqual({ roomId: ward, enable: false });
    expect(errorCode(await ben.api.updateSelfDestructSetting({ roomId: ward, enable: true, selfDestructTime: { value: 3, unit: 'day' } }))).toBe('UI_IM_E3002');
    ok(await amy.api.updateSelfDestructSetting({ roomId: ward, enable: true, selfDestructTime: { value: 3, unit: 'day' } }));
    expect(ok(await ben.api.getSelfDestructSetting({ roomId: ward }))).toEqual({ roomId: ward, enable: true, selfDestructTime: { value: 3, unit: 'day' } });
    const notice = await benQueue.next((n) => n.notifyType === 'SELF_DESTRUCT_UPDATE' && n.roomId === ward);
    expect(notice.data).toMatchObject({ enable: true, selfDestructTime: { value: 3, unit: 'day' } });
    const stored = await server.app.ctx.repos.rooms.findById(Number(ward));
    expect(stored).toMatchObject({ selfDestructEnabled: true, selfDestructSeconds: 3 * 86_400 });
    expect(ok(await cat.api.viewRoom({ roomId: ward })).selfDestructTimer).toEqual({ value: 3, unit: 'day' });
    ok(await amy.api.updateSelfDestructSetting({ roomId: ward, enable: false }));
    expect(ok(await ben.api.getSelfDestructSetting({ roomId: ward }))).toMatchObject({ enable: false });
  });

  it('keeps room events: members add them, authors and admins change or delete them', async () => {
    const start = Date.UTC(2030, 0, 1, 9);
    const saved = ok(await ben.api.saveRoomEvent({ roomId: ward, title: 'Handover', content: 'Bed 4', startTs: start, endTs: start + 3_600_000 }));
    expect(saved).toMatchObject({ roomId: ward, title: 'Handover', startTs: start });
    const eventId = saved.eventId ?? '';
    expect(eventId).toMatch(/^\d+$/);
    ok(await ben.api.saveRoomEvent({ eventId, roomId: ward, title: 'Handover (moved)', startTs: start, endTs: start + 7_200_000 }));
    expect(errorCode(await cat.api.saveRoomEvent({ eventId, roomId: ward, title: 'Mine now', startTs: start, endTs: start }))).toBe('UI_IM_E3003');
    expect(errorCode(await ben.api.saveRoomEvent({ roomId: ward, title: 'Backwards', startTs: start, endTs: start - 1 }))).toBe('UI_IM_E1000');
    expect(ok(await cat.api.getRoomEvents({ roomId: ward })).roomEvents).toEqual([
      expect.objectContaining({ eventId, title: 'Handover (moved)', endTs: start + 7_200_000 }),
    ]);
    ok(await amy.api.deleteRoomEvent({ eventId }));
    expect(ok(await cat.api.getRoomEvents({ roomId: ward })).roomEvents).toEqual([]);
    expect(errorCode(await amy.api.deleteRoomEvent({ eventId }))).toBe('UI_IM_E1004');
  });

  it('saves a room picture with a thumbnail of at most 300x500', async () => {
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const file = new Blob([new Uint8Array(picture)], { type: 'image/png' });
    expect(errorCode(await ben.api.saveRoomProfileImage({ roomId: ward }, { files: [file] }))).toBe('UI_IM_E3002');
    const saved = ok(await amy.api.saveRoomProfileImage({ roomId: ward }, { files: [file] }));
    const thumbnail = await sharp(Buffer.from(saved.img_tn ?? '', 'base64')).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([300, 225]);
    await benQueue.next((n) => n.notifyType === 'ROOM_PROFILE_IMAGE_UPDATE' && n.roomId === ward);

    const small = ok(await cat.api.getRoomProfileImage({ roomIds: [ward] })).roomProfileImages;
    expect(small).toEqual([{ roomId: ward, img_tn: saved.img_tn }]);
    const full = ok(await cat.api.getRoomProfileImage({ roomIds: [ward], isFull: true })).roomProfileImages[0];
    expect(Buffer.from(full?.img ?? '', 'base64').equals(picture)).toBe(true);
    const simple = ok(await cat.api.getSimpleRoomList({ isIncludeProfileImage: true })).rooms;
    expect(find(simple, ward)?.roomImg).toBe(saved.img_tn);

    const notImage = new Blob([new TextEncoder().encode('hello')], { type: 'image/png' });
    expect(errorCode(await amy.api.saveRoomProfileImage({ roomId: ward }, { files: [notImage] }))).toBe('UI_IM_E4008');
    ok(await amy.api.removeRoomProfileImage({ roomId: ward }));
    expect(ok(await cat.api.getRoomProfileImage({ roomIds: [ward] })).roomProfileImages).toEqual([{ roomId: ward }]);
  });

  it('finds rooms by their name and by the names of their members', async () => {
    const byName = ok(await cat.api.searchRoom({ searchCriteria: 'ward s' })).rooms;
    expect(byName.map((r) => r.roomId)).toEqual([ward]);
    const single = ok(await cat.api.createSingleRoom({ memberId: ben.accountId })).roomId;
    const byMember = ok(await cat.api.searchRoom({ searchCriteria: 'CHAN' })).rooms.map((r) => r.roomId);
    expect(byMember).toContain(single);
    expect(byMember).toContain(ward);
  });

  it("finds a single chat by the caller's own synonym for the other person, and only for the caller", async () => {
    const single = ok(await cat.api.createSingleRoom({ memberId: amy.accountId })).roomId;
    ok(await cat.api.updateAccountSynonym({ synAccountId: amy.accountId, synonym: 'Head Nurse' }));
    // Every room of cat's with amy in it (groups too), the single chat among them.
    expect(ok(await cat.api.searchRoom({ searchCriteria: 'head NURSE' })).rooms.map((r) => r.roomId)).toContain(single);
    // The room list carries the synonym on the other person, so the loaded list and the chats tab match it too.
    expect(find(await roomsOf(cat), single)?.singleRoomAccount?.synonym).toBe('Head Nurse');
    expect(ok(await amy.api.searchRoom({ searchCriteria: 'head nurse' })).rooms).toEqual([]);
    ok(await ben.api.updateAccountSynonym({ synAccountId: cat.accountId, synonym: 'Kitty' }));
    expect(find(await roomsOf(amy), single)?.singleRoomAccount?.synonym).toBeUndefined();
    expect(ok(await amy.api.searchRoom({ searchCriteria: 'kitty' })).rooms).toEqual([]);
  });

  it('lets a member leave once', async () => {
    const room = await newGroup(amy, 'Short stay', [ben, cat]);
    ok(await cat.api.leaveRoom({ roomId: room }));
    expect(errorCode(await cat.api.leaveRoom({ roomId: room }))).toBe('UI_IM_E3005');
    expect(find(await roomsOf(cat), room)).toBeUndefined();
    expect(errorCode(await cat.api.viewRoom({ roomId: room }))).toBe('UI_IM_E3001');
    await benQueue.next((n) => n.notifyType === 'ROOM_LEAVE' && n.roomId === room && n.data?.accountId === cat.accountId);
    // The last admin leaving hands the room to the longest-standing member.
    ok(await amy.api.leaveRoom({ roomId: room }));
    expect(find(await roomsOf(ben), room)?.isAdmin).toBe(true);
  });

  it('removes members and deletes groups by policy', async () => {
    const room = await newGroup(amy, 'Temp', [ben, cat]);
    expect(errorCode(await ben.api.removeRoomMember({ roomId: room, accountId: cat.accountId }))).toBe('UI_IM_E3002');
    ok(await amy.api.removeRoomMember({ roomId: room, accountId: cat.accountId }));
    await catQueue.next((n) => n.notifyType === 'ROOM_MEMBER_DELETE' && n.roomId === room);
    expect(find(await roomsOf(cat), room)).toBeUndefined();
    expect(errorCode(await ben.api.deleteRoom({ roomId: room }))).toBe('UI_IM_E3002');
    ok(await amy.api.deleteRoom({ roomId: room }));
    await benQueue.next((n) => n.notifyType === 'ROOM_DELETE' && n.roomId === room);
    expect(find(await roomsOf(ben), room)).toBeUndefined();
    expect(errorCode(await ben.api.viewRoom({ roomId: room }))).toBe('UI_IM_E1004');
  });

  it('deletes a group and queues its export (hospital delete-and-export)', async () => {
    const room = await newGroup(amy, 'Archive me', [ben]);
    expect(errorCode(await ben.api.deleteAndExportRoom({ roomId: room }))).toBe('UI_IM_E3002');
    ok(await amy.api.deleteAndExportRoom({ roomId: room }));
    expect(find(await roomsOf(ben), room)).toBeUndefined();
    const jobsOfRoom = () =>
      server.app.ctx.db.query<{ kind: string; status: string; room_name: string; account_id: unknown }>(
        'SELECT kind, status, room_name, account_id FROM jobs WHERE room_id = $1',
        [Number(room)],
      );
    let { rows } = await jobsOfRoom();
    // The export runs in the background right after the deletion.
    for (let i = 0; i < 100 && rows[0]?.status !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ({ rows } = await jobsOfRoom());
    }
    expect(rows).toEqual([expect.objectContaining({ kind: 'DELETE_AND_EXPORT', status: 'COMPLETED', room_name: 'Archive me' })]);
    expect(String(rows[0]?.account_id)).toBe(amy.accountId);
  });
});

describe('single, self and chatbot rooms', () => {
  it('reuses the one room of a pair, whoever opens it', async () => {
    const first = ok(await amy.api.createSingleRoom({ memberId: ben.accountId }));
    const again = ok(await ben.api.createSingleRoom({ memberId: amy.accountId }));
    expect(again.roomId).toBe(first.roomId);
    expect(first).toMatchObject({ roomType: 'SINGLE', roomName: 'Ben Chan', singleRoomAccountId: ben.accountId });
    expect(first.singleRoomAccount).toMatchObject({ accountId: ben.accountId, loginName: 'ben' });
    expect(again).toMatchObject({ roomName: 'Amy Lee', singleRoomAccountId: amy.accountId });
    expect(errorCode(await amy.api.createSingleRoom({ memberId: '987654' }))).toBe('UI_IM_E3009');
    expect(errorCode(await amy.api.createSingleRoom({ memberId: disabledId }))).toBe('UI_IM_E3009');
    expect(errorCode(await amy.api.addRoomMembers({ roomId: first.roomId, accountIds: [cat.accountId] }))).toBe('UI_IM_E3002');
  });

  it('deletes a single room from one side only', async () => {
    const room = ok(await amy.api.createSingleRoom({ memberId: cat.accountId })).roomId;
    ok(await cat.api.deleteRoom({ roomId: room }));
    expect(find(await roomsOf(cat), room)).toBeUndefined();
    expect(find(await roomsOf(amy), room)).toBeDefined();
    expect(ok(await cat.api.createSingleRoom({ memberId: amy.accountId })).roomId).toBe(room);
  });

  it('keeps one self room and one chatbot room per account', async () => {
    const self = ok(await amy.api.createSelfRoom({}));
    expect(self).toMatchObject({ roomType: 'SINGLE', businessType: 'SELF', roomName: 'Amy Lee (You)' });
    expect(ok(await amy.api.createSelfRoom({})).roomId).toBe(self.roomId);
    expect(ok(await ben.api.createSelfRoom({})).roomId).not.toBe(self.roomId);
    const bot = ok(await amy.api.createChatbotRoom({ langId: 'zh_TW' }));
    expect(bot).toMatchObject({ roomName: '聊天機械人', isNewRoom: true });
    expect(ok(await amy.api.createChatbotRoom({ langId: 'en_US' }))).toMatchObject({ roomId: bot.roomId, roomName: 'Chatbot', isNewRoom: false });
    // A chatbot room names its chatbot, so the client talks to it through the chatbot calls; other rooms do not.
    expect(ok(await amy.api.viewRoom({ roomId: bot.roomId }))).toMatchObject({ roomId: bot.roomId, chatbotId: 'assistant' });
    expect(ok(await amy.api.viewRoom({ roomId: self.roomId })).chatbotId).toBeUndefined();
  });
});

describe('room list contents', () => {
  it('carries the last message as stored, unread counts and totals', async () => {
    const room = await newGroup(amy, 'Night shift', [ben, cat]);
    const { repos } = server.app.ctx;
    const key = { messageKeyUuid: crypto.randomUUID(), aesKey: Buffer.alloc(32, 7).toString('base64'), algorithm: 'GCM' as const };
    await repos.keys.setRoomKey(Number(room), key);
    const message = await repos.messages.insert({
      roomId: Number(room),
      senderId: Number(amy.accountId),
      messageType: 'TEXT',
      messageKeyUuid: key.messageKeyUuid,
      aesMessage: 'Q0lQSEVSVEVYVA==',
      mentionAccountIds: [Number(ben.accountId)],
    });
    await repos.receipts.createForRecipients(message.id, Number(room), [Number(ben.accountId), Number(cat.accountId)]);

    const list = ok(await ben.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true }));
    const entry = find(list.rooms, room);
    expect(entry).toMatchObject({ noOfUnreadMessage: 1, noOfMentionedMessage: 1 });
    expect(entry?.messages?.[0]).toMatchObject({
      messageId: String(message.id),
      message: 'Q0lQSEVSVEVYVA==',
      messageKeyUuid: key.messageKeyUuid,
      messageUserId: amy.accountId,
      messageUsername: 'Amy Lee',
      isSendFromYou: false,
    });
    expect(list.totalUnreadRoomCount).toBeGreaterThanOrEqual(1);
    expect(list.totalUnreadMsgCount).toBeGreaterThanOrEqual(1);
    const last = ok(await cat.api.getLastMessage({ roomId: room, withUnreadCount: true }));
    expect(last).toMatchObject({ message: { messageId: String(message.id) }, noOfUnreadMessage: 1, noOfMentionedMessage: 0 });
  });

  it('pages the list', async () => {
    const page1 = ok(await amy.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 2 } }));
    const page2 = ok(await amy.api.getRoomList({ pageInfo: { pageNo: 2, pageSize: 2 } }));
    expect(page1.rooms).toHaveLength(2);
    expect(page1.stillHaveData).toBe(true);
    expect(page2.rooms.map((r) => r.roomId)).not.toContain(page1.rooms[0]?.roomId);
  });

  it('moves hidden rooms to the hidden list and leaves closed rooms out', async () => {
    const room = await newGroup(amy, 'Quiet', [ben]);
    ok(await ben.api.hideRoom({ roomId: room }));
    expect(find(await roomsOf(ben), room)).toBeUndefined();
    const hidden = ok(await ben.api.getHidedRoomList({ isIncludeLastUpdateTime: true }));
    expect(find(hidden.rooms, room)).toMatchObject({ roomName: 'Quiet' });
    expect(find(hidden.rooms, room)?.lastUpdateTime).toBeGreaterThan(0);
    expect(hidden.noOfRooms).toBe(hidden.rooms.length);
    expect(find(ok(await ben.api.getSimpleRoomList({})).rooms, room)).toBeUndefined();
    ok(await ben.api.unhideRoom({ roomId: room }));
    expect(find(await roomsOf(ben), room)).toBeDefined();

    ok(await ben.api.closeRoom({ roomId: room }));
    expect(find(await roomsOf(ben), room)).toBeUndefined();
    // A new message reopens it (the message service calls reopenClosed when it stores one).
    expect(await server.app.ctx.repos.members.reopenClosed(Number(room))).toEqual([Number(ben.accountId)]);
    expect(find(await roomsOf(ben), room)).toBeDefined();
  });
});
