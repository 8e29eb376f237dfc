import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { chatPeople, criteriaRequest, labelIn } from './accountSources.ts';

const single = (roomId: string, accountId: string, userFullname: string, loginName = accountId): Room => ({
  roomId,
  roomType: 'SINGLE',
  singleRoomAccount: { accountId, userFullname, loginName } as Room['singleRoomAccount'],
});

describe('chatPeople', () => {
  const rooms: Room[] = [
    single('1', '20', 'Bob Lee', 'bob'),
    { roomId: '2', roomType: 'MULTIPLE', roomName: 'Ward 9' },
    single('3', '10', 'Me Myself'),
    single('4', '20', 'Bob Lee', 'bob'),
    single('5', '30', 'Carol Wong', 'carol.w'),
  ];

  it('lists the other person of each single chat once, never me', () => {
    expect(chatPeople(rooms, '10', '').map((account) => account.accountId)).toEqual(['20', '30']);
  });

  it('filters by name or login name, ignoring case', () => {
    expect(chatPeople(rooms, '10', 'WONG').map((account) => account.accountId)).toEqual(['30']);
    expect(chatPeople(rooms, '10', 'bob').map((account) => account.accountId)).toEqual(['20']);
    expect(chatPeople(rooms, '10', 'nobody')).toEqual([]);
  });

  it('finds a person by my own synonym for them', () => {
    const named: Room = { roomId: '6', roomType: 'SINGLE', singleRoomAccount: { accountId: '40', userFullname: 'Dan Ho', loginName: 'dan', synonym: 'Night Owl' } as Room['singleRoomAccount'] };
    expect(chatPeople([...rooms, named], '10', 'night OWL').map((account) => account.accountId)).toEqual(['40']);
  });
});

describe('criteriaRequest', () => {
  it('keeps filled fields with trimmed values and drops blank ones', () => {
    expect(criteriaRequest({ userFullname: [' bob '], postTitle: [''], tenantId: ['1', '2'] })).toEqual([
      { fieldName: 'userFullname', values: ['bob'] },
      { fieldName: 'tenantId', values: ['1', '2'] },
    ]);
  });

  it('is null when nothing was filled in', () => {
    expect(criteriaRequest({})).toBeNull();
    expect(criteriaRequest({ loginName: ['  '], tenantId: [] })).toBeNull();
  });
});

describe('labelIn', () => {
  const label = { en_US: 'Name', zh_TW: '姓名', zh_CN: '姓名简' };
  it('picks the UI language, English otherwise, the fallback without a label', () => {
    expect(labelIn(label, 'zh_CN', 'x')).toBe('姓名简');
    expect(labelIn(label, 'fr', 'x')).toBe('Name');
    expect(labelIn(undefined, 'en_US', 'userFullname')).toBe('userFullname');
  });
});
