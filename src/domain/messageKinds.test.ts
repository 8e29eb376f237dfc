import { describe, expect, it } from 'vitest';
import { clock, jsonCardRows, parseChoice, parseContact, parseDateTime, parseLocation, parseSticker } from './messageKinds.ts';

describe('message kind payloads', () => {
  it('reads a location and refuses coordinates off the globe or text that is not JSON', () => {
    expect(parseLocation('{"latitude":22.3,"longitude":114.2,"name":"Ward 7"}')).toEqual({ latitude: 22.3, longitude: 114.2, name: 'Ward 7' });
    expect(parseLocation('{"latitude":91,"longitude":0}')).toBeNull();
    expect(parseLocation('not json')).toBeNull();
    expect(parseLocation('[1,2]')).toBeNull();
  });

  it('tells a business card from a contact card by its business-only fields', () => {
    expect(parseContact('{"name":"Ann","tel":"123","extra":5}')).toEqual({ kind: 'contact', card: { name: 'Ann', tel: '123' } });
    expect(parseContact('{"name":"Ann","hospital":"QMH","zoomPmi":"99"}')).toEqual({ kind: 'business', card: { name: 'Ann', hospital: 'QMH', zoomPmi: '99' } });
    expect(parseContact('{"other":"x"}')).toBeNull();
  });

  it('keeps only well-formed answer options and needs both sticker ids', () => {
    expect(parseChoice('{"text":"Ready?","options":[{"id":"1","label":"Yes"},{"id":2,"label":"No"},{"label":"no id"}]}')).toEqual({
      text: 'Ready?',
      options: [{ id: '1', label: 'Yes' }, { id: '2', label: 'No' }],
    });
    expect(parseChoice('{"chatbotId":"assistant","title":"Main menu","options":[{"label":"IT support","value":"it"},{"label":"no value"}]}')).toEqual({
      text: 'Main menu',
      options: [{ id: 'it', label: 'IT support' }],
      chatbotId: 'assistant',
    });
    expect(parseSticker('{"stickerCategoryId":"1"}')).toBeNull();
    expect(parseDateTime('{"datetime":"soon"}')).toBeNull();
  });

  it("orders a JSON card's rows by jsonCardKeyOrder, then the rest as they came", () => {
    expect(jsonCardRows('{"b":1,"a":"x","c":{"d":true}}', ['c', 'a', 'missing'])).toEqual([
      { key: 'c', value: '{"d":true}' },
      { key: 'a', value: 'x' },
      { key: 'b', value: '1' },
    ]);
  });

  it('shows durations as m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75.6)).toBe('1:15');
  });
});
