// The reader's translations of received messages, by message id, for the session's tab (the server keeps a copy
// through savetranslation but offers no call to read it back).
import { create } from 'zustand';
import type { LangId } from '@generated/types/index';
import { keepTranslation, runPrompt } from '../api/operate.ts';
import { TRANSLATE_APP, promptInput } from '../model/prompts.ts';

export type Translation = { state: 'loading' } | { state: 'done'; text: string } | { state: 'failed'; message: string | null };

interface TranslationStore {
  byMessage: Readonly<Record<string, Translation>>;
  translate: (message: { roomId: string; messageId: string; text?: string }, langId: LangId) => Promise<void>;
  hide: (messageId: string) => void;
}

export const useTranslations = create<TranslationStore>((set, get) => ({
  byMessage: {},
  translate: async ({ roomId, messageId, text }, langId) => {
    const input = promptInput(text ?? '');
    if (!input || get().byMessage[messageId]?.state === 'loading') return;
    const put = (entry: Translation) => set((state) => ({ byMessage: { ...state.byMessage, [messageId]: entry } }));
    put({ state: 'loading' });
    const result = await runPrompt(TRANSLATE_APP, input, langId).catch(() => ({ ok: false as const, message: null }));
    if (!result.ok) return put({ state: 'failed', message: result.message });
    put({ state: 'done', text: result.text });
    await keepTranslation(roomId, messageId, langId, result.text).catch(() => undefined);
  },
  hide: (messageId) =>
    set((state) => {
      const { [messageId]: _hidden, ...rest } = state.byMessage;
      return { byMessage: rest };
    }),
}));
