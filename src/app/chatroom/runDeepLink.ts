// Carries a deep link out once the chat is open: the room to show, or the user whose info to show.
import { viewRoom } from '@generated/api/rooms';
import type { Account, LangId, Room } from '@generated/types/index';
import { openChatbotRoom } from '../../features/chatbot/index.ts';
import { findAccount, openSingleChat } from '../../features/contact/index.ts';
import { roomFromCache, upsertRoomInCache } from '../../domain/index.ts';
import { chatServices } from '../../core/session/services.ts';
import type { DeepLink } from '../../core/navigation/deep-link.ts';

export type DeepLinkOutcome =
  | { kind: 'openRoom'; room: Room }
  | { kind: 'showUser'; account: Account }
  /** An i18n key saying why the link did nothing. */
  | { kind: 'failed'; reason: 'deepLink.roomUnavailable' | 'empty.user' | 'errors.actionFailed' };

/** The room by id: from the loaded room list, else asked of the server (it may be beyond the loaded pages). */
async function roomById(roomId: string): Promise<Room | null> {
  const { transport, queryClient } = chatServices();
  const cached = roomFromCache(queryClient, roomId);
  if (cached) return cached;
  const result = await viewRoom(transport, { roomId });
  if (!result.ok) return null;
  const room: Room = result.data;
  upsertRoomInCache(queryClient, room);
  return room;
}

export async function runDeepLink(link: DeepLink, langId: LangId): Promise<DeepLinkOutcome> {
  switch (link.action) {
    case 'gotoroom': {
      const room = await roomById(link.roomId);
      return room ? { kind: 'openRoom', room } : { kind: 'failed', reason: 'deepLink.roomUnavailable' };
    }
    case 'opensinglechat': {
      const account = await findAccount(link.account);
      if (!account) return { kind: 'failed', reason: 'empty.user' };
      const room = await openSingleChat(account.accountId);
      return room ? { kind: 'openRoom', room } : { kind: 'failed', reason: 'errors.actionFailed' };
    }
    case 'opencontactinfo': {
      const account = await findAccount(link.account);
      return account ? { kind: 'showUser', account } : { kind: 'failed', reason: 'empty.user' };
    }
    case 'gotochatbot': {
      // The link names no chatbot: the first the client config offers (the server opens its one chatbot's room).
      const chatbotId = chatServices().clientConfig?.chatbots?.[0]?.chatbotId;
      const room = chatbotId ? await openChatbotRoom(chatbotId, langId) : null;
      if (room) upsertRoomInCache(chatServices().queryClient, room);
      return room ? { kind: 'openRoom', room } : { kind: 'failed', reason: 'errors.actionFailed' };
    }
  }
}
