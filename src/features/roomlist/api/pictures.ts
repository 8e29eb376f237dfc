// The room list's pictures: group pictures and single-chat partners' photos for the loaded rooms, batched (the
// seed's image batch of 20) through the generated query options, so room notifications that reload the rooms
// group (a new picture) refresh them.
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { getAccountProfileImageQuery, getRoomProfileImageQuery } from '@generated/api/index';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';
import { pictureBatches, pictureUrl } from '../model/pictures.ts';

/** roomId → picture (data URL) for the rooms that have one. */
export function useRoomPictures(rooms: readonly Room[]): Record<string, string> {
  const { transport } = chatServices();
  const { roomIds, accountIds } = useMemo(() => pictureBatches(rooms, constants.pageSizes.imageBatch), [rooms]);
  const groupImages = useQueries({
    queries: roomIds.map((ids) => ({ ...getRoomProfileImageQuery(transport, { roomIds: ids, isFull: false }), staleTime: 60_000 })),
  });
  const photos = useQueries({
    queries: accountIds.map((ids) => ({ ...getAccountProfileImageQuery(transport, { accountIds: ids, isFull: false }), staleTime: 60_000 })),
  });
  // Cheap to rebuild on each render: the rows are memoised on the picture URL strings.
  const byRoom: Record<string, string> = {};
  for (const entry of groupImages.flatMap((query) => query.data?.roomProfileImages ?? [])) {
    const url = pictureUrl(entry);
    if (url) byRoom[entry.roomId] = url;
  }
  const byAccount = new Map<string, string>();
  for (const entry of photos.flatMap((query) => query.data?.profileImages ?? [])) {
    const url = pictureUrl(entry);
    if (url) byAccount.set(entry.accountId, url);
  }
  for (const room of rooms) {
    const url = room.roomType === 'SINGLE' && room.singleRoomAccountId ? byAccount.get(room.singleRoomAccountId) : undefined;
    if (url) byRoom[room.roomId] = url;
  }
  return byRoom;
}
