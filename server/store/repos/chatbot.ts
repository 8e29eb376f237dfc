// Reads of the chatbot tables (051_chatbot.sql) and the keys of the conversation's stored messages.
// Texts fall back to en_US when a language is missing.
import type { Queryable } from '../db.ts';
import { toId } from './convert.ts';

export interface Chatbot {
  chatbotId: string;
  startCard: string;
  fallbackAnswer: string;
}

export interface Card {
  cardKey: string;
  title: string;
  options: { label: string; value: string }[];
}

/** What an option or keyword leads to: another card, or an answer. */
export type Step = { kind: 'card'; cardKey: string } | { kind: 'answer'; answerKey: string };

export interface OptionRow {
  cardKey: string;
  value: string;
  label: string;
  step: Step;
}

export interface MessageKey {
  key: string;
  chatbotId: string;
  accountId: number;
  messageId: number;
  cardKey: string | null;
}

const stepOf = (nextCard: unknown, answerKey: unknown): Step =>
  nextCard !== null && nextCard !== undefined ? { kind: 'card', cardKey: String(nextCard) } : { kind: 'answer', answerKey: String(answerKey) };

export function chatbotStore(q: Queryable) {
  const store = {
    async find(chatbotId: string): Promise<Chatbot | null> {
      const { rows } = await q.query('SELECT * FROM chatbots WHERE chatbot_id = $1', [chatbotId]);
      const r = rows[0];
      return r ? { chatbotId, startCard: String(r.start_card), fallbackAnswer: String(r.fallback_answer) } : null;
    },

    async text(chatbotId: string, textKey: string, langId: string): Promise<string | null> {
      const { rows } = await q.query(
        `SELECT text FROM chatbot_texts WHERE chatbot_id = $1 AND text_key = $2 AND lang_id IN ($3, 'en_US')
         ORDER BY (lang_id = $3) DESC LIMIT 1`,
        [chatbotId, textKey, langId],
      );
      return rows[0] ? String(rows[0].text) : null;
    },

    async card(chatbotId: string, cardKey: string, langId: string): Promise<Card | null> {
      const title = await store.text(chatbotId, `card:${cardKey}`, langId);
      if (title === null) return null;
      const { rows } = await q.query(
        `SELECT DISTINCT ON (o.seq) o.value, l.label FROM chatbot_options o
         JOIN chatbot_option_labels l ON l.chatbot_id = o.chatbot_id AND l.value = o.value AND l.lang_id IN ($3, 'en_US')
         WHERE o.chatbot_id = $1 AND o.card_key = $2
         ORDER BY o.seq, (l.lang_id = $3) DESC`,
        [chatbotId, cardKey, langId],
      );
      return { cardKey, title, options: rows.map((r) => ({ value: String(r.value), label: String(r.label) })) };
    },

    async option(chatbotId: string, value: string, langId: string): Promise<OptionRow | null> {
      const { rows } = await q.query(
        `SELECT o.card_key, o.value, o.next_card, o.answer_key, l.label FROM chatbot_options o
         JOIN chatbot_option_labels l ON l.chatbot_id = o.chatbot_id AND l.value = o.value AND l.lang_id IN ($3, 'en_US')
         WHERE o.chatbot_id = $1 AND o.value = $2
         ORDER BY (l.lang_id = $3) DESC LIMIT 1`,
        [chatbotId, value, langId],
      );
      const r = rows[0];
      return r ? { cardKey: String(r.card_key), value: String(r.value), label: String(r.label), step: stepOf(r.next_card, r.answer_key) } : null;
    },

    /** The longest keyword contained in the text, case-insensitively. */
    async matchKeyword(chatbotId: string, text: string): Promise<Step | null> {
      const { rows } = await q.query(
        `SELECT next_card, answer_key FROM chatbot_keywords
         WHERE chatbot_id = $1 AND strpos(lower($2), lower(keyword)) > 0
         ORDER BY length(keyword) DESC, keyword LIMIT 1`,
        [chatbotId, text],
      );
      const r = rows[0];
      return r ? stepOf(r.next_card, r.answer_key) : null;
    },

    async recordMessageKey(entry: MessageKey): Promise<void> {
      await q.query(
        'INSERT INTO chatbot_message_keys (message_key, chatbot_id, account_id, message_id, card_key) VALUES ($1, $2, $3, $4, $5)',
        [entry.key, entry.chatbotId, entry.accountId, entry.messageId, entry.cardKey],
      );
    },

    /** A key of the account's own conversation with the chatbot (others' keys are not found). */
    async findMessageKey(key: string, chatbotId: string, accountId: number): Promise<MessageKey | null> {
      const { rows } = await q.query(
        'SELECT * FROM chatbot_message_keys WHERE message_key = $1 AND chatbot_id = $2 AND account_id = $3',
        [key, chatbotId, accountId],
      );
      const r = rows[0];
      return r
        ? { key, chatbotId, accountId, messageId: toId(r.message_id), cardKey: r.card_key === null ? null : String(r.card_key) }
        : null;
    },

    /**
     * The chatbots with their names in the three languages (the client configuration's chatbot list, a
     * ChatbotInfo whose name is a LocalizedLabel: the client shows the label of its own locale).
     */
    async list(): Promise<{ chatbotId: string; name: { en_US: string; zh_TW: string; zh_CN: string } }[]> {
      const { rows } = await q.query('SELECT chatbot_id FROM chatbots ORDER BY chatbot_id');
      const bots = [];
      for (const r of rows) {
        const chatbotId = String(r.chatbot_id);
        const nameIn = async (langId: string) => (await store.text(chatbotId, 'name', langId)) ?? chatbotId;
        bots.push({ chatbotId, name: { en_US: await nameIn('en_US'), zh_TW: await nameIn('zh_TW'), zh_CN: await nameIn('zh_CN') } });
      }
      return bots;
    },
  };
  return store;
}

export type ChatbotStore = ReturnType<typeof chatbotStore>;
