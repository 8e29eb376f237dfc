// i18next for the client: the client's own texts (src/locales), the variant's wording overrides on top, the
// core's own texts (decrypt failures, client errors) as defaults underneath, and the language kept per user.
import i18next, { type BackendModule, type FormatFunction, type i18n as I18n, type Resource, type ResourceKey, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LangIdValues } from '@generated/types/enums';
import type { LangId } from '@generated/types/index';
import { decryptFailureTexts } from '../messages/decrypt-failure-texts.ts';
import { withoutBidiControls } from '../messages/text.ts';

/** The locales are the schema's LangId values (schema/entities/common.json). */
export const supportedLocales = LangIdValues;
export type Locale = LangId;
export const defaultLocale: Locale = 'en_US';

/** Texts per locale; nested objects are key paths ("common.ok"). */
export type Texts = { [key: string]: string | Texts };
export type LocaleTexts = Partial<Record<Locale, Texts>>;

/** The core's texts, used only when the client's resources do not define the key. */
const coreDefaults: Record<Locale, Texts> = {
  en_US: {
    core: {
      decrypt: {
        messageFailed: decryptFailureTexts['core.decrypt.messageFailed'],
        metadataFailed: decryptFailureTexts['core.decrypt.metadataFailed'],
        fileFailed: decryptFailureTexts['core.decrypt.fileFailed'],
      },
    },
  },
  zh_TW: {},
  zh_CN: {},
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Wording templates write `{title}`; i18next interpolates `{{title}}`. */
export function toI18nextPlaceholders(text: string): string {
  return text.replace(/(?<!\{)\{(\w+)\}(?!\})/g, '{{$1}}');
}

function merge(base: Texts, over: Texts, convert = false): Texts {
  const out: Texts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    if (typeof value === 'string') out[key] = convert ? toI18nextPlaceholders(value) : value;
    else out[key] = merge(typeof current === 'object' ? current : {}, value, convert);
  }
  return out;
}

/** core defaults < client resources < variant wording overrides, per locale. */
export function buildResources(resources: LocaleTexts, wordingOverrides: LocaleTexts = {}): Resource {
  const out: Resource = {};
  for (const locale of supportedLocales) {
    const texts = merge(merge(coreDefaults[locale], resources[locale] ?? {}), wordingOverrides[locale] ?? {}, true);
    out[locale] = { translation: texts as ResourceLanguage };
  }
  return out;
}

/** Loads one locale's client texts (a bundle may load the non-default locales on demand). */
export type LoadTexts = (locale: Locale) => Promise<Texts>;

/**
 * `resources` is either every locale's texts, or a loader: then only the default locale and `locale` are loaded
 * before the first render, and the others by i18next itself (a backend) when the user switches to them, so the
 * login page does not carry texts it does not show.
 */
export async function initI18n(locale: Locale, resources: LocaleTexts | LoadTexts, wordingOverrides: LocaleTexts = {}): Promise<I18n> {
  const load: LoadTexts = typeof resources === 'function' ? resources : async (wanted) => resources[wanted] ?? {};
  const initial = typeof resources === 'function' ? [...new Set([defaultLocale, locale])] : [...supportedLocales];
  const loaded: LocaleTexts = Object.fromEntries(await Promise.all(initial.map(async (wanted) => [wanted, await load(wanted)] as const)));
  const built = buildResources(loaded, wordingOverrides);
  const lateLocales: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      if (!isLocale(language)) return callback(null, {});
      load(language).then(
        (texts) => callback(null, buildResources({ [language]: texts }, wordingOverrides)[language]!.translation as ResourceKey),
        (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
      );
    },
  };
  const instance = i18next.createInstance();
  await instance
    .use(lateLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...supportedLocales],
      resources: Object.fromEntries(initial.map((wanted) => [wanted, built[wanted]!])),
      partialBundledLanguages: true,
      interpolation: {
        escapeValue: false, // React escapes already
        // A value put into a sentence is often someone's name: a right-to-left override in it would reorder the
        // rest of the sentence ('\u202Eevil is typing…' shows as 'live…gnipyt si'), so its bidi controls go.
        alwaysFormat: true,
        // Other values pass as they are, as with i18next's own default (`value => value`; its type says string).
        format: ((value: unknown) => (typeof value === 'string' ? withoutBidiControls(value) : value)) as FormatFunction,
      },
      returnNull: false,
      initAsync: false,
    });
  return instance;
}

/**
 * Texts that arrive after start-up (areas the first screen does not show): added under the ones already there,
 * with the variant's wording applied, never replacing a text the page already has.
 */
export function addLateTexts(i18n: I18n, locale: Locale, texts: Texts, wordingOverrides: LocaleTexts = {}): void {
  const built = buildResources({ [locale]: texts }, wordingOverrides)[locale]!.translation as ResourceLanguage;
  i18n.addResourceBundle(locale, 'translation', built, true, false);
}

// ---- the language, kept per user ----

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const storageKey = (loginName: string) => `chatgen.language.${loginName.toLowerCase()}`;
const lastUserKey = 'chatgen.language.lastUser';

function defaultStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage can be blocked (privacy mode); the language is then per page load
  }
}

export function loadLanguage(loginName: string | null, storage: KeyValueStorage | null = defaultStorage()): Locale | null {
  if (!storage) return null;
  const value = storage.getItem(loginName ? storageKey(loginName) : lastUserKey);
  return isLocale(value) ? value : null;
}

/** Persists the choice for this user and as the language of the login page. */
export function saveLanguage(loginName: string | null, locale: Locale, storage: KeyValueStorage | null = defaultStorage()): void {
  if (!storage) return;
  if (loginName) storage.setItem(storageKey(loginName), locale);
  storage.setItem(lastUserKey, locale);
}

export async function changeLanguage(i18n: I18n, locale: Locale, loginName: string | null, storage?: KeyValueStorage | null): Promise<void> {
  saveLanguage(loginName, locale, storage === undefined ? defaultStorage() : storage);
  await i18n.changeLanguage(locale);
}

/** en-US → en_US, zh-TW / zh-HK / zh-Hant → zh_TW, other zh → zh_CN, anything else en_US. */
export function localeFromBrowser(language: string | undefined = globalThis.navigator?.language): Locale {
  const lower = (language ?? '').toLowerCase();
  if (!lower.startsWith('zh')) return defaultLocale;
  return /-(tw|hk|mo|hant)/.test(lower) ? 'zh_TW' : 'zh_CN';
}
