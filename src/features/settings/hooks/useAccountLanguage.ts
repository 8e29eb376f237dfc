// The account's language (langId, saved from the language page) is the UI language after a login, in any browser;
// it also becomes the login page's language for the next visit.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLocale } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useProfile } from '../../../core/session/profile.ts';

export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const { data: profile } = useProfile();
  const langId = profile?.accountInfo.langId;
  useEffect(() => {
    if (isLocale(langId) && langId !== i18n.language) void changeLanguage(i18n, langId, chatServices().loginName);
  }, [i18n, langId]);
}
