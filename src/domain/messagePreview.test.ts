import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { loadLocaleTexts } from '../locales/index.ts';
import { kindPreview } from './messagePreview.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en_US', resources: { en_US: { translation: await loadLocaleTexts('en_US') } }, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);

describe('room-list preview of the other kinds', () => {
  it('names the kind and what it is about', () => {
    expect(kindPreview({ messageType: 'LOCATION', text: JSON.stringify({ latitude: 1, longitude: 2, name: 'Queen Mary Hospital' }) }, t)).toBe('Location: Queen Mary Hospital');
    expect(kindPreview({ messageType: 'CONTACT', text: JSON.stringify({ name: 'Chan Tai Man' }) }, t)).toBe('Contact: Chan Tai Man');
    expect(kindPreview({ messageType: 'VIDEO', aesMessageFilename: 'round.webm' }, t)).toBe('Video: round.webm');
    expect(kindPreview({ messageType: 'POLLING', messagePolling: { topic: 'Team lunch?' } as never }, t)).toBe('Poll: Team lunch?');
  });

  it('is the kind alone when nothing more is known, and not supported for an unknown kind', () => {
    expect(kindPreview({ messageType: 'STICKER', text: '{}' }, t)).toBe('Sticker');
    expect(kindPreview({ messageType: 'LOCATION', text: 'somewhere' }, t)).toBe('Location');
    expect(kindPreview({ messageType: 'HOLOGRAM' as never }, t)).toBe('This message type is not supported');
  });
});
