// The settings area's left-panel pages (seed names): setting (the menu), personalinfo, privacyandsecuritybody,
// language, changepassword, helpandupdate and about. The menu opens them on the left stack; logout of the other
// sessions is an action of the menu.
import { useTranslation } from 'react-i18next';
import { flags } from '@variant/flags';
import { confirmAction, definePanelPage, showToast, usePanelNav, type PanelPageDef } from '../../ui/index.ts';
import { useLogoutOtherSessions } from './api/account.ts';
import { About } from './components/About.tsx';
import { ChangePasswordPage } from './components/ChangePasswordPage.tsx';
import { HelpAndUpdate } from './components/HelpAndUpdate.tsx';
import { LanguageSettings } from './components/LanguageSettings.tsx';
import { PersonalInfo } from './components/PersonalInfo.tsx';
import { PrivacySettings } from './components/PrivacySettings.tsx';
import { SettingsMenu, entryLabelKey } from './components/SettingsMenu.tsx';
import { menuEntries, type SettingsEntryId } from './model/menu.ts';

export const personalInfoPage = definePanelPage('personalinfo', 'settings.menu.personalInfo', PersonalInfo);
export const privacyPage = definePanelPage('privacyandsecuritybody', 'settings.menu.privacy', PrivacySettings);
export const languagePage = definePanelPage('language', 'settings.menu.language', LanguageSettings);
export const changePasswordPage = definePanelPage('changepassword', 'settings.menu.changePassword', ChangePasswordPage);
export const helpPage = definePanelPage('helpandupdate', entryLabelKey('help'), HelpAndUpdate);
export const aboutPage = definePanelPage('about', 'settings.menu.about', About);

const pageOf: Partial<Record<SettingsEntryId, PanelPageDef<void>>> = {
  personalInfo: personalInfoPage,
  privacy: privacyPage,
  language: languagePage,
  changePassword: changePasswordPage,
  help: helpPage,
  about: aboutPage,
};

const entries = menuEntries(flags);

function SettingsPage() {
  const { t } = useTranslation();
  const openLeft = usePanelNav((state) => state.openLeft);
  const logoutOthers = useLogoutOtherSessions();
  const open = async (id: SettingsEntryId) => {
    const page = pageOf[id];
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
  return <SettingsMenu entries={entries} onOpen={(id) => void open(id)} />;
}

export const settingPage = definePanelPage('setting', 'roomList.settings', SettingsPage);
