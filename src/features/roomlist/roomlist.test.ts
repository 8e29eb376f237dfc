import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import en from '../../locales/en_US.json' with { type: 'json' };
import { applyNewMessage, filterRooms, markRoomRead, mergeRooms, sortRooms } from './rooms.ts';
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

  it('moves a room up on a new message and counts unread unless open or mine', () => {
    const rooms = [room('a', 5), room('b', 1)];
    const moved = applyNewMessage(rooms, { roomId: 'b', senderId: 'other', time: 10, mentionsMe: true }, 'me', null);
    expect(moved.rooms.map((r) => r.roomId)).toEqual(['b', 'a']);
    expect(moved.rooms[0]?.noOfUnreadMessage).toBe(1);
    expect(moved.rooms[0]?.noOfMentionedMessage).toBe(1);
    const mine = applyNewMessage(rooms, { roomId: 'b', senderId: 'me', time: 10, mentionsMe: false }, 'me', null);
    expect(mine.rooms[0]?.noOfUnreadMessage).toBe(0);
    const open = applyNewMessage(rooms, { roomId: 'b', senderId: 'x', time: 10, mentionsMe: false }, 'me', 'b');
    expect(open.rooms[0]?.noOfUnreadMessage).toBe(0);
    expect(applyNewMessage(rooms, { roomId: 'zz', senderId: 'x', time: 1, mentionsMe: false }, 'me', null).known).toBe(false);
    expect(markRoomRead(moved.rooms, 'b')[0]?.noOfUnreadMessage).toBe(0);
  });

  it('merges pages by room id', () => {
    expect(mergeRooms([room('a', 5)], [room('a', 7, { roomName: 'New' }), room('b', 1)]).map((r) => [r.roomId, r.roomName])).toEqual([
      ['a', 'New'],
      ['b', 'Room b'],
    ]);
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
