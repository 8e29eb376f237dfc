import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db.ts';
import { openTestDatabase } from '../testing.ts';
import { repos, selfRoomKey, singleRoomKey, type Repos } from './index.ts';
import type { Room } from './rooms.ts';

let db: Database;
let r: Repos;
let ids: number[];

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  const tenant = await r.tenants.create({ shortName: 'T', fullname: 'Tenant' });
  ids = [];
  for (const n of ['amy', 'ben', 'cat', 'dan']) ids.push((await r.accounts.create({ tenantId: tenant.id, loginName: n, userFullname: n })).id);
});
afterAll(() => db.close());

const at = (i: number) => {
  const id = ids[i];
  if (id === undefined) throw new Error(`no account ${i}`);
  return id;
};

describe('rooms', () => {
  it('creates rooms and refuses a second single room for the same pair', async () => {
    const key = singleRoomKey(at(1), at(0));
    expect(key).toBe(singleRoomKey(at(0), at(1)));
    const single = await r.rooms.create({ roomType: 'SINGLE', dedupeKey: key, createdBy: at(0) });
    await expect(r.rooms.create({ roomType: 'SINGLE', dedupeKey: key })).rejects.toThrow();
    expect((await r.rooms.findByDedupeKey(key))?.id).toBe(single.id);
    const self = await r.rooms.create({ roomType: 'SINGLE', businessType: 'SELF', dedupeKey: selfRoomKey(at(0)) });
    expect(self.businessType).toBe('SELF');
    await expect(r.rooms.create({ roomType: 'GROUP' as 'MULTIPLE' })).rejects.toThrow();
  });

  it('renames, sets self-destruct, closes and deletes (freeing the dedupe key)', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Ward 7' });
    expect((await r.rooms.rename(room.id, 'Ward 8'))?.roomName).toBe('Ward 8');
    expect(await r.rooms.setSelfDestruct(room.id, true, 3600)).toMatchObject({ selfDestructEnabled: true, selfDestructSeconds: 3600 });
    expect((await r.rooms.close(room.id))?.closedAt).toBeInstanceOf(Date);
    const single = await r.rooms.create({ roomType: 'SINGLE', dedupeKey: singleRoomKey(at(2), at(3)) });
    const deleted = await r.rooms.markDeleted(single.id);
    expect(deleted).toMatchObject({ dedupeKey: null });
    expect(await r.rooms.findByDedupeKey(singleRoomKey(at(2), at(3)))).toBeNull();
    await r.rooms.create({ roomType: 'SINGLE', dedupeKey: singleRoomKey(at(2), at(3)) });
  });

  it('lists an account’s rooms: pinned first, then latest activity, hidden apart, paged', async () => {
    const names = ['r-old', 'r-mid', 'r-new', 'r-hidden'];
    const rooms = [];
    for (const [i, name] of names.entries()) {
      const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: name });
      await r.members.add(room.id, [at(3)]);
      await r.rooms.touch(room.id, new Date(Date.UTC(2030, 0, 1 + i)));
      rooms.push(room);
    }
    await r.members.setPinned(rooms[0]?.id ?? 0, at(3), true);
    await r.members.setHidden(rooms[3]?.id ?? 0, at(3), true);
    const page1 = await r.rooms.listForAccount(at(3), { limit: 2 });
    expect(page1.items.map((i) => i.room.roomName)).toEqual(['r-old', 'r-new']);
    expect(page1.items[0]?.member.isPinned).toBe(true);
    expect(page1.stillHaveData).toBe(true);
    const page2 = await r.rooms.listForAccount(at(3), { limit: 2, offset: 2 });
    expect(page2.items.map((i) => i.room.roomName)).toEqual(['r-mid']);
    expect(page2.stillHaveData).toBe(false);
    const hidden = await r.rooms.listForAccount(at(3), { limit: 10, hidden: 'hidden' });
    expect(hidden.items.map((i) => i.room.roomName)).toEqual(['r-hidden']);
    expect(await r.rooms.countForAccount(at(3))).toBe(4);
    // touch never moves a room back in time
    await r.rooms.touch(rooms[2]?.id ?? 0, new Date(Date.UTC(2000, 0, 1)));
    expect((await r.rooms.findById(rooms[2]?.id ?? 0))?.lastUpdateAt).toEqual(new Date(Date.UTC(2030, 0, 3)));
  });

  it('keeps the list order on the membership rows whoever moves the room, and pages by cursor as by offset', async () => {
    // The order key is a copy of the room's last update on each membership (migration 120): a member who joins
    // later takes the room's time, a message or a rename moves the room for every member, a deleted room goes.
    const viewer = at(2);
    const day = (d: number) => new Date(Date.UTC(2020, 0, d)); // before now(), which a rename takes
    const rooms: Room[] = [];
    for (const d of [1, 2, 3, 4, 5]) {
      const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: `order-${d}` });
      await r.rooms.setLastUpdate(room.id, day(d));
      await r.members.add(room.id, [viewer]);
      rooms.push(room);
    }
    const names = async (query: Parameters<Repos['rooms']['listForAccount']>[1]) =>
      (await r.rooms.listForAccount(viewer, query)).items.map((i) => i.room.roomName).filter((n) => n?.startsWith('order-'));
    expect(await names({ limit: 10 })).toEqual(['order-5', 'order-4', 'order-3', 'order-2', 'order-1']);
    await r.messages.insertIntoRoom({ roomId: rooms[0]!.id, senderId: at(0), messageType: 'TEXT', aesMessage: 'x', checksum: 'c', createdAt: day(9) });
    await r.rooms.rename(rooms[1]!.id, 'order-2b');
    await r.rooms.markDeleted(rooms[4]!.id);
    expect(await names({ limit: 10 })).toEqual(['order-2b', 'order-1', 'order-4', 'order-3']);
    const first = await r.rooms.listForAccount(viewer, { limit: 2 });
    const byCursor = await r.rooms.listForAccount(viewer, { limit: 2, after: first.cursor! });
    const byOffset = await r.rooms.listForAccount(viewer, { limit: 2, offset: 2 });
    expect(byCursor.items.map((i) => i.room.id)).toEqual(byOffset.items.map((i) => i.room.id));
    const late = at(1);
    await r.members.add(rooms[2]!.id, [late]);
    expect((await r.rooms.listForAccount(late, { limit: 50 })).items.find((i) => i.room.id === rooms[2]!.id)).toBeDefined();
    const [lateFirst] = (await r.rooms.listForAccount(late, { limit: 50 })).items.filter((i) => i.room.roomName?.startsWith('order-'));
    expect(lateFirst?.room.id).toBe(rooms[2]!.id);
  });
});

