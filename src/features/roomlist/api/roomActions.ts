// Runs a room menu action against the server. The room list follows the server's answer: the caller's other
// sessions hear of it over realtime, and this tab reloads its pages at once rather than waiting for the echo.
import { closeRoom, deleteAndExportRoom, deleteRoom, hideRoom, leaveRoom, muteRoom, pinRoom, unhideRoom, unmuteRoom, unpinRoom } from '@generated/api/rooms';
import type { ApiResult, ErrMsgList } from '@generated/api/runtime';
import { deleteRoomMessages, queryKeys } from '@generated/api/index';
import { chatServices } from '../../../core/session/services.ts';
import type { RoomAction } from '../model/roomActions.ts';
import { IS_ALLOW_DELETE_AND_EXPORT_ROOM } from '@variant/flags';

/** How long a mute lasts: a number of hours, or until a time (epoch ms). */
export type MuteChoice = { muteHours: number } | { muteUntil: number };

export type ActionOutcome = { ok: true } | { ok: false; errMsgList: ErrMsgList };

function callFor(action: Exclude<RoomAction, 'mute' | 'export'> | 'unhide', roomId: string): Promise<ApiResult<unknown>> {
  const { transport } = chatServices();
  const body = { roomId };
  switch (action) {
    case 'pin':
      return pinRoom(transport, body);
    case 'unpin':
      return unpinRoom(transport, body);
    case 'unmute':
      return unmuteRoom(transport, body);
    case 'hide':
      return hideRoom(transport, body);
    case 'unhide':
      return unhideRoom(transport, body);
    case 'archive':
      return closeRoom(transport, body);
    case 'leave':
      return leaveRoom(transport, body);
    case 'delete':
      return deleteRoom(transport, body);
    case 'deleteAndExport':
      // The hospital variants' action: under a constant false the call (and its endpoint) leave the bundle.
      if (!IS_ALLOW_DELETE_AND_EXPORT_ROOM) return Promise.reject(new Error('delete and export is switched off in this variant'));
      return deleteAndExportRoom(transport, body);
    case 'clearMessages':
      // Starred copies go too, as the settings' 'delete all server messages' does; the open chat hears MESSAGE_DELETED_FOR_ME.
      return deleteRoomMessages(transport, { roomId, withStarredMessage: true });
  }
}

/** Runs the action; on success the room lists (main, hidden, archived) reload. Export is the chat's (a file is saved). */
export async function runRoomAction(action: Exclude<RoomAction, 'export'> | 'unhide', roomId: string, mute?: MuteChoice): Promise<ActionOutcome> {
  const { transport, queryClient } = chatServices();
  const result = action === 'mute' ? await muteRoom(transport, { roomId, ...(mute ?? { muteHours: 1 }) }) : await callFor(action, roomId);
  if (!result.ok) return { ok: false, errMsgList: result.errMsgList };
  await queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
  return { ok: true };
}
