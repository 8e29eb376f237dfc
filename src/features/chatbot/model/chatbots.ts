// The chatbots the client configuration offers, named in the reader's language.
import type { ChatbotInfo, LangId } from '@generated/types/index';

export interface ChatbotEntry {
  chatbotId: string;
  name: string;
}

/** The client configuration's chatbots with a name to show: the reader's language, then English, then the id. */
export function chatbotEntries(chatbots: readonly ChatbotInfo[] | undefined, langId: LangId): ChatbotEntry[] {
  return (chatbots ?? []).map((bot) => ({
    chatbotId: bot.chatbotId,
    name: bot.name?.[langId]?.trim() || bot.name?.en_US?.trim() || bot.chatbotId,
  }));
}
