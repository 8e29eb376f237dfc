import { describe, expect, it } from 'vitest';
import type { RoomPolicyEntry } from '@generated/types/index';
import { groupPolicy, policyChanges, validValue } from './policyForm.ts';

const entry = (attr: RoomPolicyEntry['attr'], seq: number, attrGrp: string, extra: Partial<RoomPolicyEntry> = {}): RoomPolicyEntry => ({
  attr,
  seq,
  attrGrp,
  value: 1,
  type: 'MEMBER_ROLE',
  allowEdit: true,
  ...extra,
});

describe('the room policy form', () => {
  const policy = [
    entry('SEND_MESSAGE', 14, 'MESSAGE'),
    entry('ADD_MEMBER', 1, 'MEMBER'),
    entry('EDIT_ROOM_INFO', 6, 'ROOM'),
    entry('ROOM_SIZE_LIMIT', 5, 'MEMBER', { type: 'NUMBER', value: 500, allowEdit: false }),
    entry('SHOW_MSG_WATERMARK', 29, 'MEDIA', { type: 'BOOLEAN', value: 0 }),
  ];

  it('groups by attrGrp in the order of each group first entry, ordered by seq', () => {
    expect(groupPolicy(policy).map((group) => [group.group, group.entries.map((e) => e.attr)])).toEqual([
      ['MEMBER', ['ADD_MEMBER', 'ROOM_SIZE_LIMIT']],
      ['ROOM', ['EDIT_ROOM_INFO']],
      ['MESSAGE', ['SEND_MESSAGE']],
      ['MEDIA', ['SHOW_MSG_WATERMARK']],
    ]);
  });

  it('sends only what changed', () => {
    expect(policyChanges(policy, { SEND_MESSAGE: 2, ADD_MEMBER: 1, SHOW_MSG_WATERMARK: 1 })).toEqual([
      { attr: 'SEND_MESSAGE', value: 2 },
      { attr: 'SHOW_MSG_WATERMARK', value: 1 },
    ]);
    expect(policyChanges(policy, {})).toEqual([]);
  });

  it('checks each value against its kind', () => {
    expect(validValue(entry('SEND_MESSAGE', 1, 'M'), 3)).toBe(true);
    expect(validValue(entry('SEND_MESSAGE', 1, 'M'), 4)).toBe(false);
    expect(validValue(entry('SHOW_MSG_WATERMARK', 1, 'M', { type: 'BOOLEAN' }), 2)).toBe(false);
    expect(validValue(entry('ROOM_SIZE_LIMIT', 1, 'M', { type: 'NUMBER' }), 0)).toBe(true);
    expect(validValue(entry('ROOM_SIZE_LIMIT', 1, 'M', { type: 'NUMBER' }), -1)).toBe(false);
    expect(validValue(entry('ROOM_SIZE_LIMIT', 1, 'M', { type: 'NUMBER' }), 1.5)).toBe(false);
  });
});

describe('members in Do Not Disturb', () => {
  it('counts those switched on with no end or an end ahead', async () => {
    const { inDndNow } = await import('./dnd.ts');
    expect(inDndNow({ dnd: true }, 100)).toBe(true);
    expect(inDndNow({ dnd: true, dndEndDate: 200 }, 100)).toBe(true);
    expect(inDndNow({ dnd: true, dndEndDate: 50 }, 100)).toBe(false);
    expect(inDndNow({ dnd: false }, 100)).toBe(false);
  });
});

describe('room event form', () => {
  it('needs a title and times in 1970-01-01..2090-12-31, the end not before the start', async () => {
    const { checkEvent } = await import('./events.ts');
    expect(checkEvent(' ', '2026-01-01T10:00', '2026-01-01T11:00')).toEqual({ error: 'rooms.events.titleMissing' });
    expect(checkEvent('Drill', '2091-01-01T10:00', '2091-01-01T11:00')).toEqual({ error: 'rooms.events.outOfRange' });
    expect(checkEvent('Drill', '1969-12-31T10:00', '2026-01-01T11:00')).toEqual({ error: 'rooms.events.outOfRange' });
    expect(checkEvent('Drill', '2026-01-01T12:00', '2026-01-01T11:00')).toEqual({ error: 'rooms.events.endBeforeStart' });
    expect(checkEvent('Drill', '', '2026-01-01T11:00')).toEqual({ error: 'errors.inputNotValid' });
    expect(checkEvent('Drill', '2026-01-01T10:00', '2026-01-01T11:00')).toEqual({
      startTs: new Date('2026-01-01T10:00').getTime(),
      endTs: new Date('2026-01-01T11:00').getTime(),
    });
  });
});
