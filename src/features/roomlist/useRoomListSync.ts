// Keeps the cached room list current from realtime notifications: NEW_MESSAGE moves the room up, counts it and
// refreshes its preview in the cache; new, changed or removed rooms (and an unknown room) reload the loaded
// pages; after a reconnect (`resynced`) the list is reloaded to fill the gap.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatServices } from '../session/index.ts';
import { invalidateRoomList, refreshPreview, updateRoomPages } from './data.ts';
import { applyNewMessage } from './roomPages.ts';

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
          if (known) void refreshPreview(queryClient, roomId).catch(() => undefined);
          else void invalidateRoomList(queryClient);
          return;
        }
        case 'ROOM_CREATE':
        case 'ROOM_JOIN':
        case 'ROOM_UPDATE':
        case 'ROOM_DELETE':
        case 'ROOM_LEAVE':
          void invalidateRoomList(queryClient);
          return;
        default:
          return;
      }
    });
    const offResynced = realtime.on('resynced', () => void invalidateRoomList(queryClient));
    return () => {
      offNotification();
      offResynced();
    };
  }, [openRoomId, queryClient]);
}
