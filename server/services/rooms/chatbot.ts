// The chatbot a caller opens with createchatbotroom. The call names only a language, so the server offers
// one chatbot; its room is the caller's alone (one per account and chatbot).
export const CHATBOT_ID = 'assistant';

const CHATBOT_NAMES: Readonly<Record<string, string>> = {
  en_US: 'Chatbot',
  zh_TW: '聊天機械人',
  zh_CN: '聊天机器人',
};

/** The chatbot's name in the caller's language (English when the language is unknown). */
export function chatbotName(langId: string | null | undefined): string {
  return CHATBOT_NAMES[langId ?? ''] ?? 'Chatbot';
}
