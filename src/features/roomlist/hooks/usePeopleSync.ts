// People's changes while the viewer is signed in, applied wherever the client shows them: a new name
// (USER_PROFILE_UPDATE) titles the single chats with that person, names their messages already shown and, by a
// fresh read, the member lists (with who is in do-not-disturb, which comes the same way) and contacts; a new or removed picture (ACCOUNT_PROFILE_IMAGE_UPDATE) is read again
// for the room list and the room details. The viewer's own change also renames the self chat (read again).
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@generated/api/index';
import { personName, rememberName } from '../../../domain/index.ts';
import { useNotifications } from '../../../core/session/notifications.ts';
import { invalidateRoomList, updateRoomPages } from '../../../domain/roomList.ts';
import { renamePerson } from '../model/personChanged.ts';

export function usePeopleSync(): void {
  const queryClient = useQueryClient();
  useNotifications((notification, { accountId: me }) => {
    if (notification.notifyType === 'USER_PROFILE_UPDATE') {
      const account = notification.data;
      const accountId = notification.dataId ?? account?.accountId;
      if (!account || !accountId) return;
      const name = personName({ ...account, accountId });
      rememberName(queryClient, accountId, name);
      if (accountId === me) void invalidateRoomList(queryClient);
      else updateRoomPages(queryClient, (data) => renamePerson(data, accountId, name, account));
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.rooms.all, 'getRoomAccounts'] });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.rooms.all, 'viewRoom'] });
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'list'] });
      return;
    }
    if (notification.notifyType === 'ACCOUNT_PROFILE_IMAGE_UPDATE') {
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.account.all, 'getAccountProfileImage'] });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.rooms.all, 'getRoomProfileImage'] });
    }
  });
}
