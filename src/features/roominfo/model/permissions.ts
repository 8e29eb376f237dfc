// What the room info page offers this member: the variant's flags and the room's policy together.
import type { Room } from '@generated/types/index';
import {
  IS_ALLOW_ADD_MEMBER,
  IS_ALLOW_COPY_CHATROOM,
  IS_ALLOW_EDIT_ROOM_ADMIN,
  IS_ALLOW_EDIT_ROOM_INFO,
  IS_ALLOW_LEAVE_ROOM,
  IS_ALLOW_REMOVE_MEMBER,
  IS_ALLOW_ROOM_POLICY_EDIT,
  IS_ALLOW_SELF_DESTRUCT,
  IS_SHOW_AUDIT_INFO,
  IS_SHOW_ROOM_POLICY,
} from '@variant/flags';
import { roomAllows } from '../../../domain/index.ts';

export interface RoomInfoPermissions {
  /** Still a member (pages about the members). */
  member: boolean;
  editInfo: boolean;
  addMember: boolean;
  removeMember: boolean;
  editAdmin: boolean;
  leave: boolean;
  selfDestruct: boolean;
  /** See the policy page (read-only unless `editPolicy`). */
  viewPolicy: boolean;
  editPolicy: boolean;
  audit: boolean;
  copyRoom: boolean;
}

export function roomInfoPermissions(room: Room, roles: readonly string[]): RoomInfoPermissions {
  const allows = (attr: Parameters<typeof roomAllows>[1]) => roomAllows(room, attr, roles);
  const group = room.roomType !== 'SINGLE';
  return {
    member: room.isMember !== false,
    editInfo: IS_ALLOW_EDIT_ROOM_INFO && group && allows('EDIT_ROOM_INFO'),
    addMember: IS_ALLOW_ADD_MEMBER && group && allows('ADD_MEMBER'),
    removeMember: IS_ALLOW_REMOVE_MEMBER && group && allows('REMOVE_MEMBER'),
    editAdmin: IS_ALLOW_EDIT_ROOM_ADMIN && group && allows('EDIT_ADMIN'),
    leave: IS_ALLOW_LEAVE_ROOM && group && allows('ALLOW_EXIT_ROOM'),
    selfDestruct: IS_ALLOW_SELF_DESTRUCT && allows('ALLOW_SELF_DESTRUCT'),
    viewPolicy: IS_SHOW_ROOM_POLICY && room.isMember !== false,
    editPolicy: IS_ALLOW_ROOM_POLICY_EDIT && allows('EDIT_ROOM_POLICY'),
    audit: IS_SHOW_AUDIT_INFO && room.isMember !== false,
    copyRoom: IS_ALLOW_COPY_CHATROOM && group && allows('COPY_MEMBER_CREAT_RM'),
  };
}
