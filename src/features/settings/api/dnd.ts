// Do Not Disturb as server state: my setting and the server's presets; saving and removal tell this tab's cache,
// and DND_ENABLED / DND_DISABLED (from any of my sessions) refetch it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDndQuery, getDndTemplatesQuery, queryKeys, removeDnd, saveDnd } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { SaveDndRequest } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';
import { useNotifications } from '../../../core/session/notifications.ts';

const dndKey = () => queryKeys.directory.getDnd({});

export function useDnd() {
  return useQuery(getDndQuery(chatServices().transport, {}));
}

export function useDndTemplates() {
  return useQuery({ ...getDndTemplatesQuery(chatServices().transport, {}), staleTime: Infinity });
}

export function useChangeDnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SaveDndRequest | null) => {
      const { transport } = chatServices();
      if (change) unwrap('saveDnd', await saveDnd(transport, change));
      else unwrap('removeDnd', await removeDnd(transport, {}));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dndKey() }),
  });
}

/** Keeps the page current when another of my sessions switches Do Not Disturb. */
export function useDndSync(): void {
  const queryClient = useQueryClient();
  useNotifications((notification) => {
    if (notification.notifyType === 'DND_ENABLED' || notification.notifyType === 'DND_DISABLED') void queryClient.invalidateQueries({ queryKey: dndKey() });
  });
}
