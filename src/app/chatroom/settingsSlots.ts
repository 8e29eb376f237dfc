// What the settings show of the other features, filled in here because only the app puts features side by side
// (docs/client-core.md, "Layers"): the contacts', news' and album's pages in the menu, the login's change-password
// form, the contacts' synonyms and the chat's archives.
import { IS_ALLOW_PRIVATE_ALBUM } from '@variant/flags';
import type { SettingsSlots } from '../../features/settings/index.ts';
import { privateAlbumPage } from '../../features/album/index.ts';
import { ArchiveEmailState, downloadArchive } from '../../features/chat/index.ts';
import { SynonymForm, contactListPage, synonymsSupported, useSynonyms } from '../../features/contact/index.ts';
import { ChangePasswordForm } from '../../features/login/index.ts';
import { newsListPage } from '../../features/news/index.ts';

export const settingsSlots: SettingsSlots = {
  // Only variants with the album ship its page.
  pages: { contacts: contactListPage, news: newsListPage, privateAlbum: IS_ALLOW_PRIVATE_ALBUM ? privateAlbumPage : undefined },
  ChangePasswordForm,
  synonyms: { supported: synonymsSupported, useList: useSynonyms, Form: SynonymForm },
  archives: { EmailState: ArchiveEmailState, download: downloadArchive },
};
