// The app's hand-over to the core: console policy, i18n (client texts + variant wording), the session at start-up.
import type { i18n as I18n } from 'i18next';
import type { VariantConfig } from '@generated/variants/types';
import { wordingOverrides } from '@variant/wording';
import { addLateTexts, defaultLocale, initI18n, loadLanguage, localeFromBrowser } from '../core/i18n/init-i18n.ts';
import { applyConsolePolicy } from '../core/logging.ts';
import type { LocaleTexts } from '../core/i18n/init-i18n.ts';
import { clearSession, onSessionCleared, startSession } from '../core/session/on-demand.ts';
import { loadLateTexts, loadStartTexts } from '../locales/index.ts';
import { dismissAllDialogs } from '../ui/index.ts';

// A question about an ended session has no answer any more (the core cannot reach src/ui to close it).
onSessionCleared(dismissAllDialogs);

let lateTexts: Promise<void> = Promise.resolve();

/** A signed-in screen's module, once the texts it shows are there too (a failure fails the screen's loading). */
export async function withLateTexts<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, lateTexts]);
  return loaded;
}

export async function setUpCore(config: VariantConfig): Promise<I18n> {
  applyConsolePolicy({ environment: config.environment });
  const locale = loadLanguage(null) ?? localeFromBrowser();
  const wording = wordingOverrides as unknown as LocaleTexts;
  const i18n = await initI18n(locale, loadStartTexts, wording);
  // The English texts of the signed-in areas: right after the first render's, not in the login page's JavaScript.
  lateTexts = loadLateTexts(defaultLocale).then((texts) => addLateTexts(i18n, defaultLocale, texts, wording));
  lateTexts.catch(() => undefined); // reported by the screen that needs them (withLateTexts)
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
