// The name rules of the profile page (seed §5): custom display name at most 30, search name and synonym at most 25
// characters (the variant's limits); a breach (or an empty name) is 'Please check the name length'.
import { constants } from '@variant/constants';

export type NameKind = 'displayName' | 'searchName' | 'synonym';

export const nameMaxLength: Record<NameKind, number> = {
  displayName: constants.limits.customDisplayNameMaxLength,
  searchName: constants.limits.searchNameMaxLength,
  synonym: constants.limits.synonymMaxLength,
};

/** Characters as a person counts them (an emoji or a CJK character is one). */
export function nameLength(value: string): number {
  return Array.from(value.trim()).length;
}

/** The i18n key of the breach (empty or too long, as the server counts), or null when the name fits. */
export function checkName(kind: NameKind, value: string): 'settings.nameLength' | null {
  const length = nameLength(value);
  return length === 0 || length > nameMaxLength[kind] ? 'settings.nameLength' : null;
}
