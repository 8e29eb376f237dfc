import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { renamePerson } from './personChanged.ts';
import type { RoomPages } from '../../../domain/roomPages.ts';

const single = (roomId: string, accountId: string, extra: Partial<Room> = {}): Room => ({
  roomId,
  roomType: 'SINGLE',
  roomName: 'Amy Lee',
  singleRoomAccountId: accountId,
  singleRoomAccount: { accountId, userFullname: 'Amy Lee', synonym: 'Night Owl' },
  ...extra,
});
const data = (rooms: Room[]): RoomPages => ({ pages: [{ rooms, previews: {}, stillHaveData: false }], pageParams: [1] });

describe('a person renamed in the room list', () => {
  it("titles the single chats with that person by the new name and keeps the viewer's own fields", () => {
    const group: Room = { roomId: 'g', roomType: 'MULTIPLE', roomName: 'Ward' };
    const next = renamePerson(data([single('s', '7'), single('t', '8'), group]), '7', 'Amy R', { accountId: '7', customDisplayName: 'Amy R', isFavourite: true });
    const [renamed, other, kept] = next?.pages[0]?.rooms ?? [];
    expect(renamed?.roomName).toBe('Amy R');
    expect(renamed?.singleRoomAccount).toEqual({ accountId: '7', userFullname: 'Amy Lee', synonym: 'Night Owl', customDisplayName: 'Amy R' });
    expect(other?.roomName).toBe('Amy Lee');
    expect(kept).toBe(group);
  });

  it('leaves the self chat and an empty cache alone', () => {
    const self = single('me', '7', { businessType: 'SELF', roomName: 'Amy Lee (You)' });
    expect(renamePerson(data([self]), '7', 'Amy R', {})?.pages[0]?.rooms[0]).toBe(self);
    expect(renamePerson(undefined, '7', 'Amy R', {})).toBeUndefined();
  });
});
