// Pure parts of the account selector: the chats tab's people and the advanced search's request.
import type { Account, LocalizedLabel, Room, SearchCriterionValue } from '@generated/types/index';
import { personMatches } from '../../../domain/index.ts';

/** The other person of each single chat (not my own chat), once each, matching the filter by any of their names. */
export function chatPeople(rooms: readonly Room[], myAccountId: string, filter: string): Account[] {
  const seen = new Set<string>();
  const people: Account[] = [];
  for (const room of rooms) {
    const account = room.singleRoomAccount;
    if (room.roomType !== 'SINGLE' || !account || account.accountId === myAccountId || seen.has(account.accountId)) continue;
    seen.add(account.accountId);
    if (personMatches(account, filter)) people.push(account);
  }
  return people;
}

/** The form's values per field (a TEXT or DATE field holds one value, a SELECT field its chosen options). */
export type CriteriaValues = Record<string, readonly string[]>;

/** The request's criteria: fields with at least one non-blank value; null when nothing was filled in. */
export function criteriaRequest(values: CriteriaValues): [SearchCriterionValue, ...SearchCriterionValue[]] | null {
  const filled = Object.entries(values)
    .map(([fieldName, raw]) => ({ fieldName, values: raw.map((value) => value.trim()).filter((value) => value !== '') }))
    .filter((criterion): criterion is SearchCriterionValue => criterion.values.length > 0);
  const [first, ...rest] = filled;
  return first ? [first, ...rest] : null;
}

/** A server label in the UI's language, English where the language is not one of the three. */
export function labelIn(label: LocalizedLabel | undefined, language: string, fallback: string): string {
  if (!label) return fallback;
  return (language === 'zh_TW' || language === 'zh_CN' ? label[language] : label.en_US) || label.en_US || fallback;
}
