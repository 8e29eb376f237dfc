// The chatbot calls (docs/server-services.md 'Chatbot'): opening the caller's chatbot room and typed questions; the
// chat answers the chatbot's cards. The conversation itself arrives as ordinary NEW_MESSAGE messages of the room.
import { viewRoom, createChatbotRoom } from '@generated/api/rooms';
import { chatbotSendMessage, chatbotStartRoom } from '@generated/api/services';
import type { LangId, Room } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';

/**
 * The caller's chatbot room, created on first use; a new room gets the chatbot's start card. The room comes
 * from viewroom so it carries `chatbotId` and its policy like any listed room; the caller puts it in the room list.
 */
export async function openChatbotRoom(chatbotId: string, langId: LangId): Promise<Room | null> {
  const { transport } = chatServices();
  const created = await createChatbotRoom(transport, { langId });
  if (!created.ok) return null;
  if (created.data.isNewRoom) {
    const started = await chatbotStartRoom(transport, { chatbotId, langId });
    if (!started.ok) return null;
  }
  const viewed = await viewRoom(transport, { roomId: created.data.roomId });
  if (!viewed.ok) return null;
  const room: Room = viewed.data;
  return room;
}

/** A typed question: the server stores it as the caller's message and posts the chatbot's answer. */
export async function askChatbot(chatbotId: string, langId: LangId, message: string): Promise<boolean> {
  return (await chatbotSendMessage(chatServices().transport, { chatbotId, langId, message })).ok;
}
