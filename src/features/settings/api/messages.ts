// Messages kept on the server, seen from settings: the completed archives (download), and deleting every server
// message of the chats whose policy allows it (the server checks ALLOW_DELETE_ALL_MSG per room).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteRoomMessages, downloadArchivedMessage, getCompletedArchivedMessagesQuery, getSimpleRoomList, queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { ArchivedMessage } from '@generated/types/index';
import { chatServices } from '../../session/index.ts';

export function useArchives() {
  return useQuery(getCompletedArchivedMessagesQuery(chatServices().transport, {}));
}

export function useDownloadArchive() {
  return useMutation({
    mutationFn: async (archive: ArchivedMessage) =>
      unwrap('downloadArchivedMessage', await downloadArchivedMessage(chatServices().transport, { id: archive.id, messageKeyUuid: archive.messageKeyUuid ?? '' })),
  });
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
