// The UI language as the calls take it (`langId`): one of the three supported languages, anything else English.
import { isEnumValue, LangIdValues } from '@generated/types/enums';
import type { LangId } from '@generated/types/index';

export function langIdOf(language: string): LangId {
  return isEnumValue(LangIdValues, language) ? language : 'en_US';
}
