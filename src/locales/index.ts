// The client's own texts per UI language; the variant's wording overrides are applied on top at start-up.
// The base files hold the shared texts; each feature area adds its own files under ./areas
// (`<area>.<locale>.json`), merged here so that areas never edit one shared file. en_US (the default and the
// fallback) is in the entry with the login page's area only (loadStartTexts); the other English areas follow right
// after start-up (loadLateTexts), and zh_TW and zh_CN, one chunk each, when a user needs them (loadLocaleTexts).
import type { LangId } from '@generated/types/index';
import en_US from './en_US.json' with { type: 'json' };
type Locale = LangId;

export type Texts = typeof en_US;
type Tree = { [key: string]: string | Tree };

/** The areas the login page shows: in the entry. */
const englishStartAreas = import.meta.glob<Tree>('./areas/login.en_US.json', { eager: true, import: 'default' });
/** Each other locale whole, one chunk each: the entry holds two small loaders instead of one per file. */
const otherLocales = {
  zh_TW: () => import('./locale-zh_TW.ts').then((m) => m.texts),
  zh_CN: () => import('./locale-zh_CN.ts').then((m) => m.texts),
};

function mergeInto(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = value;
  }
  return target;
}

function withAreas(base: Tree, areas: Tree[]): Texts {
  const merged = structuredClone(base);
  for (const texts of areas) mergeInto(merged, texts);
  // The merged tree has every key of the base (areas only add), so it is still a Texts.
  return merged as unknown as Texts;
}

const lateAreas = () => import('./late-areas.ts').then((m) => m.lateEnglishAreas);

/** One locale's texts: the base file with every area's file merged over it. */
export async function loadLocaleTexts(locale: Locale): Promise<Texts> {
  if (locale === 'en_US') return withAreas(en_US as unknown as Tree, [...Object.values(englishStartAreas), ...(await lateAreas())]);
  return loadOther(locale);
}

/** What the first render needs: English without the signed-in areas (see loadLateTexts); another locale whole. */
export async function loadStartTexts(locale: Locale): Promise<Texts> {
  if (locale === 'en_US') return withAreas(en_US as unknown as Tree, Object.values(englishStartAreas));
  return loadOther(locale);
}

/** The texts loadStartTexts left out (the English areas the login page does not show): they only add keys. */
export async function loadLateTexts(locale: Locale): Promise<Tree> {
  if (locale !== 'en_US') return {};
  const merged: Tree = {};
  for (const texts of await lateAreas()) mergeInto(merged, structuredClone(texts));
  return merged;
}

async function loadOther(locale: Exclude<Locale, 'en_US'>): Promise<Texts> {
  const { base, areas } = await otherLocales[locale]();
  return withAreas(base, areas);
}
