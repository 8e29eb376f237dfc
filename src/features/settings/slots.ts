// What the settings show of other features: the menu's entries that are other features' pages (contacts, news, the
// private album), the login's change-password form, my synonyms for people (the contacts') and the archives'
// download and mail state (the chat's). The app fills these slots (src/app/chatroom/settingsSlots.ts), as the
// settings never import another feature.
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { ApiResult } from '@generated/api/runtime';
import type { Account, ArchivedMessage } from '@generated/types/index';
import { defineSlots, type PanelPageDef } from '../../ui/index.ts';

export interface SettingsSlots {
  /** The menu's entries that open another feature's left page; an entry without one opens nothing. */
  readonly pages: { readonly contacts: PanelPageDef<void>; readonly news: PanelPageDef<void>; readonly privateAlbum?: PanelPageDef<void> };
  /** Change password's form, sent with the page's own call. */
  readonly ChangePasswordForm: ComponentType<{
    loginName: string;
    embedded: boolean;
    change: (change: { oldPassword: string; newPassword: string }) => Promise<boolean>;
    onDone: () => void;
  }>;
  /** My names for other people, in personal info. */
  readonly synonyms: {
    readonly supported: () => boolean;
    readonly useList: (enabled: boolean) => { isPending: boolean; data?: readonly { account: Account; synonym: string }[] };
    readonly Form: ComponentType<{ account: Account; current: string | undefined }>;
  };
  /** Archived and exported messages: an archive's mail state and its download, readable. */
  readonly archives: {
    readonly EmailState: ComponentType<{ archive: Pick<ArchivedMessage, 'emailStatus' | 'emailFailure'> }>;
    readonly download: (archive: ArchivedMessage, t: TFunction) => Promise<ApiResult<unknown>>;
  };
}

const settingsSlots = defineSlots<SettingsSlots>('Settings');

export const SettingsSlotsProvider = settingsSlots.Provider;
export const useSettingsSlots = settingsSlots.use;
