import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import en from '../../../locales/areas/create.en_US.json' with { type: 'json' };
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import { sortRooms } from '../../../domain/index.ts';
import { filterRooms } from './rooms.ts';
import { allPreviews, allRooms, applyNewMessage, findRoom, markRoomRead, setPreview, upsertRoom, type RoomPage, type RoomPages } from '../../../domain/roomPages.ts';
import { validateGroup, validateSingleChat } from './createValidation.ts';

const room = (roomId: string, lastUpdateTime: number, extra: Partial<Room> = {}): Room => ({
  roomId,
  roomName: `Room ${roomId}`,
  roomType: 'MULTIPLE',
  lastUpdateTime,
  ...extra,
});

describe('room list', () => {
  it('puts pinned rooms first, then the most recent', () => {
    expect(sortRooms([room('a', 1), room('b', 3), room('c', 2, { isPin: true })]).map((r) => r.roomId)).toEqual(['c', 'b', 'a']);
  });

  it('filters by name, case-insensitively', () => {
    expect(filterRooms([room('a', 1, { roomName: 'Ward Seven' }), room('b', 2)], 'seven').map((r) => r.roomId)).toEqual(['a']);
    expect(filterRooms([room('a', 1), room('b', 2)], '  ')).toHaveLength(2);
  });

  it("matches a single chat by the other person's names, my synonym for them included", () => {
    const other = { accountId: '7', userFullname: 'Dan Ho', loginName: 'dan.ho', synonym: 'Night Owl' } as Room['singleRoomAccount'];
    const single = room('s', 1, { roomType: 'SINGLE', roomName: 'Dan Ho', singleRoomAccount: other });
    expect(filterRooms([single, room('b', 2)], 'owl').map((r) => r.roomId)).toEqual(['s']);
    expect(filterRooms([single, room('b', 2)], 'DAN.HO').map((r) => r.roomId)).toEqual(['s']);
  });
});

const page = (rooms: Room[], stillHaveData = true, previews: RoomPage['previews'] = {}): RoomPage => ({ rooms, previews, stillHaveData });
const pages = (...list: RoomPage[]): RoomPages => ({ pages: list, pageParams: list.map((_, index) => index + 1) });
const preview = (roomId: string, text: string) => ({ roomId, messageId: `m-${text}`, text }) as unknown as DecryptedMessage;
const ids = (data: RoomPages | undefined) => data?.pages.map((p) => p.rooms.map((r) => r.roomId));

