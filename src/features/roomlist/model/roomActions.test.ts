import { describe, expect, it } from 'vitest';
import type { Room, RoomPolicyEntry, RoomPolicyKey } from '@generated/types/index';
import { entryAllows } from '../../../domain/index.ts';
import { roomActions, type RoomActionFlags } from './roomActions.ts';
import { muteUntilFromInput, toLocalInput } from './mute.ts';

const all: RoomActionFlags = { pin: true, mute: true, hide: true, archive: true, export: true, clearMessages: false, leave: true, delete: true, deleteAndExport: false };
const role = (attr: RoomPolicyKey, value: number): RoomPolicyEntry => ({ attr, value, type: 'MEMBER_ROLE' });
const group = (extra: Partial<Room> = {}): Room => ({
  roomId: '1',
  roomType: 'MULTIPLE',
  isMember: true,
  policy: [role('ALLOW_DELETE_ROOM', 2), role('ALLOW_EXIT_ROOM', 1), role('ALLOW_MUTE_NOTI', 1)],
  ...extra,
});

describe('room policy values', () => {
  it('reads member roles, on/off and numbers as the seed defines them', () => {
    const member = { isAdmin: false, roles: ['IM_USER'] };
    const admin = { isAdmin: true, roles: ['IM_USER'] };
    expect(entryAllows(role('SEND_MESSAGE', 0), admin)).toBe(false);
    expect(entryAllows(role('SEND_MESSAGE', 1), member)).toBe(true);
    expect(entryAllows(role('SEND_MESSAGE', 2), member)).toBe(false);
    expect(entryAllows(role('SEND_MESSAGE', 2), admin)).toBe(true);
    expect(entryAllows(role('SEND_MESSAGE', 3), member)).toBe(false);
    expect(entryAllows(role('SEND_MESSAGE', 3), { isAdmin: false, roles: ['IM_USER', 'ADMIN'] })).toBe(true);
    expect(entryAllows({ attr: 'SHOW_MSG_WATERMARK', value: 0, type: 'BOOLEAN' }, admin)).toBe(false);
    expect(entryAllows({ attr: 'ROOM_SIZE_LIMIT', value: 0, type: 'NUMBER' }, member)).toBe(true);
    expect(entryAllows(undefined, member)).toBe(true);
  });
});

describe('room menu actions', () => {
  it('offers a member what the policy allows, and an admin the group delete', () => {
    expect(roomActions(group(), [], all)).toEqual(['pin', 'mute', 'hide', 'archive', 'export', 'leave']);
    expect(roomActions(group({ isAdmin: true, isPin: true, isMute: true }), [], all)).toEqual(['unpin', 'unmute', 'hide', 'archive', 'export', 'leave', 'delete']);
  });

  it('follows the variant flags and the room type', () => {
    expect(roomActions(group(), [], { ...all, pin: false, hide: false, archive: false, export: false })).toEqual(['mute', 'leave']);
    const single = group({ roomType: 'SINGLE', policy: [role('ALLOW_DELETE_ROOM', 1)] });
    expect(roomActions(single, [], all)).toEqual(['pin', 'mute', 'hide', 'archive', 'export', 'delete']);
    expect(roomActions(group({ isAdmin: true }), [], { ...all, deleteAndExport: true })).toContain('deleteAndExport');
    expect(roomActions(group({ isAdmin: true }), [], { ...all, deleteAndExport: true })).not.toContain('delete');
  });

  it('hides what the policy forbids and offers nothing in a room one has left', () => {
    const locked = group({ policy: [role('ALLOW_EXIT_ROOM', 0), role('ALLOW_MUTE_NOTI', 0), role('ALLOW_HIDE_ROOM', 2), role('ALLOW_DELETE_ROOM', 2)] });
    expect(roomActions(locked, [], all)).toEqual(['pin', 'archive', 'export']);
    expect(roomActions(group({ isMember: false }), [], all)).toEqual([]);
  });
});

describe('mute until a chosen time', () => {
  const now = new Date(2026, 0, 10, 9, 0).getTime();
  it('accepts a time in the next two weeks only', () => {
    expect(muteUntilFromInput(toLocalInput(now + 3_600_000), now)).toBe(now + 3_600_000);
    expect(muteUntilFromInput(toLocalInput(now + 14 * 24 * 3_600_000), now)).toBe(now + 14 * 24 * 3_600_000);
    expect(muteUntilFromInput(toLocalInput(now + 14 * 24 * 3_600_000 + 60_000), now)).toBeNull();
    expect(muteUntilFromInput(toLocalInput(now - 60_000), now)).toBeNull();
    expect(muteUntilFromInput('', now)).toBeNull();
  });

  it('offers deleting all messages where the variant and the room policy allow it', () => {
    const flags = { ...all, clearMessages: true };
    expect(roomActions(group(), [], flags)).toEqual(['pin', 'mute', 'hide', 'archive', 'export', 'clearMessages', 'leave']);
    expect(roomActions(group({ policy: [role('ALLOW_DELETE_ALL_MSG', 2)] }), [], flags)).not.toContain('clearMessages');
    expect(roomActions(group({ isAdmin: true, policy: [role('ALLOW_DELETE_ALL_MSG', 2)] }), [], flags)).toContain('clearMessages');
    expect(roomActions(group(), [], all)).not.toContain('clearMessages');
  });
});
