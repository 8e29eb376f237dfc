// The settings area's left-panel pages (seed names): setting (the menu), personalinfo, privacyandsecuritybody,
// language, dnd, notification, myqrcode, dataandstoragebody, archivedmessage, exportedmessage, privatealbum, changepassword,
// helpandupdate and about. The menu opens them on the left stack; logout of the other
// sessions is an action of the menu.
import { useTranslation } from 'react-i18next';
import {
  IS_ALLOW_CHANGE_PASSWORD,
  IS_ALLOW_DND,
  IS_ALLOW_LANGUAGE_SWITCH,
  IS_ALLOW_LOGOUT_OTHER_SESSIONS,
  IS_ALLOW_PRIVATE_ALBUM,
  IS_SHOW_ABOUT,
  IS_SHOW_ARCHIVED_MESSAGES,
  IS_SHOW_CONTACT_LIST,
  IS_SHOW_DATA_STORAGE,
  IS_SHOW_EXPORTED_MESSAGES,
  IS_SHOW_HELP_AND_UPDATE,
  IS_SHOW_MY_QR_CODE,
  IS_SHOW_NEWS,
  IS_SHOW_NOTIFICATION_SETTINGS,
  IS_SHOW_PRIVACY_SETTINGS,
} from '@variant/flags';
import { confirmAction, definePanelPage, showToast, usePanelNav, type PanelPageDef } from '../../ui/index.ts';
import { chatServices } from '../../core/session/services.ts';
import { useLogoutOtherSessions } from './api/account.ts';
import { About } from './components/About.tsx';
import { ArchiveList } from './components/ArchiveList.tsx';
import { ChangePasswordPage } from './components/ChangePasswordPage.tsx';
import { DataStorage } from './components/DataStorage.tsx';
import { DndSettings } from './components/DndSettings.tsx';
import { HelpAndUpdate } from './components/HelpAndUpdate.tsx';
import { LanguageSettings } from './components/LanguageSettings.tsx';
import { MyQrCode } from './components/MyQrCode.tsx';
import { NotificationSettings } from './components/NotificationSettings.tsx';
import { PersonalInfo } from './components/PersonalInfo.tsx';
import { PrivacySettings } from './components/PrivacySettings.tsx';
import { SettingsMenu, entryLabelKey } from './components/SettingsMenu.tsx';
import { menuEntries, type SettingsEntryId } from './model/menu.ts';
import { useSettingsSlots, type SettingsSlots } from './slots.ts';

export const personalInfoPage = definePanelPage('personalinfo', 'settings.menu.personalInfo', PersonalInfo);
export const privacyPage = definePanelPage('privacyandsecuritybody', 'settings.menu.privacy', PrivacySettings);
export const languagePage = definePanelPage('language', 'settings.menu.language', LanguageSettings);
export const dndPage = definePanelPage('dnd', 'settings.menu.dnd', DndSettings);
export const notificationPage = definePanelPage('notification', 'settings.menu.notification', NotificationPage);
export const myQrCodePage = definePanelPage('myqrcode', 'settings.menu.myQrCode', MyQrCode);
export const dataStoragePage = definePanelPage('dataandstoragebody', 'settings.menu.dataStorage', DataStorage);
export const archivedPage = definePanelPage('archivedmessage', 'archivedMessagesLabel', () => <ArchiveList emptyKey="empty.archived" />);
export const exportedPage = definePanelPage('exportedmessage', 'exportedMessagesLabel', () => <ArchiveList emptyKey="empty.exported" />);
export const changePasswordPage = definePanelPage('changepassword', 'settings.menu.changePassword', ChangePasswordPage);
export const helpPage = definePanelPage('helpandupdate', entryLabelKey('help'), HelpAndUpdate);
export const aboutPage = definePanelPage('about', 'settings.menu.about', About);

/** The notification setting, with a way on to Do Not Disturb's page. */
function NotificationPage() {
  const openLeft = usePanelNav((state) => state.openLeft);
  return <NotificationSettings onOpenDnd={() => openLeft(dndPage, undefined)} />;
}

/** The page of a menu entry (other features' pages come from the app); looked up when the entry is chosen. */
function pageOf(id: SettingsEntryId, others: SettingsSlots['pages']): PanelPageDef<void> | null {
  const pages: Partial<Record<SettingsEntryId, PanelPageDef<void>>> = {
    personalInfo: personalInfoPage,
    contacts: others.contacts,
    news: others.news,
    privacy: privacyPage,
    language: languagePage,
    dnd: dndPage,
    notification: notificationPage,
    myQrCode: myQrCodePage,
    dataStorage: dataStoragePage,
    archived: archivedPage,
    exported: exportedPage,
    privateAlbum: others.privateAlbum,
    changePassword: changePasswordPage,
    help: helpPage,
    about: aboutPage,
  };
  return pages[id] ?? null;
}

// The menu's flags one by one, not the variant's whole flag table: a bundle carries only the flags its code reads.
const entries = menuEntries({
  IS_SHOW_CONTACT_LIST,
  IS_SHOW_NEWS,
  IS_SHOW_PRIVACY_SETTINGS,
  IS_ALLOW_LANGUAGE_SWITCH,
  IS_ALLOW_DND,
  IS_SHOW_NOTIFICATION_SETTINGS,
  IS_SHOW_MY_QR_CODE,
  IS_SHOW_DATA_STORAGE,
  IS_SHOW_ARCHIVED_MESSAGES,
  IS_SHOW_EXPORTED_MESSAGES,
  IS_ALLOW_PRIVATE_ALBUM,
  IS_ALLOW_CHANGE_PASSWORD,
  IS_SHOW_HELP_AND_UPDATE,
  IS_SHOW_ABOUT,
  IS_ALLOW_LOGOUT_OTHER_SESSIONS,
});

function SettingsPage() {
  const { t } = useTranslation();
  const openLeft = usePanelNav((state) => state.openLeft);
  const logoutOthers = useLogoutOtherSessions();
  const { pages: otherPages } = useSettingsSlots();
  const open = async (id: SettingsEntryId) => {
    const page = pageOf(id, otherPages);
    if (page) return openLeft(page, undefined);
    if (id !== 'logoutOthers') return;
    const confirmed = await confirmAction({
      title: t('settings.menu.logoutOthers'),
      message: t('settings.logoutOthersMessage'),
      confirmLabel: t('settings.logoutOthersConfirm'),
    });
    if (!confirmed) return;
    logoutOthers.mutate(undefined, {
      onSuccess: () => showToast(t('settings.logoutOthersDone'), 'success'),
      onError: () => showToast(t('errors.actionFailed')),
    });
  };
  // The server's client config may keep exported messages out of the web client's settings.
  const shown = chatServices().clientConfig?.isShowExportedMessageInWebClientSetting === false ? entries.filter((id) => id !== 'exported') : entries;
  return <SettingsMenu entries={shown} onOpen={(id) => void open(id)} />;
}

export const settingPage = definePanelPage('setting', 'roomList.settings', SettingsPage);
