// The UI languages of the seed, each named in its own language (the way a person looks for theirs), so the names
// are the same whatever language the UI is in.
import type { LangId } from '@generated/types/index';

export const languages: readonly { id: LangId; name: string }[] = [
  { id: 'en_US', name: 'English' },
  { id: 'zh_TW', name: '繁體中文' },
  { id: 'zh_CN', name: '简体中文' },
];
