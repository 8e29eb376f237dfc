import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { loadLocaleTexts } from '../../../locales/index.ts';
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import type { LangId } from '@generated/types/index';
import { previewText } from './previewText.ts';

async function translator(locale: LangId) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: locale, resources: { [locale]: { translation: await loadLocaleTexts(locale) } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
}

const mine = (message: Partial<DecryptedMessage>) => ({ messageId: '1', roomId: '1', isSendFromYou: true, ...message }) as DecryptedMessage;

describe('room list preview', () => {
  it("writes the 'You:' prefix as each language does", async () => {
    const en = await translator('en_US');
    const tw = await translator('zh_TW');
    const cn = await translator('zh_CN');
    expect(previewText(mine({ messageType: 'TEXT', text: 'Thanks 👍' }), en)).toBe('You: Thanks 👍');
    expect(previewText(mine({ messageType: 'TEXT', text: '多謝！' }), tw)).toBe('你：多謝！');
    expect(previewText(mine({ messageType: 'FILE', aesMessageFilename: 'notes.pdf' }), tw)).toBe('你：檔案：notes.pdf');
    expect(previewText(mine({ messageType: 'IMAGE' }), cn)).toMatch(/^你：\S/);
  });

  it("shows another's message without a prefix, and nothing for no message", async () => {
    const tw = await translator('zh_TW');
    expect(previewText(mine({ messageType: 'TEXT', text: '早晨', isSendFromYou: false }), tw)).toBe('早晨');
    expect(previewText(undefined, tw)).toBe('');
  });
});
