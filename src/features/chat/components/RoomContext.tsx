// What a message needs from its room without threading props through the list: opening the media viewer,
// sending a reply (REQUEST answers) and changing a message in place (polls); and, apart so that the content
// does not re-render with it, the selection mode and what the room's policy allows.
import { createContext, useContext } from 'react';
import type { ChatMessage } from '../api/data.ts';
import type { MessagePolicy } from '../model/protection.ts';

export interface ChatRoomContextValue {
  roomId: string;
  openMedia: (message: ChatMessage) => void;
  reply: (text: string, to: ChatMessage) => void;
  /** Changes a loaded message in place (a poll's new state). */
  patch: (messageId: string, change: Partial<ChatMessage>) => void;
}

const noop = () => undefined;
export const ChatRoomContext = createContext<ChatRoomContextValue>({ roomId: '', openMedia: noop, reply: noop, patch: noop });

export const useChatRoomContext = (): ChatRoomContextValue => useContext(ChatRoomContext);

export interface MessageModeValue {
  /** The selected message ids in select mode; null otherwise. */
  selected: ReadonlySet<string> | null;
  toggleSelected: (messageId: string) => void;
  /** The variant and the room's policy let messages be forwarded from here. */
  canForward: boolean;
  /** The variant (IS_ALLOW_EXPORT_MESSAGE) and the room's policy (ALLOW_EXPORT_MSG) let messages be exported. */
  canExport?: boolean;
  /** What the room's policy lets this member do with messages (ALLOW_STAR_MSG, ALLOW_RECALL_MESSAGE, ALLOW_DOWN_ATTACH, ALLOW_DOWN_ORIG_MSG). */
  allows: MessagePolicy;
}

// Outside a room's view nothing is held back here; the server still refuses what the policy forbids.
const everything: MessagePolicy = { star: true, recall: true, recallSeconds: 0, download: true, original: true };

export const MessageModeContext = createContext<MessageModeValue>({ selected: null, toggleSelected: noop, canForward: false, allows: everything });

export const useMessageMode = (): MessageModeValue => useContext(MessageModeContext);
