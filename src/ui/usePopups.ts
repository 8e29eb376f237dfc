// The seed's popup: 'This Feature Is Not Supported In Web Client.' or the accessibility message (en_US, zh_TW or
// zh_CN, the UI's language), each with an OK button. A modal dialog, not a toast: it stays until the user has read it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from './dialogStore.ts';

/** Opens the not-supported popup; for features the web client does not offer. */
export function useNotSupportedPopup(): () => Promise<void> {
  const { t } = useTranslation();
  return useCallback(() => showNotice({ message: t('unsupportedFeatureNotice') }), [t]);
}

/** Opens the accessibility message (variants with the accessibility badge). */
export function useAccessibilityPopup(): () => Promise<void> {
  const { t } = useTranslation();
  return useCallback(() => showNotice({ title: t('popup.accessibilityTitle'), message: t('popup.accessibility') }), [t]);
}
