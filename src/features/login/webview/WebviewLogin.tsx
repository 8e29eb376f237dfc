// The lite build's login page (seed section 2): no form. The host web view signs the user in with an
// `authenticate` message (login name, token, systemId, roomId, type) and the page logs in at once; 'Request Login'
// asks the host for a fresh token (`refreshToken`). The login page shows the webview wording of a failed login, an
// unreachable server and an expired session above it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../ui/index.ts';
import { loginWithToken } from '../auth.ts';
import { readAuthentication } from '../host/authenticate.ts';
import { onHostMessage, postToHost } from '../host/host-bridge.ts';
import { HOST_ACTIONS } from '../host/actions.ts';
import { useFollowLoginOutcome } from '../outcome.ts';
import type { LoginRouteState } from '../validation.ts';
import styles from './WebviewLogin.module.scss';

export function WebviewLogin() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const state = (location.state ?? null) as LoginRouteState | null;
  const follow = useFollowLoginOutcome();
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      onHostMessage((message) => {
        if (message.action !== HOST_ACTIONS.authenticate) return;
        const authentication = readAuthentication(message.data);
        if (!authentication) {
          follow({ kind: 'failed' }, { loginName: '', actionObj: undefined });
          return;
        }
        setBusy(true);
        void loginWithToken(authentication.loginName, authentication.tokenData, i18n.language).then((outcome) => {
          setBusy(false);
          follow(outcome, { loginName: authentication.loginName, actionObj: authentication.actionObj ?? state?.actionObj });
        });
      }),
    [follow, i18n.language, state?.actionObj],
  );

  return (
    <section className={styles.webview} aria-label={t('login.webview.title')} data-marker="CHATGEN_MARKER_WEBVIEW_LOGIN" data-flag="IS_ALLOW_WEBVIEW_LOGIN">
      {busy ? null : <p className={styles.hint}>{t('login.webview.hint')}</p>}
      <Button icon={<RefreshCw />} busy={busy} onClick={() => postToHost(HOST_ACTIONS.refreshToken)}>
        {t('login.webview.requestLogin')}
      </Button>
    </section>
  );
}
