// Stand-in for the QR login feature: present only in builds with IS_ALLOW_QR_LOGIN on.
import { useTranslation } from 'react-i18next';
import { QrCodeHint } from './QrCodeHint.tsx';

export function QrLoginPreview() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('qrLogin.title')} data-marker="CHATGEN_MARKER_QR_LOGIN" data-flag="IS_ALLOW_QR_LOGIN">
      <h2>{t('qrLogin.title')}</h2>
      <QrCodeHint />
    </section>
  );
}
