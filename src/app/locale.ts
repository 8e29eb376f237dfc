// Picks the UI language (en_US, zh_TW, zh_CN) from the browser's preferences.
export type UiLocale = 'en_US' | 'zh_TW' | 'zh_CN';

export function pickLocale(preferred: readonly string[]): UiLocale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh_TW';
    if (/^zh/.test(lower)) return 'zh_CN';
    if (/^en/.test(lower)) return 'en_US';
  }
  return 'en_US';
}
