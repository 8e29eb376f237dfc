// What a message's content needs from its room without threading props through the list: the room's loaded
// messages (the media viewer's previous/next), opening the viewer, sending a reply (REQUEST answers) and
// changing a message in place (polls).
import { createContext, useContext } from 'react';
import type { ChatMessage } from '../api/data.ts';

export interface ChatRoomContextValue {
  roomId: string;
  messages: readonly ChatMessage[];
  openMedia: (message: ChatMessage) => void;
  reply: (text: string, to: ChatMessage) => void;
  /** Changes a loaded message in place (a poll's new state). */
  patch: (messageId: string, change: Partial<ChatMessage>) => void;
}

const noop = () => undefined;
export const ChatRoomContext = createContext<ChatRoomContextValue>({ roomId: '', messages: [], openMedia: noop, reply: noop, patch: noop });

export const useChatRoomContext = (): ChatRoomContextValue => useContext(ChatRoomContext);
