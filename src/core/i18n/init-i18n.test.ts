import { describe, expect, it } from 'vitest';
import { wordingOverrides } from '@variant/wording';
import type { LangId } from '@generated/types/index';
import { addLateTexts, buildResources, changeLanguage, initI18n, loadLanguage, localeFromBrowser, saveLanguage, toI18nextPlaceholders, type KeyValueStorage } from './init-i18n.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const resources = {
  en_US: { helpLabel: 'Help and Update', welcomeText: 'Welcome to {{title}}', common: { ok: 'OK' } },
  zh_TW: { helpLabel: '說明及更新', common: { ok: '確定' } },
  zh_CN: { helpLabel: '帮助及更新' },
};

describe('initI18n', () => {
  it('applies the variant wording over the client texts, per locale', async () => {
    const i18n = await initI18n('en_US', resources, wordingOverrides);
    expect(i18n.t('helpLabel')).toBe('Help'); // CSD says 'Help'
    expect(i18n.t('common.ok')).toBe('OK');
    expect(i18n.t('welcomeText', { title: 'CSD Chat' })).toBe('Welcome to CSD Chat');
    await i18n.changeLanguage('zh_TW');
    expect(i18n.t('helpLabel')).toBe('說明');
    expect(i18n.t('common.ok')).toBe('確定');
  });

  it('puts a value into a sentence without its bidi controls, so an override in a name cannot reorder the sentence', async () => {
    const i18n = await initI18n('en_US', resources, wordingOverrides);
    expect(i18n.t('welcomeText', { title: '\u202EEvil\u202D Chat\u2067' })).toBe('Welcome to Evil Chat');
    expect(i18n.t('welcomeText', { title: '中文 Ward 5A' })).toBe('Welcome to 中文 Ward 5A');
  });

  it('has the decrypt failure texts, which the client resources may replace', async () => {
    const i18n = await initI18n('zh_CN', resources);
    expect(i18n.t('core.decrypt.messageFailed', { id: '42' })).toBe('Fail to decrypt message with ID = 42'); // falls back to en_US
    expect(i18n.t('core.decrypt.fileFailed', { id: '7' })).toBe('Fail to decrypt message File with ID = 7');
    const own = buildResources({ en_US: { core: { decrypt: { messageFailed: 'Cannot read {{id}}' } } } });
    expect(own.en_US!.translation).toMatchObject({ core: { decrypt: { messageFailed: 'Cannot read {{id}}', fileFailed: expect.any(String) } } });
  });

  it('loads only the default and the chosen locale at start, and another one when the user switches to it', async () => {
    const asked: string[] = [];
    const load = async (locale: LangId) => {
      asked.push(locale);
      return resources[locale];
    };
    const i18n = await initI18n('en_US', load, wordingOverrides);
    expect(asked).toEqual(['en_US']);
    expect(i18n.hasResourceBundle('zh_TW', 'translation')).toBe(false);
    await changeLanguage(i18n, 'zh_TW', null, null);
    expect(asked).toEqual(['en_US', 'zh_TW']);
    expect(i18n.t('helpLabel')).toBe('說明'); // the variant's wording applies to a late locale too
    expect(i18n.t('common.ok')).toBe('確定');
  });

  it('adds late texts under the ones already there, with the variant wording over them', async () => {
    const i18n = await initI18n('en_US', resources, wordingOverrides);
    addLateTexts(i18n, 'en_US', { helpLabel: 'Late help', rooms: { title: 'Rooms of {title}' }, common: { ok: 'Late OK', cancel: 'Cancel' } }, { en_US: { rooms: { title: 'Chats of {title}' } } });
    expect(i18n.t('helpLabel')).toBe('Help'); // kept: already there
    expect(i18n.t('common.ok')).toBe('OK');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(i18n.t('rooms.title', { title: 'CSD' })).toBe('Chats of CSD');
  });

  it('converts single-brace wording placeholders', () => {
    expect(toI18nextPlaceholders('{title} don\'t support {{x}}')).toBe("{{title}} don't support {{x}}");
    const built = buildResources({}, { en_US: { chatbotNotice: 'Call {phone}.' } });
    expect(built.en_US!.translation).toMatchObject({ chatbotNotice: 'Call {{phone}}.' });
  });
});

describe('language per user', () => {
  it('persists and reads back per login name, and remembers the last choice for the login page', async () => {
    const storage = memoryStorage();
    saveLanguage('Alice', 'zh_TW', storage);
    saveLanguage('bob', 'zh_CN', storage);
    expect(loadLanguage('alice', storage)).toBe('zh_TW');
    expect(loadLanguage('bob', storage)).toBe('zh_CN');
    expect(loadLanguage('carol', storage)).toBeNull();
    expect(loadLanguage(null, storage)).toBe('zh_CN');
    storage.data.set('chatgen.language.dave', 'fr_FR');
    expect(loadLanguage('dave', storage)).toBeNull();

    const i18n = await initI18n('en_US', resources);
    await changeLanguage(i18n, 'zh_CN', 'alice', storage);
    expect(i18n.language).toBe('zh_CN');
    expect(loadLanguage('alice', storage)).toBe('zh_CN');
  });

  it('maps browser languages', () => {
    expect(localeFromBrowser('en-GB')).toBe('en_US');
    expect(localeFromBrowser('zh-TW')).toBe('zh_TW');
    expect(localeFromBrowser('zh-HK')).toBe('zh_TW');
    expect(localeFromBrowser('zh-Hant-TW')).toBe('zh_TW');
    expect(localeFromBrowser('zh-CN')).toBe('zh_CN');
    expect(localeFromBrowser(undefined)).toBe('en_US');
  });
});
