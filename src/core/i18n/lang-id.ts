// The UI language as the calls take it (`langId`): one of the three supported languages, anything else English.
import type { LangId } from '@generated/types/index';

export function langIdOf(language: string): LangId {
  return language === 'zh_TW' || language === 'zh_CN' ? language : 'en_US';
}
