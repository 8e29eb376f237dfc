import { describe, expect, it } from 'vitest';
import { groupTypesAllowed } from './delegates.ts';
import { searchTerm } from '../../store/repos/distribution-lists.ts';
import { LATEST_DND_END, dndActiveOn, wireDnd } from './dnd.ts';
import { idOrNull, parseId, parseIds } from '../../http/wire-ids.ts';

describe('directory helpers', () => {
  it('reads LDAP-style search text', () => {
    expect(searchTerm('*Ward*')).toBe('ward');
    expect(searchTerm(' * ')).toBe('');
  });

  it('maps a delegate selection type to the group types it may address', () => {
    expect(groupTypesAllowed('ALL')).toEqual(['DL', 'HKP_AK_GROUP']);
    expect(groupTypesAllowed('DL')).toEqual(['DL']);
    expect(groupTypesAllowed('HKP_AK_GROUP')).toEqual(['HKP_AK_GROUP']);
  });

  it('parses wire ids', () => {
    expect(parseId('42', 'roomId')).toBe(42);
    expect(() => parseId('042', 'roomId')).toThrow(/INVALID_INPUT/);
    expect(() => parseId('1e3', 'roomId')).toThrow(/INVALID_INPUT/);
    expect(parseIds(['3', '3', '4'], 'ids')).toEqual([3, 4]);
    expect(idOrNull('x')).toBeNull();
    expect(idOrNull('99999999999999999')).toBeNull();
  });

  it('reads a stored do-not-disturb setting at a moment', () => {
    const end = new Date('2030-01-01T00:00:00Z');
    const on = { dnd: { dnd: 'ON', dndEndDate: end, isMute: true } };
    expect(dndActiveOn(on, new Date('2029-12-31T23:59:59Z'))).toBe(true);
    expect(dndActiveOn(on, end)).toBe(false);
    expect(wireDnd(on, new Date('2029-01-01Z'))).toEqual({ dnd: true, dndEndDate: end.getTime(), isMute: true });
    expect(wireDnd({ dnd: { dnd: null, dndEndDate: null, isMute: false } }, new Date())).toEqual({ dnd: false });
    expect(new Date(LATEST_DND_END).toISOString()).toBe('2090-12-31T23:59:59.999Z');
  });
});
