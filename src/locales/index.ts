// The client's own texts per UI language; the variant's wording overrides are applied on top at start-up.
import en_US from './en_US.json' with { type: 'json' };
import zh_TW from './zh_TW.json' with { type: 'json' };
import zh_CN from './zh_CN.json' with { type: 'json' };

export type Texts = typeof en_US;

export const resources: Record<'en_US' | 'zh_TW' | 'zh_CN', Texts> = { en_US, zh_TW, zh_CN };
