import { describe, expect, it } from 'vitest';
import { loadLateTexts, loadLocaleTexts, loadStartTexts } from './index.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const resources = {
  en_US: await loadLocaleTexts('en_US'),
  zh_TW: await loadLocaleTexts('zh_TW'),
  zh_CN: await loadLocaleTexts('zh_CN'),
};
const en = leaves(resources.en_US as unknown as Tree);

describe('locales', () => {
  it('give the login page English without the signed-in areas, which the late texts add without changing a text', async () => {
    const start = leaves((await loadStartTexts('en_US')) as unknown as Tree);
    const late = leaves(await loadLateTexts('en_US'));
    expect(start.has('login.qr.refresh')).toBe(true); // the login area
    expect([...start.keys()].some((key) => key.startsWith('rooms.'))).toBe(false);
    expect([...late.keys()].some((key) => key.startsWith('rooms.'))).toBe(true);
    expect([...late.keys()].filter((key) => start.has(key))).toEqual([]);
    expect(new Map([...start, ...late])).toEqual(en);
    expect(await loadLateTexts('zh_TW')).toEqual({}); // another locale comes whole at start
  });

  it('have the same keys in en_US, zh_TW and zh_CN', () => {
    for (const locale of ['zh_TW', 'zh_CN'] as const) {
      expect([...leaves(resources[locale] as unknown as Tree).keys()].sort()).toEqual([...en.keys()].sort());
    }
  });

  it('translate into Chinese (every text with letters has CJK in zh_TW and zh_CN)', () => {
    const brandOnly = /^(browser\.(chrome|firefox|safari|edge|ie)|size\.|appTitle|chatbotNotice)/;
    for (const locale of ['zh_TW', 'zh_CN'] as const) {
      for (const [key, text] of leaves(resources[locale] as unknown as Tree)) {
        // Placeholders are not words: a template of placeholders and punctuation alone ('{{kind}}：{{about}}') has nothing to translate.
        if (brandOnly.test(key) || !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''))) continue;
        expect(text, `${locale} ${key}`).toMatch(/[\u3400-\u9fff]/);
      }
    }
  });

  it('hold the seed texts word for word', () => {
    const seed = [
      'Please fill in the information',
      'Please validate the information',
      'New Password Must Be Same As Confirm Password',
      'Update Fail',
      'Login Fail',
      'Cannot connect to server',
      'Session Timeout, Please request login again',
      'Request Login',
      'This Feature Is Not Supported In Web Client.',
      'Oops! Something Went Wrong.',
      'You just encountered an unexpected error, please login again.',
      'Back to Login Page',
      'Please visit the following page for mobile version',
      "{{title}} don't support this version of your browser",
      'Recommended',
      'Compatible',
      'Not Support',
      'Whoops! Lost connection to',
      'Member or Room Name are missing',
      'Please Select a Member',
      'Chat Member is missing',
      'Please check the name length',
      'No Message Found',
      'No User Found',
      'No Room Found',
      'No Contact Found',
      'No Starred Message',
      'No Archived Message',
      'No Exported Message',
      'No Record Found',
      'No Audit Records',
      'No Result',
      'Input not valid, please check',
      'Download Failed',
      'Media Upload Fail',
      'This message type is not supported',
      'This browser does not support notification',
      "You can't send messages to this group because you're no longer a participant",
      "According to the room policy, you can't send messages to this group",
      'Incorrect login name or password',
      'RESTRICTED',
    ];
    const texts = new Set(en.values());
    for (const text of seed) expect(texts.has(text), text).toBe(true);
  });
});
