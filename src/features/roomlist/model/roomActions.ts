// Which actions a room's menu (the row's context menu and the chat header's dropdown) offers: each only when
// the variant's flags switch the feature on and the room's policy lets this member use it.
import type { Room } from '@generated/types/index';
import {
  IS_ALLOW_CLOSE_ROOM,
  IS_ALLOW_DELETE_AND_EXPORT_ROOM,
  IS_ALLOW_DELETE_ROOM,
  IS_ALLOW_DELETE_ROOM_MESSAGES,
  IS_ALLOW_EXPORT_ROOM_MESSAGES,
  IS_ALLOW_HIDE_ROOM,
  IS_ALLOW_LEAVE_ROOM,
  IS_ALLOW_MUTE_ROOM,
  IS_ALLOW_PIN_ROOM,
  IS_SHOW_ARCHIVED_CHATS,
} from '@variant/flags';
import { roomAllows } from '../../../domain/index.ts';

export type RoomAction = 'pin' | 'unpin' | 'mute' | 'unmute' | 'hide' | 'archive' | 'export' | 'clearMessages' | 'leave' | 'delete' | 'deleteAndExport';

/** The variant's switches, as a value so that tests can try other variants. */
export interface RoomActionFlags {
  pin: boolean;
  mute: boolean;
  hide: boolean;
  archive: boolean;
  export: boolean;
  /** Deleting all messages of the room from one's own view (deleteroommessages). */
  clearMessages: boolean;
  leave: boolean;
  delete: boolean;
  deleteAndExport: boolean;
}

export const variantRoomActionFlags: RoomActionFlags = {
  pin: IS_ALLOW_PIN_ROOM,
  mute: IS_ALLOW_MUTE_ROOM,
  hide: IS_ALLOW_HIDE_ROOM,
  archive: IS_ALLOW_CLOSE_ROOM && IS_SHOW_ARCHIVED_CHATS,
  export: IS_ALLOW_EXPORT_ROOM_MESSAGES,
  clearMessages: IS_ALLOW_DELETE_ROOM_MESSAGES,
  leave: IS_ALLOW_LEAVE_ROOM,
  delete: IS_ALLOW_DELETE_ROOM,
  deleteAndExport: IS_ALLOW_DELETE_AND_EXPORT_ROOM,
};

/** The room's actions in menu order; a room the viewer is no longer in offers only deleting it from the list. */
export function roomActions(room: Room, roles: readonly string[], flags: RoomActionFlags = variantRoomActionFlags): RoomAction[] {
  const allows = (attr: Parameters<typeof roomAllows>[1]) => roomAllows(room, attr, roles);
  const actions: RoomAction[] = [];
  if (room.isMember === false) return actions;
  if (flags.pin) actions.push(room.isPin ? 'unpin' : 'pin');
  if (flags.mute && room.isMute) actions.push('unmute');
  else if (flags.mute && allows('ALLOW_MUTE_NOTI')) actions.push('mute');
  if (flags.hide && allows('ALLOW_HIDE_ROOM')) actions.push('hide');
  if (flags.archive && allows('ALLOW_CLOSE_ROOM')) actions.push('archive');
  if (flags.export && allows('ALLOW_EXPORT_MSG')) actions.push('export');
  if (flags.clearMessages && allows('ALLOW_DELETE_ALL_MSG')) actions.push('clearMessages');
  // A single chat is two people by definition: it is deleted from one's side, never left.
  if (flags.leave && room.roomType !== 'SINGLE' && allows('ALLOW_EXIT_ROOM')) actions.push('leave');
  if (flags.deleteAndExport && allows('ALLOW_DELETE_ROOM') && allows('ALLOW_EXPORT_MSG')) actions.push('deleteAndExport');
  else if (flags.delete && allows('ALLOW_DELETE_ROOM')) actions.push('delete');
  return actions;
}

/** Actions that lose something, or take the room out of the list (archive): they ask first. */
export const CONFIRMED_ACTIONS: ReadonlySet<RoomAction> = new Set(['archive', 'clearMessages', 'leave', 'delete', 'deleteAndExport']);
