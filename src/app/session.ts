// The app's hand-over to the core: console policy, i18n (client texts + variant wording), the session at start-up.
import type { i18n as I18n } from 'i18next';
import type { VariantConfig } from '@generated/variants/types';
import { wordingOverrides } from '@variant/wording';
import { initI18n, loadLanguage, localeFromBrowser } from '../core/i18n/init-i18n.ts';
import { applyConsolePolicy } from '../core/logging.ts';
import type { LocaleTexts } from '../core/i18n/init-i18n.ts';
import { clearSession, startSession } from '../features/session/index.ts';
import { loadLocaleTexts } from '../locales/index.ts';

export async function setUpCore(config: VariantConfig): Promise<I18n> {
  applyConsolePolicy({ environment: config.environment });
  const locale = loadLanguage(null) ?? localeFromBrowser();
  const i18n = await initI18n(locale, loadLocaleTexts, wordingOverrides as unknown as LocaleTexts);
  document.documentElement.lang = locale.replace('_', '-');
  i18n.on('languageChanged', (lng) => (document.documentElement.lang = lng.replace('_', '-')));
  return i18n;
}

export function clearSessionAfterError(): Promise<void> {
  return clearSession();
}

/** The stored session, resumed once at start-up (reload, new tab, opening `/` with a live session). */
export function resumeSession(): Promise<unknown> {
  return startSession();
}
