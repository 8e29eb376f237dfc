// The client's own texts per UI language; the variant's wording overrides are applied on top at start-up.
// The base files hold the shared texts; each feature area adds its own files under ./areas
// (`<area>.<locale>.json`), merged here so that areas never edit one shared file.
import en_US from './en_US.json' with { type: 'json' };
import zh_TW from './zh_TW.json' with { type: 'json' };
import zh_CN from './zh_CN.json' with { type: 'json' };

export type Texts = typeof en_US;
type Locale = 'en_US' | 'zh_TW' | 'zh_CN';
type Tree = { [key: string]: string | Tree };

const areaFiles = import.meta.glob<Tree>('./areas/*.json', { eager: true, import: 'default' });

function mergeInto(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = value;
  }
  return target;
}

function withAreas(locale: Locale, base: Texts): Texts {
  const merged = structuredClone(base) as unknown as Tree;
  for (const [file, texts] of Object.entries(areaFiles)) {
    if (file.endsWith(`.${locale}.json`)) mergeInto(merged, texts);
  }
  // The merged tree has every key of the base (areas only add), so it is still a Texts.
  return merged as unknown as Texts;
}

export const resources: Record<Locale, Texts> = {
  en_US: withAreas('en_US', en_US),
  zh_TW: withAreas('zh_TW', zh_TW),
  zh_CN: withAreas('zh_CN', zh_CN),
};
