// The lite build's login page (seed section 2): no form. The host web view signs the user in with an
// `authenticate` message (login name, token, systemId, roomId, type) and the page logs in at once; 'Request Login'
// asks the host for a fresh token (`refreshToken`). The login page shows the webview wording of a failed login, an
// unreachable server and an expired session above it.
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { useRouteLocation } from '../../../core/navigation/navigation.ts';
import { Button } from '../../../ui/index.ts';
import { postToHost } from '../host/host-bridge.ts';
import { HOST_ACTIONS } from '../host/actions.ts';
import { useHostAuthenticate } from '../host/useHostAuthenticate.ts';
import { useFollowLoginOutcome } from '../outcome.ts';
import type { LoginRouteState } from '../validation.ts';
import styles from './WebviewLogin.module.scss';

export function WebviewLogin() {
  const { t } = useTranslation();
  const location = useRouteLocation();
  const state = (location.state ?? null) as LoginRouteState | null;
  const follow = useFollowLoginOutcome();
  const busy = useHostAuthenticate((outcome, authentication) =>
    follow(outcome, { loginName: authentication?.loginName ?? '', actionObj: authentication ? (authentication.actionObj ?? state?.actionObj) : undefined }),
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
