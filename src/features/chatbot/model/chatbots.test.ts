import { describe, expect, it } from 'vitest';
import { langIdOf } from '../../../core/index.ts';
import { chatbotEntries } from './chatbots.ts';

describe('chatbot entries', () => {
  it("names each chatbot in the reader's language, falling back to English and then the id", () => {
    const bots = [
      { chatbotId: 'assistant', name: { en_US: 'Assistant', zh_TW: '助理', zh_CN: '' } },
      { chatbotId: 'bare' },
    ];
    expect(chatbotEntries(bots, 'zh_TW')).toEqual([
      { chatbotId: 'assistant', name: '助理' },
      { chatbotId: 'bare', name: 'bare' },
    ]);
    expect(chatbotEntries(bots, 'zh_CN')[0]?.name).toBe('Assistant');
    expect(chatbotEntries(undefined, 'en_US')).toEqual([]);
  });

  it('reads only the three supported languages', () => {
    expect(langIdOf('zh_CN')).toBe('zh_CN');
    expect(langIdOf('fr')).toBe('en_US');
  });
});