describe('members', () => {
  it('adds, removes and re-adds members with a new member set each time', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Team' });
    const s1 = await r.members.add(room.id, [at(0)], { admin: true });
    const s2 = await r.members.add(room.id, [at(1), at(2)]);
    expect(s2?.accountIds).toEqual([at(0), at(1), at(2)]);
    expect(await r.members.add(room.id, [at(1)])).toBeNull(); // already in
    expect(await r.members.adminAccountIds(room.id)).toEqual([at(0)]);
    const s3 = await r.members.remove(room.id, at(1));
    expect(s3?.accountIds).toEqual([at(0), at(2)]);
    expect(await r.members.remove(room.id, at(1))).toBeNull();
    expect(await r.members.isActiveMember(room.id, at(1))).toBe(false);
    expect((await r.members.find(room.id, at(1)))?.leftAt).toBeInstanceOf(Date);
    const s4 = await r.members.add(room.id, [at(1)]);
    expect(s4?.accountIds).toEqual([at(0), at(1), at(2)]);
    expect(new Set([s1?.id, s2?.id, s3?.id, s4?.id]).size).toBe(4);
    expect((await r.members.latestMemberSet(room.id))?.id).toBe(s4?.id);
    expect((await r.members.find(room.id, at(2)))?.memberSetId).toBe(s4?.id);
    expect(await r.members.activeAccountIds(room.id)).toEqual([at(0), at(1), at(2)]);
    expect(await r.members.activeRoomIdsOf(at(1))).toContain(room.id);
  });

  it('keeps each member’s own settings and a read mark that only moves forward', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Settings' });
    await r.members.add(room.id, [at(0), at(1)]);
    const until = new Date('2031-05-01T00:00:00Z');
    expect((await r.members.setMuteUntil(room.id, at(0), until))?.muteUntil).toEqual(until);
    expect((await r.members.setAdmin(room.id, at(1), true))?.isAdmin).toBe(true);
    expect((await r.members.setClosed(room.id, at(0), true))?.isClosed).toBe(true);
    await r.members.markReadUpTo(room.id, at(0), 50);
    await r.members.markReadUpTo(room.id, at(0), 40);
    expect((await r.members.find(room.id, at(0)))?.lastReadMessageId).toBe(50);
    expect(await r.members.setPinned(room.id, at(3), true)).toBeNull(); // not a member
  });
});

