// The room list panel's own reads over the shared room list query (src/domain/roomList.ts): its pages and paging
// state, and a room's last message with its counts.
import { getLastMessage } from '@generated/api/rooms';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '@generated/api/runtime';
import type { Message } from '@generated/types/index';
import { decryptIncomingList } from '../../../core/messages/crypto.ts';
import { chatServices } from '../../../core/session/services.ts';
import { roomListQuery } from '../../../domain/roomList.ts';
import type { RoomSummary } from '../model/roomListModel.ts';

/** The loaded pages and paging state (the room list panel). */
export function useRoomPages() {
  return useInfiniteQuery(roomListQuery());
}

/**
 * The last message of a room (getLastMessage, always asked afresh), decrypted, and with `withCounts` its unread and
 * mention counts as the server knows them: the room list model's fallback for what a push cannot tell it.
 */
export async function fetchRoomSummary(roomId: string, withCounts: boolean): Promise<RoomSummary> {
  const { transport, keys } = chatServices();
  const data = unwrap('getLastMessage', await getLastMessage(transport, { roomId, withUnreadCount: withCounts }));
  const last = data.message as Message | undefined;
  const [preview] = last ? await decryptIncomingList([last], keys) : [undefined];
  return withCounts ? { preview, counts: { unread: data.noOfUnreadMessage ?? 0, mentioned: data.noOfMentionedMessage ?? 0 } } : { preview };
}
