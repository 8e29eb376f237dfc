// What the chat shows of other features (the room list's menu, the room info and conference pages, calls, a chatbot
// room's notice and composer, the album and the assist services): the app fills these slots and provides them around
// the chat's panels (src/app/chatroom/chatSlots.ts), as the chat never imports another feature.
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { Room } from '@generated/types/index';
import { defineSlots, type PanelPageDef } from '../../ui/index.ts';
import type { ChatMessage } from './api/data.ts';

export interface ChatSlots {
  /** The header's dropdown beside the room's name: the room menu the room list's rows have. */
  readonly RoomMenu: ComponentType<{ room: Room }>;
  /** The header's room-info action opens it in the right panel. */
  readonly roomInfoPage: PanelPageDef<{ roomId: string }>;
  /** The header's create-conference action opens it in the right panel; absent where the variant has no video conference. */
  readonly createConferencePage: PanelPageDef<{ roomId: string }> | undefined;
  /** The header's voice and video calls: a hook, called on every render of the header. */
  readonly usePlaceCall: (roomId: string) => (kind: 'VOICE' | 'VIDEO') => Promise<void>;
  /** Above a chatbot room's messages (IS_SHOW_CHATBOT_NOTICE). */
  readonly ChatbotNotice: ComponentType;
  /** A chatbot room's input, in place of the composer. */
  readonly ChatbotComposer: ComponentType<{ chatbotId: string }>;
  /** A message's "Save to album": saves and tells the user. */
  readonly saveToAlbum: (roomId: string, messageIds: readonly string[], t: TFunction, locale: string) => Promise<void>;
  /** The composer's AI prompt helper; puts the chosen answer into the input. */
  readonly PromptHelper: ComponentType<{ text: string; onUse: (text: string) => void }>;
  /** A message's translate action and, under its text, the translation once asked for. */
  readonly TranslateAction: ComponentType<{ message: ChatMessage }>;
  readonly TranslationLine: ComponentType<{ messageId: string }>;
  /** A message's read-aloud action. */
  readonly ReadAloudAction: ComponentType<{ messageId: string }>;
}

const chatSlots = defineSlots<ChatSlots>('Chat');

export const ChatSlotsProvider = chatSlots.Provider;
export const useChatSlots = chatSlots.use;