describe('room list cache (TanStack Query pages)', () => {
  const cached = pages(page([room('a', 9), room('b', 8)], true, { a: preview('a', 'hi a') }), page([room('c', 3)], false, { c: preview('c', 'hi c') }));

  it('moves the room of a new message to the top of the first page, preview included', () => {
    const result = applyNewMessage(cached, { roomId: 'c', senderId: 'other', time: 20, mentionsMe: false }, 'me', null);
    expect(result.known).toBe(true);
    expect(ids(result.data)).toEqual([['c', 'a', 'b'], []]);
    expect(result.data?.pages[0]?.previews.c?.text).toBe('hi c');
    expect(result.data?.pages[1]?.previews).toEqual({});
    expect(result.data?.pages[0]?.rooms[0]?.lastUpdateTime).toBe(20);
    expect(allRooms(result.data).map((r) => r.roomId)).toEqual(['c', 'a', 'b']);
    expect(cached.pages[1]?.rooms).toHaveLength(1); // the cached value itself is never changed
  });

  it('counts unread and mentions unless the room is open, the message is mine or a system line', () => {
    const other = applyNewMessage(cached, { roomId: 'b', senderId: 'other', time: 10, mentionsMe: true }, 'me', null).data;
    expect(findRoom(other, 'b')).toMatchObject({ noOfUnreadMessage: 1, noOfMentionedMessage: 1 });
    const twice = applyNewMessage(other, { roomId: 'b', senderId: 'other', time: 11, mentionsMe: false }, 'me', null).data;
    expect(findRoom(twice, 'b')).toMatchObject({ noOfUnreadMessage: 2, noOfMentionedMessage: 1 });
    const mine = applyNewMessage(cached, { roomId: 'b', senderId: 'me', time: 10, mentionsMe: false }, 'me', null).data;
    expect(findRoom(mine, 'b')?.noOfUnreadMessage).toBe(0);
    const system = applyNewMessage(cached, { roomId: 'b', senderId: 'SYSTEM', time: 10, mentionsMe: false }, 'me', null).data;
    expect(findRoom(system, 'b')).toMatchObject({ noOfUnreadMessage: 0 });
    expect(allRooms(system)[0]?.roomId).toBe('b');
    const open = applyNewMessage(cached, { roomId: 'b', senderId: 'x', time: 10, mentionsMe: true }, 'me', 'b').data;
    expect(findRoom(open, 'b')).toMatchObject({ noOfUnreadMessage: 0, noOfMentionedMessage: 0 });
    expect(findRoom(markRoomRead(twice, 'b'), 'b')).toMatchObject({ noOfUnreadMessage: 0, noOfMentionedMessage: 0 });
  });

  it('reports a room that is not loaded (the caller refetches) and leaves an empty cache alone', () => {
    const unknown = applyNewMessage(cached, { roomId: 'zz', senderId: 'x', time: 1, mentionsMe: false }, 'me', null);
    expect(unknown).toEqual({ data: cached, known: false, applied: false });
    expect(applyNewMessage(undefined, { roomId: 'a', senderId: 'x', time: 1, mentionsMe: false }, 'me', null).known).toBe(false);
  });

  it('sets the last-message preview on the page that holds the room', () => {
    const updated = setPreview(cached, 'c', preview('c', 'newest'));
    expect(updated?.pages[1]?.previews.c?.text).toBe('newest');
    expect(allPreviews(updated).c?.text).toBe('newest');
    expect(allPreviews(updated).a?.text).toBe('hi a');
  });

  it('keeps one copy of a room found on two pages (the freshest) and puts pinned rooms first', () => {
    const overlapping = pages(page([room('a', 5), room('b', 4)]), page([room('b', 7, { roomName: 'New' }), room('p', 1, { isPin: true })], false));
    expect(allRooms(overlapping).map((r) => [r.roomId, r.roomName])).toEqual([
      ['p', 'Room p'],
      ['b', 'New'],
      ['a', 'Room a'],
    ]);
  });

  it('puts a created room first, or replaces the copy it already has', () => {
    expect(ids(upsertRoom(cached, room('n', 30)))).toEqual([['n', 'a', 'b'], ['c']]);
    expect(findRoom(upsertRoom(cached, room('c', 3, { roomName: 'Renamed' })), 'c')?.roomName).toBe('Renamed');
    expect(upsertRoom(undefined, room('n', 1))).toBeUndefined();
  });
});

describe('create chat and group validation', () => {
  const max = constants.limits.roomNameMaxLength;
  it('uses the seed rules and texts', () => {
    expect(max).toBe(25);
    expect(validateGroup('', [], max)).toBe('create.memberOrNameMissing');
    expect(validateGroup('', ['x'], max)).toBe('create.memberOrNameMissing');
    expect(validateGroup('Ward', [], max)).toBe('create.selectMember');
    expect(validateGroup('x'.repeat(26), ['x'], max)).toBe('create.nameLength');
    expect(validateGroup('病房'.repeat(12), ['x'], max)).toBeNull();
    expect(validateSingleChat(null)).toBe('create.chatMemberMissing');
    expect(validateSingleChat('acc')).toBeNull();
    expect(en.create.memberOrNameMissing).toBe('Member or Room Name are missing');
    expect(en.create.selectMember).toBe('Please Select a Member');
    expect(en.create.nameLength).toBe('Please check the name length');
    expect(en.create.chatMemberMissing).toBe('Chat Member is missing');
  });
});
