// Keeps the cached room list current from realtime notifications: NEW_MESSAGE moves the room up, counts it and
// refreshes its preview and counts from the server; a recall or a delete-for-me refreshes them too (the recalled
// wording on every side at once); a load of the list on its way then is made again, as it read the rooms before;
// new, changed or removed rooms (and an unknown room) reload the loaded pages (after a reconnect the core reloads
// every query, this list with them: core/query/resync.ts, and the open room is checked: removed or deleted while no
// notice could come, it says so as if the notice had come); a room read in another tab gets the server's counts. Every other room
// notification (membership, admins, policy, mute, image, self-destruct timer) reloads the rooms group's reads
// (lists, members, policy, room detail), so every open view follows at once; a member removed from the room that is
// open here sees at once that they are no longer a participant.
import { useEffect } from 'react';
import { getRoomAccountsQuery, queryKeys } from '@generated/api/index';
import { ApiCallError } from '@generated/api/runtime';
import { errorCodeByName } from '@generated/errors';
import { usePanelNav } from '../../../ui/index.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatServices } from '../../session/index.ts';
import { failureCode } from '../../../core/index.ts';
import { invalidateRoomList, refreshRoomSummary, reloadRoomListIfLoading, updateRoomPages } from '../api/data.ts';
import { onRoomReadElsewhere } from '../api/readChannel.ts';
import { applyNewMessage } from '../model/roomPages.ts';

export function useRoomListSync(openRoomId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const { realtime, accountId } = chatServices();
    if (!realtime) return;
    const offNotification = realtime.on('notification', (notification) => {
      const roomId = notification.roomId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE': {
          // The reply queue carries every new message once; an open room's topic repeats it.
          if (!roomId || notification.source === 'room') return;
          const mentions = notification.data?.msgMentionAccountIds;
          let known = false;
          updateRoomPages(queryClient, (data) => {
            const result = applyNewMessage(
              data,
              { roomId, senderId: notification.senderId, time: Date.now(), mentionsMe: Array.isArray(mentions) && mentions.includes(accountId) },
              accountId,
              openRoomId,
            );
            known = result.known;
            return result.data;
          });
          if (!known) {
            void invalidateRoomList(queryClient);
            return;
          }
          reloadRoomListIfLoading(queryClient);
          void refreshRoomSummary(queryClient, roomId, roomId !== openRoomId).catch(() => undefined);
          return;
        }
        case 'MESSAGE_DELETED':
        case 'MESSAGE_DELETED_FOR_ME':
          if (!roomId || notification.source === 'room') return;
          reloadRoomListIfLoading(queryClient);
          void refreshRoomSummary(queryClient, roomId, roomId !== openRoomId).catch(() => undefined);
          return;
        case 'ROOM_DELETE':
        case 'ROOM_LEAVE':
        case 'ROOM_MEMBER_DELETE': {
          const gone = notification.notifyType === 'ROOM_DELETE' || notification.data?.accountId === accountId;
          if (gone && roomId) markOpenRoomLeft(roomId);
          void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
          return;
        }
        case 'ROOM_CREATE':
        case 'ROOM_JOIN':
        case 'ROOM_UPDATE':
        case 'ROOM_ADMIN_ADD':
        case 'ROOM_ADMIN_REMOVE':
        case 'ROOM_POLICY_UPDATE':
        case 'ROOM_MUTE':
        case 'ROOM_UNMUTE':
        case 'ROOM_PROFILE_IMAGE_UPDATE':
        case 'SELF_DESTRUCT_UPDATE':
          void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
          return;
        default:
          return;
      }
    });
    const offResynced = realtime.on('resynced', () => {
      if (!openRoomId) return;
      void stillInRoom(queryClient, openRoomId).then((member) => {
        if (!member) markOpenRoomLeft(openRoomId);
      });
    });
    const offReadElsewhere = onRoomReadElsewhere((roomId) => void refreshRoomSummary(queryClient, roomId, true).catch(() => undefined));
    return () => {
      offNotification();
      offResynced();
      offReadElsewhere();
    };
  }, [openRoomId, queryClient]);
}

/**
 * Whether I am still in the room, by its members call (the one the open chat's header reads, so the core's reload
 * after a reconnect and this share one request): the server refuses it to a member no longer there, or for a room
 * deleted. A failure to reach the server says nothing.
 */
async function stillInRoom(queryClient: QueryClient, roomId: string): Promise<boolean> {
  try {
    await queryClient.fetchQuery(getRoomAccountsQuery(chatServices().transport, { roomId }));
    return true;
  } catch (error) {
    const code = error instanceof ApiCallError ? failureCode(error) : undefined;
    return code !== errorCodeByName.NOT_ROOM_MEMBER && code !== errorCodeByName.NOT_FOUND;
  }
}

/** The open room, if it is this one, can no longer take messages from me (left, removed or deleted). */
function markOpenRoomLeft(roomId: string): void {
  const { room } = usePanelNav.getState();
  if (room?.roomId === roomId) usePanelNav.setState({ room: { ...room, isMember: false, isAllowedInput: false } });
}