describe('policies', () => {
  it('gives a room the defaults of its type', async () => {
    const group = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'P' });
    await r.policies.applyDefaults(group.id, 'MULTIPLE');
    const entries = await r.policies.list(group.id);
    expect(entries).toHaveLength(31);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(await r.policies.get(group.id, 'ADD_MEMBER')).toEqual({ attr: 'ADD_MEMBER', value: '2', type: 'ROLE', allowEdit: true, attrGrp: 'MEMBER', seq: 1 });

    const single = await r.rooms.create({ roomType: 'SINGLE' });
    await r.policies.applyDefaults(single.id, 'SINGLE');
    expect((await r.policies.get(single.id, 'ADD_MEMBER'))?.value).toBe('0');
    expect(await r.policies.list(single.id)).toHaveLength(31);
    const broadcast = await r.policies.defaultsFor('BROADCAST');
    expect(broadcast.find((e) => e.attr === 'SEND_MESSAGE')).toMatchObject({ value: '2', allowEdit: false });
    expect((await r.policies.listDefaults()).length).toBeGreaterThan(31);
  });

  it('updates editable entries with valid values and refuses the rest', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Edit' });
    await r.policies.applyDefaults(room.id, 'MULTIPLE');
    const result = await r.policies.update(room.id, [
      { attr: 'SEND_MESSAGE', value: '2' },
      { attr: 'SHOW_MSG_WATERMARK', value: '1' },
      { attr: 'RECALL_MESSAGE_TIME', value: '120' },
      { attr: 'EDIT_ROOM_POLICY', value: '1' }, // not editable
      { attr: 'ALLOW_COPY', value: '7' }, // not a role code
      { attr: 'SHOW_MEDIA_WATERMARK', value: 'yes' }, // not 0/1
      { attr: 'NO_SUCH_KEY', value: '1' },
    ]);
    expect(result.updated.map((e) => `${e.attr}=${e.value}`)).toEqual(['SEND_MESSAGE=2', 'SHOW_MSG_WATERMARK=1', 'RECALL_MESSAGE_TIME=120']);
    expect(result.refused).toEqual(['EDIT_ROOM_POLICY', 'ALLOW_COPY', 'SHOW_MEDIA_WATERMARK', 'NO_SUCH_KEY']);
    expect((await r.policies.get(room.id, 'EDIT_ROOM_POLICY'))?.value).toBe('2');
  });
});

describe('room events', () => {
  it('creates, updates, lists in start order and deletes', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Events' });
    const late = await r.events.create({ roomId: room.id, title: 'Drill', startTs: new Date('2030-03-02T09:00:00Z'), createdBy: at(0) });
    const early = await r.events.create({ roomId: room.id, title: 'Brief', content: 'Room 3', startTs: new Date('2030-03-01T09:00:00Z'), endTs: new Date('2030-03-01T10:00:00Z') });
    expect((await r.events.list(room.id)).map((e) => e.title)).toEqual(['Brief', 'Drill']);
    const updated = await r.events.update(late.id, { roomId: room.id, title: 'Fire drill', startTs: new Date('2030-02-28T09:00:00Z') });
    expect(updated?.title).toBe('Fire drill');
    expect(await r.events.update(late.id, { roomId: room.id + 1000, title: 'x', startTs: new Date() })).toBeNull();
    expect((await r.events.list(room.id)).map((e) => e.id)).toEqual([late.id, early.id]);
    expect(await r.events.delete(early.id)).toBe(true);
    expect(await r.events.delete(early.id)).toBe(false);
    expect(await r.events.find(early.id)).toBeNull();
    expect((await r.events.list(room.id)).map((e) => e.id)).toEqual([late.id]);
  });
});

describe('audit records', () => {
  it('records actions and pages them newest first by lastRoomAuditInfoId', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Audit' });
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await r.audit.record({ roomId: room.id, actorId: at(0), actorName: 'amy', action: 'MEMBER_ADDED', message: `step ${i}`, messageIds: [i] }));
    }
    const first = await r.audit.list(room.id, null, 2);
    expect(first.records.map((x) => x.message)).toEqual(['step 4', 'step 3']);
    expect(first.stillHaveData).toBe(true);
    const rest = await r.audit.list(room.id, first.records[1]?.id ?? null, 10);
    expect(rest.records.map((x) => x.message)).toEqual(['step 2', 'step 1', 'step 0']);
    expect(rest.stillHaveData).toBe(false);
    expect((await r.audit.find(made[0]?.id ?? 0))?.messageIds).toEqual([0]);
  });
});
