// Loads the first page and keeps the list current from realtime notifications (reorder on NEW_MESSAGE,
// reload on new rooms and after a reconnect's gap fill).
import { useCallback, useEffect } from 'react';
import { unwrap } from '@generated/api/client';
import { showToast } from '../../ui/index.ts';
import { useTranslation } from 'react-i18next';
import type { Message } from '@generated/types/index';
import { decryptIncomingList } from '../../core/messages/crypto.ts';
import { fetchRoomPage } from './data.ts';
import { chatServices } from '../session/index.ts';
import { useRoomList } from './store.ts';

export function useRoomListSync(openRoomId: string | null) {
  const { t } = useTranslation();

  const reloadFirstPage = useCallback(async () => {
    try {
      const page = await fetchRoomPage(1);
      useRoomList.getState().setFirstPage(page.rooms, page.previews, page.stillHaveData);
    } catch {
      showToast(t('errors.actionFailed'));
    }
  }, [t]);

  const loadMore = useCallback(async () => {
    const state = useRoomList.getState();
    if (state.loading || !state.stillHaveData) return;
    state.setLoading(true);
    try {
      const page = await fetchRoomPage(state.nextPage);
      useRoomList.getState().addPage(page.rooms, page.previews, page.stillHaveData);
    } catch {
      showToast(t('errors.actionFailed'));
    } finally {
      useRoomList.getState().setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    if (!useRoomList.getState().loaded) void loadMore();
  }, [loadMore]);

  useEffect(() => {
    const { realtime, accountId, api, keys } = chatServices();
    if (!realtime) return;
    const refreshPreview = async (roomId: string) => {
      const result = await api.getLastMessage({ roomId, withUnreadCount: false });
      if (!result.ok) return;
      const last = unwrap('getLastMessage', result).message as Message | undefined;
      if (!last) return;
      const [preview] = await decryptIncomingList([last], keys);
      useRoomList.getState().setPreview(roomId, preview);
    };
    const offNotification = realtime.on('notification', (notification) => {
      const roomId = notification.roomId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE': {
          if (!roomId) return;
          const mentions = notification.data?.msgMentionAccountIds;
          const known = useRoomList.getState().newMessage(
            {
              roomId,
              senderId: notification.senderId,
              time: Date.now(),
              mentionsMe: Array.isArray(mentions) && mentions.includes(accountId),
            },
            accountId,
            openRoomId,
          );
          if (known) void refreshPreview(roomId);
          else void reloadFirstPage();
          return;
        }
        case 'ROOM_CREATE':
        case 'ROOM_JOIN':
        case 'ROOM_UPDATE':
        case 'ROOM_DELETE':
        case 'ROOM_LEAVE':
          void reloadFirstPage();
          return;
        default:
          return;
      }
    });
    const offResynced = realtime.on('resynced', () => void reloadFirstPage());
    return () => {
      offNotification();
      offResynced();
    };
  }, [openRoomId, reloadFirstPage]);

  return { loadMore, reloadFirstPage };
}
