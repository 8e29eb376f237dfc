// The room list's thin binding to the realtime notifications. Its RoomListModel (model/roomListModel.ts) applies the
// pushes to the cached pages and the unread total: NEW_MESSAGE (decrypted here, one after another so they arrive in
// order) moves the room up with the message as its preview and counts it, ROOM_READ sets the counts a read left in
// any session of the account, a recall or delete changes the preview; no call per message. New, changed or removed
// rooms (and a message of a room not loaded) reload the loaded pages (after a reconnect the core reloads every
// query, this list with them: core/query/resync.ts, and the open room is checked: removed or deleted while no notice
// could come, it says so as if the notice had come). Every other room notification (membership, admins, policy,
// mute, image, self-destruct timer) reloads the rooms group's reads (lists, members, policy, room detail), so every
// open view follows at once; a member removed from the room that is open here sees at once that they are no longer
// a participant.
import { useEffect, useMemo } from 'react';
import { getRoomAccountsQuery, queryKeys } from '@generated/api/index';
import { ApiCallError } from '@generated/api/runtime';
import { errorCodeByName } from '@generated/errors';
import type { Message } from '@generated/types/index';
import { usePanelNav } from '../../../ui/index.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatServices } from '../../../core/session/services.ts';
import { deletionOf } from '../../../domain/index.ts';
import { decryptIncomingList, failureCode } from '../../../core/index.ts';
import { noticePatches } from '../../../core/query/notice-patches.ts';
import { invalidateRoomList, roomListKey } from '../../../domain/roomList.ts';
import { fetchRoomSummary } from '../api/listPages.ts';
import { totalFromCache, writeTotal } from '../api/unreadTotal.ts';
import { RoomListModel } from '../model/roomListModel.ts';
import type { RoomPages } from '../../../domain/roomPages.ts';

/** The session's room list model over this query client's cache (made once per client). */
function useRoomListModel(queryClient: QueryClient): RoomListModel {
  const patches = useMemo(() => noticePatches<RoomPages>(queryClient, roomListKey()), [queryClient]);
  useEffect(() => () => patches.dispose(), [patches]);
  return useMemo(
    () =>
      new RoomListModel({
        store: {
          read: () => queryClient.getQueryData<RoomPages>(roomListKey()),
          patch: (change) => patches.patch(change),
          readTotal: () => totalFromCache(queryClient),
          writeTotal: (total) => writeTotal(queryClient, total),
        },
        myAccountId: chatServices().accountId,
        reload: () => void invalidateRoomList(queryClient),
        fetchSummary: fetchRoomSummary,
      }),
    [patches, queryClient],
  );
}

export function useRoomListSync(openRoomId: string | null): void {
  const queryClient = useQueryClient();
  const model = useRoomListModel(queryClient);

  useEffect(() => model.setOpenRoom(openRoomId), [model, openRoomId]);

  useEffect(() => {
    const { realtime, accountId } = chatServices();
    if (!realtime) return;
    // Pushed messages are decrypted one after the other, so they reach the model in the order they came.
    let decrypting: Promise<unknown> = Promise.resolve();
    const pushed = (roomId: string, senderId: string, data: Message) => {
      const mentions = data.msgMentionAccountIds;
      const mentionsMe = Array.isArray(mentions) && mentions.includes(accountId);
      decrypting = decrypting
        .then(() => decryptIncomingList([data], chatServices().keys))
        .then(([message]) => {
          if (message) model.newMessage({ roomId, senderId, mentionsMe, message: { ...message, fileBytes: undefined } });
        })
        .catch(() => undefined);
    };
    const offNotification = realtime.on('notification', (notification) => {
      const roomId = notification.roomId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE':
          // The reply queue carries every new message once; an open room's topic repeats it.
          if (roomId && notification.source !== 'room') pushed(roomId, notification.senderId, notification.data);
          return;
        case 'ROOM_READ': {
          const { data } = notification;
          model.roomRead(notification.roomId, { unread: data.noOfUnreadMessage, mentioned: data.noOfMentionedMessage }, data.totalUnreadMsgCount);
          return;
        }
        case 'MESSAGE_DELETED':
        case 'MESSAGE_DELETED_FOR_ME': {
          if (!roomId || notification.source === 'room') return;
          const deletion = deletionOf(notification);
          if (deletion) model.removed({ roomId, ...deletion, byMe: notification.senderId === accountId });
          return;
        }
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
    return () => offNotification();
  }, [model, queryClient]);

  useEffect(() => {
    const { realtime } = chatServices();
    if (!realtime || !openRoomId) return;
    return realtime.on('resynced', () => {
      void stillInRoom(queryClient, openRoomId).then((member) => {
        if (!member) markOpenRoomLeft(openRoomId);
      });
    });
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
