// Messages kept on the server, seen from settings: the completed archives (downloaded through the chat), and deleting every server
// message of the chats whose policy allows it (the server checks ALLOW_DELETE_ALL_MSG per room).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteRoomMessages, getCompletedArchivedMessagesQuery, getSimpleRoomList, queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import { chatServices } from '../../../core/session/services.ts';

export function useArchives() {
  return useQuery(getCompletedArchivedMessagesQuery(chatServices().transport, {}));
}

/** Deletes the server messages of every chat I am in whose policy allows it; answers how many chats were refused. */
export function useDeleteAllServerMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ deleted: number; refused: number }> => {
      const { transport } = chatServices();
      const rooms = unwrap('getSimpleRoomList', await getSimpleRoomList(transport, { isIncludeProfileImage: false, isIncludeLastUpdateTime: false })).rooms;
      let deleted = 0;
      for (const room of rooms) {
        const result = await deleteRoomMessages(transport, { roomId: room.roomId, withStarredMessage: true });
        if (result.ok) deleted += 1;
      }
      return { deleted, refused: rooms.length - deleted };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.getDataStorage({}) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
    },
  });
}
