import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { loadLocaleTexts } from '../locales/index.ts';
import type { LangId, SystemEvent } from '@generated/types/index';
import { systemLineText } from './systemLine.ts';

async function translator(locale: LangId) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: locale, resources: { [locale]: { translation: await loadLocaleTexts(locale) } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
}

const added: SystemEvent = { code: 'MEMBER_ADDED', actorId: '1', actorName: 'Amy Lee', targetIds: ['2', '3'], targetNames: ['Ben Chan', 'Cat Wong'] };

describe('system lines', () => {
  it('are worded from the event in the three languages, with You for the reader', async () => {
    const en = await translator('en_US');
    expect(systemLineText({ systemEvent: added, text: 'ignored' }, en, '9')).toBe('Amy Lee added Ben Chan, Cat Wong');
    expect(systemLineText({ systemEvent: added }, en, '1')).toBe('You added Ben Chan, Cat Wong');
    expect(systemLineText({ systemEvent: added }, en, '3')).toBe('Amy Lee added Ben Chan, you');
    expect(systemLineText({ systemEvent: added }, await translator('zh_TW'), '9')).toBe('Amy Lee 新增了 Ben Chan、Cat Wong');
    expect(systemLineText({ systemEvent: added }, await translator('zh_CN'), '2')).toBe('Amy Lee 添加了 你、Cat Wong');
  });

  it('word a change the server made, timers and names', async () => {
    const en = await translator('en_US');
    expect(systemLineText({ systemEvent: { code: 'ADMIN_ADDED', targetIds: ['2'], targetNames: ['Ben Chan'] } }, en, '2')).toBe('You became an admin');
    expect(systemLineText({ systemEvent: { code: 'SELF_DESTRUCT_ON', actorId: '1', actorName: 'Amy', selfDestructTime: { value: 3, unit: 'day' } } }, en, null)).toBe(
      'Amy set messages to self-destruct 3 day(s) after they are sent',
    );
    expect(systemLineText({ systemEvent: { code: 'ROOM_RENAMED', actorId: '1', actorName: 'Amy', roomName: 'Ward 7' } }, await translator('zh_TW'), null)).toBe(
      'Amy 將群組名稱改為「Ward 7」',
    );
  });

  it('show the text as sent when there is no event', async () => {
    expect(systemLineText({ text: 'Maintenance tonight' }, await translator('en_US'), null)).toBe('Maintenance tonight');
  });
});
