// My QR code (left page `myqrcode`): a deep link to my contact info (opencontactinfo) for the mobile app to scan,
// drawn at error correction H so the app icon (24 px) in its middle does not stop it from being read.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import QRCode from 'qrcode';
import { constants } from '@variant/constants';
import { Spinner } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import styles from './Settings.module.scss';

/** The link the code carries: the client config's deep-link domain, else this page's own address. */
export function myContactLink(accountId: string, deepLinkDomain: string | undefined, pageBase: string): string {
  const base = deepLinkDomain ? (/^https?:\/\//.test(deepLinkDomain) ? deepLinkDomain : `https://${deepLinkDomain}`) : pageBase;
  return new URL(`deeplink/opencontactinfo?accountId=${encodeURIComponent(accountId)}`, base.endsWith('/') ? base : `${base}/`).href;
}

export function MyQrCode() {
  const { t } = useTranslation();
  const { accountId, clientConfig } = chatServices();
  const link = myContactLink(accountId, clientConfig?.deepLinkDomain, document.baseURI);
  const { data: image } = useQuery({
    queryKey: ['settings', 'myQrCode', link],
    queryFn: () => QRCode.toDataURL(link, { errorCorrectionLevel: constants.qr.errorCorrectionLevel, margin: 2, width: 240 }),
    staleTime: Infinity,
  });
  return (
    <div className={styles.page} data-testid="my-qr-code">
      <p className={styles.hint}>{t('settings.qr.hint')}</p>
      {image ? (
        <div className={styles.qr} data-link={link}>
          <img src={image} alt={t('settings.qr.alt')} width={240} height={240} />
          <span className={styles.qrIcon} style={{ width: constants.qr.iconSize, height: constants.qr.iconSize }}>
            <MessagesSquare aria-hidden="true" />
          </span>
        </div>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
