// The QR login page (seed sections 2 and 4): the code (error correction H, the app icon of 24 px in its middle),
// the variant's instructions, a new code after each ttl, the refresh icon when the codes run out, and the login
// with the AUTH_OTP a signed-in phone's 'QR Code Reader' sends here.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import { constants } from '@variant/constants';
import { useRouteLocation } from '../../../core/navigation/navigation.ts';
import { IconButton, Spinner } from '../../../ui/index.ts';
import { loginWithToken } from '../auth.ts';
import { useFollowLoginOutcome } from '../outcome.ts';
import type { LoginRouteState } from '../validation.ts';
import { subscribeQrToken } from './login-socket.ts';
import { QrLoginSession, type QrState } from './qr-session.ts';
import styles from './QrLogin.module.scss';

const SIZE = 220;

function useQrImage(token: string | null): string | null {
  const [image, setImage] = useState<{ token: string; url: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void QRCode.toDataURL(token, { errorCorrectionLevel: constants.qr.errorCorrectionLevel, margin: 2, width: SIZE }).then((url) => {
      if (live) setImage({ token, url });
    });
    return () => {
      live = false;
    };
  }, [token]);
  return image && image.token === token ? image.url : null;
}

export function QrLogin() {
  const { t, i18n } = useTranslation();
  const location = useRouteLocation();
  const actionObj = ((location.state ?? null) as LoginRouteState | null)?.actionObj;
  const follow = useFollowLoginOutcome();
  const [state, setState] = useState<QrState>({ kind: 'waiting' });
  const [session] = useState(
    () =>
      new QrLoginSession({
        subscribe: subscribeQrToken,
        onState: setState,
        onOtp: (token) => {
          void loginWithToken(null, { token, type: 'AUTH_OTP' }, i18n.language).then((outcome) => follow(outcome, { loginName: '', actionObj }));
        },
      }),
  );
  useEffect(() => {
    session.start();
    return () => session.close();
  }, [session]);
  const token = state.kind === 'showing' ? state.token : null;
  const image = useQrImage(token);

  return (
    <section className={styles.qrLogin} aria-label={t('qrLogin.title')} data-marker="CHATGEN_MARKER_QR_LOGIN" data-flag="IS_ALLOW_QR_LOGIN">
      <h2 className={styles.title}>{t('qrLogin.title')}</h2>
      <div className={styles.code} style={{ width: SIZE, height: SIZE }}>
        {state.kind === 'showing' && image ? (
          <>
            <img src={image} alt={t('login.qr.alt')} width={SIZE} height={SIZE} data-testid="qr-code" data-count={state.count} />
            <span className={styles.icon} style={{ width: constants.qr.iconSize, height: constants.qr.iconSize }}>
              <MessagesSquare aria-hidden="true" />
            </span>
          </>
        ) : null}
        {state.kind === 'expired' ? (
          <div className={styles.expired}>
            <IconButton icon={RefreshCw} label={t('login.qr.refresh')} tone="accent" onClick={() => session.start()} />
            <p>{t('login.qr.expired')}</p>
          </div>
        ) : null}
        {state.kind === 'waiting' || (state.kind === 'showing' && !image) ? <Spinner /> : null}
        {state.kind === 'scanned' ? (
          <p role="status" className={styles.status}>
            {t('login.qr.signingIn')}
          </p>
        ) : null}
      </div>
      {/* The variant's wording (hospital variants word the steps differently). */}
      <p className={styles.instructions} data-marker="CHATGEN_MARKER_QR_HINT">
        {t('qrInstructions')}
      </p>
    </section>
  );
}
