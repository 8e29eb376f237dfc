// The client's own texts per UI language; the variant's wording overrides are applied on top at start-up.
// The base files hold the shared texts; each feature area adds its own files under ./areas
// (`<area>.<locale>.json`), merged here so that areas never edit one shared file. en_US (the default and the
// fallback) is in the entry; zh_TW and zh_CN are loaded when a user needs them (loadLocaleTexts).
import en_US from './en_US.json' with { type: 'json' };
type Locale = 'en_US' | 'zh_TW' | 'zh_CN';

export type Texts = typeof en_US;
type Tree = { [key: string]: string | Tree };

const englishAreas = import.meta.glob<Tree>('./areas/*.en_US.json', { eager: true, import: 'default' });
const otherBases = import.meta.glob<Tree>(['./zh_TW.json', './zh_CN.json'], { import: 'default' });
const otherAreas = import.meta.glob<Tree>(['./areas/*.zh_TW.json', './areas/*.zh_CN.json'], { import: 'default' });

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

/** One locale's texts: the base file with every area's file merged over it. */
export async function loadLocaleTexts(locale: Locale): Promise<Texts> {
  if (locale === 'en_US') return withAreas(en_US as unknown as Tree, Object.values(englishAreas));
  const base = await otherBases[`./${locale}.json`]!();
  const areas = await Promise.all(
    Object.entries(otherAreas)
      .filter(([file]) => file.endsWith(`.${locale}.json`))
      .map(([, load]) => load()),
  );
  return withAreas(base, areas);
}
