// Broadcast recipients (pure): which selection displays a delegate gets, the login names of an uploaded list, and
// the payload's recipient fields. The server allows each selection by the delegate's allowedBroadcastSelectionType:
// ALL may pick people, upload login names, send to all and address every list; DL only distribution lists;
// HKP_AK_GROUP only directory groups.
import type { BroadcastSelectionType, GroupListItem } from '@generated/types/index';

/** People is the account selector; SWITCH, SEARCH and UPLOAD are the seed's selection display types. */
export type SelectionDisplay = 'PEOPLE' | 'SWITCH' | 'SEARCH' | 'UPLOAD';

export interface BroadcastFlags {
  groupList: boolean;
  distributionList: boolean;
  uploadList: boolean;
}

export function selectionDisplays(rights: BroadcastSelectionType | undefined, flags: BroadcastFlags): SelectionDisplay[] {
  if (!rights) return [];
  const lists = rights === 'DL' ? flags.distributionList : rights === 'HKP_AK_GROUP' ? flags.groupList : flags.groupList || flags.distributionList;
  return [
    ...(rights === 'ALL' ? (['PEOPLE'] as const) : []),
    ...(lists && flags.groupList ? (['SWITCH'] as const) : []),
    ...(lists ? (['SEARCH'] as const) : []),
    ...(rights === 'ALL' && flags.uploadList ? (['UPLOAD'] as const) : []),
  ];
}

/** The list kinds a search asks for: DL only, groups only, or both ('ALL'). */
export function listTypeFor(rights: BroadcastSelectionType, flags: BroadcastFlags): BroadcastSelectionType {
  if (rights !== 'ALL') return rights;
  if (flags.groupList && flags.distributionList) return 'ALL';
  return flags.distributionList ? 'DL' : 'HKP_AK_GROUP';
}

/** Login names in an uploaded text or CSV file: one per line or separated by commas, semicolons or spaces. */
export function parseLoginNames(text: string): string[] {
  const names = text
    .replace(/^\uFEFF/, '')
    .split(/[\s,;]+/)
    .map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
    .filter((name) => name !== '');
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface RecipientChoice {
  toAll: boolean;
  memberIds: readonly string[];
  switched: readonly GroupListItem[];
  searched: readonly GroupListItem[];
  loginNames: readonly string[];
}

export interface RecipientFields {
  isAllActiveMembers?: true;
  memberIds?: string[];
  switchList?: string[];
  groupList?: string[];
  distinguishednames?: string[];
  loginNames?: string[];
}

/** The payload's recipient fields (empty ones left out); null when nobody is chosen. */
export function recipientFields(choice: RecipientChoice): RecipientFields | null {
  if (choice.toAll) return { isAllActiveMembers: true };
  const fields: RecipientFields = {};
  const put = (key: Exclude<keyof RecipientFields, 'isAllActiveMembers'>, values: readonly string[]) => {
    if (values.length > 0) fields[key] = [...new Set(values)];
  };
  put('memberIds', choice.memberIds);
  put('switchList', choice.switched.map((item) => item.identifier));
  // A distribution list found by search goes as its distinguished name, a directory group as a group entry.
  put('distinguishednames', choice.searched.filter((item) => item.type === 'DL').map((item) => item.identifier));
  put('groupList', choice.searched.filter((item) => item.type !== 'DL').map((item) => item.identifier));
  put('loginNames', choice.loginNames);
  return Object.keys(fields).length > 0 ? fields : null;
}
