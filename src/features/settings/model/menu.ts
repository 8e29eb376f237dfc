// The settings menu (left page `setting`): which entries a variant shows, in the seed's order. Pure, so the
// restricted variants' rule (no help, about or release note) is checked without a browser.
import type { Flags } from '@generated/flags/types';

export type SettingsEntryId =
  | 'personalInfo'
  | 'contacts'
  | 'news'
  | 'privacy'
  | 'language'
  | 'dnd'
  | 'notification'
  | 'myQrCode'
  | 'dataStorage'
  | 'archived'
  | 'exported'
  | 'privateAlbum'
  | 'changePassword'
  | 'help'
  | 'about'
  | 'logoutOthers';

/** Entries whose page is built; the rest of the seed's settings list joins as its page arrives. */
export const builtEntries: ReadonlySet<SettingsEntryId> = new Set<SettingsEntryId>([
  'personalInfo',
  'contacts',
  'news',
  'privacy',
  'language',
  'dnd',
  'notification',
  'myQrCode',
  'dataStorage',
  'archived',
  'exported',
  'privateAlbum',
  'changePassword',
  'help',
  'about',
  'logoutOthers',
]);

type MenuFlags = Pick<
  Flags,
  | 'IS_SHOW_CONTACT_LIST'
  | 'IS_SHOW_NEWS'
  | 'IS_SHOW_PRIVACY_SETTINGS'
  | 'IS_ALLOW_LANGUAGE_SWITCH'
  | 'IS_ALLOW_DND'
  | 'IS_SHOW_NOTIFICATION_SETTINGS'
  | 'IS_SHOW_MY_QR_CODE'
  | 'IS_SHOW_DATA_STORAGE'
  | 'IS_SHOW_ARCHIVED_MESSAGES'
  | 'IS_SHOW_EXPORTED_MESSAGES'
  | 'IS_ALLOW_PRIVATE_ALBUM'
  | 'IS_ALLOW_CHANGE_PASSWORD'
  | 'IS_SHOW_HELP_AND_UPDATE'
  | 'IS_SHOW_ABOUT'
  | 'IS_ALLOW_LOGOUT_OTHER_SESSIONS'
>;

const entryFlags: [SettingsEntryId, keyof MenuFlags | null][] = [
  ['personalInfo', null],
  ['contacts', 'IS_SHOW_CONTACT_LIST'],
  ['news', 'IS_SHOW_NEWS'],
  ['privacy', 'IS_SHOW_PRIVACY_SETTINGS'],
  ['language', 'IS_ALLOW_LANGUAGE_SWITCH'],
  ['dnd', 'IS_ALLOW_DND'],
  ['notification', 'IS_SHOW_NOTIFICATION_SETTINGS'],
  ['myQrCode', 'IS_SHOW_MY_QR_CODE'],
  ['dataStorage', 'IS_SHOW_DATA_STORAGE'],
  ['archived', 'IS_SHOW_ARCHIVED_MESSAGES'],
  ['exported', 'IS_SHOW_EXPORTED_MESSAGES'],
  ['privateAlbum', 'IS_ALLOW_PRIVATE_ALBUM'],
  ['changePassword', 'IS_ALLOW_CHANGE_PASSWORD'],
  ['help', 'IS_SHOW_HELP_AND_UPDATE'],
  ['about', 'IS_SHOW_ABOUT'],
  ['logoutOthers', 'IS_ALLOW_LOGOUT_OTHER_SESSIONS'],
];

/** The entries this variant shows, in menu order. */
export function menuEntries(flags: MenuFlags, built: ReadonlySet<SettingsEntryId> = builtEntries): SettingsEntryId[] {
  return entryFlags.filter(([id, flag]) => built.has(id) && (flag === null || flags[flag])).map(([id]) => id);
}

export interface HelpLinks {
  faq: string;
  getStarted: string;
  contactUs: string;
  termsAndConditions: string;
  releaseNote: string;
}

type HelpFlags = Pick<Flags, 'IS_SHOW_FAQ' | 'IS_SHOW_GET_STARTED' | 'IS_SHOW_CONTACT_US' | 'IS_SHOW_TERMS_AND_CONDITIONS' | 'IS_SHOW_RELEASE_NOTE'>;

const helpFlags: [keyof HelpLinks, keyof HelpFlags][] = [
  ['faq', 'IS_SHOW_FAQ'],
  ['getStarted', 'IS_SHOW_GET_STARTED'],
  ['contactUs', 'IS_SHOW_CONTACT_US'],
  ['termsAndConditions', 'IS_SHOW_TERMS_AND_CONDITIONS'],
  ['releaseNote', 'IS_SHOW_RELEASE_NOTE'],
];

/** The help page's links: shown when the flag is on and the variant (or the server, for the release note) gives a URL. */
export function helpLinks(flags: HelpFlags, links: HelpLinks): { id: keyof HelpLinks; url: string }[] {
  return helpFlags.filter(([id, flag]) => flags[flag] && links[id] !== '').map(([id]) => ({ id, url: links[id] }));
}
