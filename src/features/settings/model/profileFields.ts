// My profile's directory fields (seed §3 'Account profile display fields' and 'Account profile update: type, field,
// value'): which one the page shows, which I may change (the server's accountProfileAttribute says so: a local
// account's own data, never the login name or the tenant) and the checks made before updateaccountprofile, which are
// the server's: a name is required, an e-mail address has one '@' between two non-empty parts, at most 256 characters.
import type { Account, AccountProfileAttribute, AccountProfileEditType } from '@generated/types/index';

export interface ProfileField {
  type: AccountProfileEditType;
  key: keyof Account;
  label: string;
}

export const profileFields: readonly ProfileField[] = [
  { type: 'NAME', key: 'userFullname', label: 'settings.profile.name' },
  { type: 'LOGIN_NAME', key: 'loginName', label: 'contact.loginName' },
  { type: 'EMAIL', key: 'emailAddr', label: 'contact.email' },
  { type: 'TEL', key: 'telNo', label: 'contact.telephone' },
  { type: 'FAX', key: 'faxNo', label: 'contact.fax' },
  { type: 'OFFICE_ADDRESS', key: 'officeAddr', label: 'contact.office' },
  { type: 'POST_TITLE', key: 'postTitle', label: 'contact.postTitle' },
  { type: 'TENANT', key: 'tenantFullname', label: 'departmentTitle' },
];

/** The longest value the server keeps for a directory field. */
export const PROFILE_VALUE_MAX = 256;

/** The directory fields I may change: those the server marks editable, never the login name or the tenant. */
export function editableProfileTypes(attributes: readonly AccountProfileAttribute[] | undefined): Set<AccountProfileEditType> {
  return new Set(
    (attributes ?? []).filter((a) => a.isEditable && a.type !== 'LOGIN_NAME' && a.type !== 'TENANT').map((a) => a.type),
  );
}

/** The i18n key of what is wrong with the value, or null when the server will take it. */
export function checkProfileValue(type: AccountProfileEditType, value: string): 'errors.inputNotValid' | null {
  const trimmed = value.trim();
  if (trimmed.length > PROFILE_VALUE_MAX) return 'errors.inputNotValid'; // UTF-16 units, as the server counts
  if (type === 'NAME' && trimmed === '') return 'errors.inputNotValid';
  if (type === 'EMAIL' && trimmed !== '' && !/^[^\s@]+@[^\s@]+$/.test(trimmed)) return 'errors.inputNotValid';
  return null;
}
