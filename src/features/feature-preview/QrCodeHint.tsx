// Second module of the flag-gated feature, so the check covers a module graph and not a single file.
import { useTranslation } from 'react-i18next';

export function QrCodeHint() {
  const { t } = useTranslation();
  // The variant's wording (hospital variants word the steps differently).
  return <p data-marker="CHATGEN_MARKER_QR_HINT">{t('qrInstructions')}</p>;
}
